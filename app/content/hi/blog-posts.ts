// The six articles in Hindi, in the English order (written in two halves).
import type { BlogPost } from "../types";
import { blogPostsHiA } from "./blog-posts-a";
import { blogPostsHiB } from "./blog-posts-b";

export const blogPostsHi: BlogPost[] = [...blogPostsHiA, ...blogPostsHiB];
