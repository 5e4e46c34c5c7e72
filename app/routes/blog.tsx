import { data, Link } from "react-router";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { PageHero } from "~/components/sections/page-hero";
import { getEnv } from "~/config/env.server";
import { blogIndex } from "~/content/blog";
import { blogPosts } from "~/content/blog-posts";
import { checkLimits } from "~/domain/abuse/rate-limit.server";
import { mailboxOf } from "~/domain/mail/mailbox.server";
import { newsletterLimitMessages, newsletterMessages } from "~/domain/messages";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { parseNewsletterForm } from "~/domain/newsletter/newsletter-form";
import { getLogger } from "~/lib/logger.server";
import { requestInfo } from "~/lib/request-info";
import { retryAfterHeaders } from "~/lib/route-headers";
import { routeMeta } from "~/lib/route-meta";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/blog";

export function loader() {
  return {
    blog: blogIndex,
    posts: blogPosts.map(({ content: _content, keywords: _keywords, ...summary }) => summary),
  };
}

/** A refusal's Retry-After (a 429) reaches the browser, with or without JavaScript. */
export const headers = retryAfterHeaders;

/**
 * A newsletter sign-up: stored as pending with its one confirmation e-mail (double opt-in). The
 * answer never says whether the address was already known. Limited per client, per mailbox and
 * for the whole site (docs/abuse.md); a refusal is a 429 that says how long to wait.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const parsed = parseNewsletterForm({ email: form?.get("email") ?? undefined });
  if (!parsed.ok) return data({ message: parsed.message }, { status: 400 });
  const services = context.get(servicesContext);
  const { limits } = services;
  // Counted alike whether or not the address is known: the answer tells nothing.
  const refused = await checkLimits([
    {
      limiter: limits.newsletterClient,
      key: context.get(requestInfo).clientKey,
      message: newsletterLimitMessages.client,
    },
    {
      limiter: limits.newsletterMailbox,
      key: mailboxOf(parsed.email),
      message: newsletterLimitMessages.mailbox,
    },
    { limiter: limits.newsletterSite, key: "site", message: newsletterLimitMessages.site },
  ]);
  if (refused) {
    getLogger().warn({ reason: "rate-limited" }, "newsletter sign-up refused");
    return data(
      { message: refused.message },
      { status: 429, headers: { "Retry-After": String(refused.retryAfterSeconds) } },
    );
  }
  try {
    const outcome = await subscribe(services.db, parsed.email, { siteUrl: getEnv().SITE_URL });
    if (outcome === "queued") services.outbox.kick();
  } catch (error) {
    getLogger().error({ err: error }, "newsletter sign-up could not be stored");
    return data({ message: newsletterMessages.failed }, { status: 503 });
  }
  return { message: newsletterMessages.subscribed };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? routeMeta(args, { seo: args.loaderData.blog.seo, path: "/blog" }) : [];

export default function Blog({ loaderData: { blog, posts }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero heading={blog.hero.heading} text={blog.hero.text} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {post.category}
                </p>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">
                  <Link to={`/blog/${post.id}`} className="hover:text-brand-700">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={post.isoDate}>{post.date}</time> · {post.readTime}
                </p>
                <Link
                  to={`/blog/${post.id}`}
                  className="mt-4 font-semibold text-brand-700 underline"
                >
                  Read More<span className="sr-only">: {post.title}</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
        <NewsletterSignup actionMessage={actionData?.message} />
      </div>
    </>
  );
}
