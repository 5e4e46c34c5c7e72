import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { ArticleBody } from "#app/components/article-body.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { siteTextFromMatches, useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import { blogPostsByLang } from "#app/content/blog-posts.ts";
import { siteText } from "#app/content/site-text.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { httpError } from "#app/lib/http-error.server.ts";
import { hreflang, langOfRequest, localePath } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { metaFor } from "#app/lib/route-meta.server.ts";
import { businessId, canonicalUrl } from "#app/lib/seo.ts";
import type { Route } from "./+types/blog-post";

export function loader({ params, request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  // The id exactly as the post's one URL writes it: "01" or "1.0" is no page of ours.
  const post = blogPostsByLang[lang].find((candidate) => String(candidate.id) === params.id);
  if (!post) throw httpError(null, 404);
  const site = toSiteConfig(getEnv());
  const path = `/blog/${post.id}`;
  const meta = metaFor(lang, {
    path,
    seo: { title: post.title, description: post.excerpt, keywords: post.keywords },
    ogType: "article",
    extraJsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        datePublished: post.isoDate,
        inLanguage: hreflang[lang],
        articleSection: siteText[lang].blogCategories[post.category],
        // The page's own URL, in its language (/hi/blog/1 for the Hindi post).
        mainEntityOfPage: canonicalUrl(site.siteUrl, localePath(lang, path)),
        publisher: { "@id": businessId(site.siteUrl) },
        author: { "@type": "Organization", name: site.name },
      },
    ],
  });
  return { meta, post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  metaFromLoader(loaderData, () => [
    { title: siteTextFromMatches(matches).labels.blogPostNotFound },
    { name: "robots", content: "noindex" },
  ]);

function BackToBlog() {
  const localePath = useLocalePath();
  const { labels } = useSiteText();
  return (
    <ButtonLink to={localePath("/blog")} variant="secondary">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {labels.backToBlog}
    </ButtonLink>
  );
}

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  const { blogCategories } = useSiteText();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <BackToBlog />
      <p className="mt-8 w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
        {blogCategories[post.category]}
      </p>
      <h1 className="mt-4 text-3xl leading-tight font-bold text-slate-900 md:text-4xl">
        {post.title}
      </h1>
      <p className="mt-3 text-slate-600">
        <time dateTime={post.isoDate}>{post.date}</time> · {post.readTime}
      </p>
      <div className="mt-8">
        <ArticleBody blocks={post.content} />
      </div>
      <div className="mt-12 border-t border-slate-200 pt-8">
        <BackToBlog />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Anything but a missing post is a real fault: let the root boundary report it.
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <BlogPostNotFound />;
}

function BlogPostNotFound() {
  const { labels } = useSiteText();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{labels.blogPostNotFound}</h1>
      <p className="mt-4 text-slate-600">{labels.blogPostNotFoundText}</p>
      <div className="mt-8">
        <BackToBlog />
      </div>
    </div>
  );
}
