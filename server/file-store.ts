import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { inlineHashes } from "#server/csp.ts";

export interface StoredFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Inline script/style hashes, for HTML pages only. */
  inline?: { scripts: string[]; styles: string[] };
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".json": "application/json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  // React Router's prerendered navigation data (turbo-stream).
  ".data": "text/x-script",
};

const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".xml", ".txt", ".data"]);

/** Text worth compressing: tiny files gain nothing from it. */
export function shouldCompress(file: string, size: number): boolean {
  return compressible.has(extname(file)) && size > 512;
}

/** Brotli at maximum quality and gzip at level 9: done once per file, never per request. */
export function compress(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

export function walkFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walkFiles(path) : [path];
  });
}

function cacheControlFor(urlPath: string, ext: string): string {
  // Vite puts a content hash in every file name under /assets.
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  // Pages and data change with each deployment: revalidate cheaply with the ETag.
  if (ext === ".html" || ext === ".data") return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

/** The URL a file answers to: "about/index.html" is the page "/about". */
function urlPathFor(relativePath: string): string {
  const path = `/${relativePath.split(sep).join("/")}`;
  if (path === "/index.html") return "/";
  return path.endsWith("/index.html") ? path.slice(0, -"/index.html".length) : path;
}

/**
 * Every file of the client build, held in memory with the brotli and gzip forms the build
 * wrote beside it (file.br, file.gz).
 */
export function loadFileStore(clientDir: string): Map<string, StoredFile> {
  const store = new Map<string, StoredFile>();
  if (!existsSync(clientDir)) throw new Error(`No client build at ${clientDir}`);
  for (const file of walkFiles(clientDir)) {
    const ext = extname(file);
    if (ext === ".br" || ext === ".gz") continue;
    const body = readFileSync(file);
    const urlPath = urlPathFor(relative(clientDir, file));
    const entry: StoredFile = {
      body,
      contentType: contentTypes[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: cacheControlFor(urlPath, ext),
    };
    // The build wrote both encodings of every file worth compressing (scripts/postbuild.ts).
    if (existsSync(`${file}.br`) && existsSync(`${file}.gz`)) {
      entry.br = readFileSync(`${file}.br`);
      entry.gzip = readFileSync(`${file}.gz`);
    }
    if (ext === ".html") entry.inline = inlineHashes(body.toString("utf8"));
    store.set(urlPath, entry);
  }
  return store;
}
