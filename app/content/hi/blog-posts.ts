// The six articles in Hindi, in the English order (written in two halves).

import { blogPostsHiA } from "#app/content/hi/blog-posts-a.ts";
import { blogPostsHiB } from "#app/content/hi/blog-posts-b.ts";
import type { BlogPost } from "#app/content/types.ts";

export const blogPostsHi: BlogPost[] = [...blogPostsHiA, ...blogPostsHiB];
