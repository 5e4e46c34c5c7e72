import { Link } from "react-router";
import { NewsletterSignup } from "#app/components/newsletter-signup.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import { blogIndexByLang } from "#app/content/blog.ts";
import { blogPostsByLang } from "#app/content/blog-posts.ts";
import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { signUpForNewsletter } from "#app/routes/newsletter-signup.server.ts";
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
    // What the island says when no answer came (the connection dropped).
    newsletterFailed: newsletterFormText[lang].failed,
  };
}

/** A refusal's Retry-After (a 429) reaches the browser, with or without JavaScript. */
export const headers = retryAfterHeaders;

/**
 * A newsletter sign-up sent without JavaScript (newsletter-signup.server.ts): the page comes back
 * with the answer. The island posts to the JSON route instead (newsletter-signup.ts).
 */
export function action({ request, context }: Route.ActionArgs) {
  return signUpForNewsletter(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function Blog({
  loaderData: { blog, posts, newsletter, newsletterFailed },
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
        <NewsletterSignup
          text={newsletter}
          actionMessage={actionData?.message}
          island={{ endpoint: localePath("/newsletter/signup"), failed: newsletterFailed }}
        />
      </div>
    </>
  );
}
