import { data, Link } from "react-router";
import { NewsletterSignup } from "#app/components/newsletter-signup.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import { blogIndexByLang } from "#app/content/blog.ts";
import { blogPostsByLang } from "#app/content/blog-posts.ts";
import { checkLimits } from "#app/domain/abuse/rate-limit.server.ts";
import { appointmentFormText, waitIn } from "#app/domain/appointments/appointment-texts.ts";
import { mailboxOf } from "#app/domain/mail/mailbox.server.ts";
import { subscribe } from "#app/domain/newsletter/newsletter.server.ts";
import { parseNewsletterForm } from "#app/domain/newsletter/newsletter-form.ts";
import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { fillText } from "#app/lib/fill-text.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/blog";

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const blog = blogIndexByLang[lang];
  return {
    meta: routeMeta(request, { seo: blog.seo, path: "/blog" }),
    blog,
    posts: blogPostsByLang[lang].map(
      ({ content: _content, keywords: _keywords, ...summary }) => summary,
    ),
    newsletter: newsletterFormText[lang].signup,
  };
}

/** A refusal's Retry-After (a 429) reaches the browser, with or without JavaScript. */
export const headers = retryAfterHeaders;

/**
 * A newsletter sign-up: stored as pending with its one confirmation e-mail (double opt-in). The
 * answer never says whether the address was already known. Limited per client, per mailbox and
 * for the whole site (docs/abuse.md); a refusal is a 429 that says how long to wait. Every answer
 * is in the language of the page the form was sent from (/blog or /hi/blog).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langOfRequest(request);
  const messages = newsletterFormText[lang];
  const limit = (text: string) => (wait: string) => fillText(text, { wait });
  const form = await request.formData().catch(() => undefined);
  const parsed = parseNewsletterForm({ email: form?.get("email") ?? undefined }, messages);
  if (!parsed.ok) return data({ message: parsed.message }, { status: 400 });
  const services = context.get(servicesContext);
  const { limits } = services;
  // Counted alike whether or not the address is known: the answer tells nothing.
  const refused = await checkLimits(
    [
      {
        limiter: limits.newsletterClient,
        key: context.get(requestInfo).clientKey,
        message: limit(messages.limits.client),
      },
      {
        limiter: limits.newsletterMailbox,
        key: mailboxOf(parsed.email),
        message: limit(messages.limits.mailbox),
      },
      { limiter: limits.newsletterSite, key: "site", message: limit(messages.limits.site) },
    ],
    (seconds) => waitIn(appointmentFormText[lang].refusals, seconds),
  );
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
    return data({ message: messages.failed }, { status: 503 });
  }
  return { message: messages.subscribed };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function Blog({
  loaderData: { blog, posts, newsletter },
  actionData,
}: Route.ComponentProps) {
  const { labels, blogCategories } = useSiteText();
  const localePath = useLocalePath();
  return (
    <>
      <PageHero heading={blog.hero.heading} text={blog.hero.text} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {blogCategories[post.category]}
                </p>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">
                  <Link to={localePath(`/blog/${post.id}`)} className="hover:text-brand-700">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={post.isoDate}>{post.date}</time> · {post.readTime}
                </p>
                <Link
                  to={localePath(`/blog/${post.id}`)}
                  className="mt-4 font-semibold text-brand-700 underline"
                >
                  {labels.readMore}
                  <span className="sr-only">: {post.title}</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
        <NewsletterSignup text={newsletter} actionMessage={actionData?.message} />
      </div>
    </>
  );
}
