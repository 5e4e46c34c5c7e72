import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { ArticleBody } from "~/components/article-body";
import { ButtonLink } from "~/components/ui/button";
import { siteConfigFromMatches } from "~/config/use-site-config";
import { blogPosts } from "~/content/blog-posts";
import { notFoundMessages } from "~/domain/messages";
import { httpError } from "~/lib/http-error.server";
import { routeMeta } from "~/lib/route-meta";
import { businessId, canonicalUrl } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export function loader({ params }: Route.LoaderArgs) {
  // The id exactly as the post's one URL writes it: "01" or "1.0" is no page of ours.
  const post = blogPosts.find((candidate) => String(candidate.id) === params.id);
  if (!post) throw httpError(null, 404);
  return { post };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return [{ title: notFoundMessages.blogPost }, { name: "robots", content: "noindex" }];
  const site = siteConfigFromMatches(args.matches);
  const path = `/blog/${post.id}`;
  return routeMeta(args, {
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
        articleSection: post.category,
        mainEntityOfPage: canonicalUrl(site.siteUrl, path),
        publisher: { "@id": businessId(site.siteUrl) },
        author: { "@type": "Organization", name: site.name },
      },
    ],
  });
};

function BackToBlog() {
  return (
    <ButtonLink to="/blog" variant="secondary">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Blog
    </ButtonLink>
  );
}

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <BackToBlog />
      <p className="mt-8 w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
        {post.category}
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
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{notFoundMessages.blogPost}</h1>
      <p className="mt-4 text-slate-600">The article you are looking for does not exist.</p>
      <div className="mt-8">
        <BackToBlog />
      </div>
    </div>
  );
}
