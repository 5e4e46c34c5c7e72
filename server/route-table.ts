// What the edge and the request log need to know of the app's routes, read from React Router's
// server build: which route pattern answers a path, which methods it takes, and which path is a
// page of ours, so that a variant of its URL can be sent to the one URL.
import { type DataRouteObject, matchRoutes, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];

interface RouteInfo {
  /** The route pattern that answers the path: "/blog/:id", "/", or "/*" for not found. */
  name: string;
  /** The methods it takes, as an Allow header says them. */
  allow: string;
}

export interface RouteTable {
  /** What answers `pathname` (its navigation data, "/about.data", is the page's). */
  lookup(pathname: string): RouteInfo;
  /**
   * The one URL of the page `pathname` is a variant of (another case, a percent-encoding,
   * zero-padded digits, doubled slashes), or undefined when it is none or is that URL already;
   * null when its percent-encoding is not UTF-8.
   */
  canonical(pathname: string): string | undefined | null;
}

const pageMethods = "GET, HEAD, OPTIONS";
const formMethods = "GET, HEAD, POST, OPTIONS";

/** React Router's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(manifest: Manifest): DataRouteObject[] {
  const nodes = new Map<string, DataRouteObject & { hasAction: boolean }>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      hasAction: typeof route.module.action === "function",
      children: [],
    } as DataRouteObject & { hasAction: boolean });
  }
  const roots: DataRouteObject[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id) as DataRouteObject;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children?.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The page whose navigation data a path is, in React Router's single-fetch form: "/about.data"
 * → "/about", "/blog/_.data" → "/blog/" (a trailing slash), "/_root.data" → "/".
 */
export function pageOf(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -".data".length) || "/";
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Whether `path` could differ from its normal form: an upper-case letter, a "%", an empty
 * segment, or a segment of digits starting with 0. One pass, no regular expression: this runs
 * on every request.
 */
function mayBeVariant(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code >= 65 && code <= 90) return true; // A-Z
    if (code === 37) return true; // %
    if (code === 47 && i > 0 && path.charCodeAt(i - 1) === 47) return true; // //
    if (code === 48 && path.charCodeAt(i - 1) === 47 && isDigit(path.charCodeAt(i + 1))) {
      return true; // /0 followed by a digit
    }
  }
  return false;
}

/** Digits without the zeros in front ("0006" → "6", "0" stays). */
function withoutLeadingZeros(segment: string): string {
  let start = 0;
  while (start < segment.length - 1 && segment.charCodeAt(start) === 48) start++;
  for (let i = start; i < segment.length; i++) if (!isDigit(segment.charCodeAt(i))) return segment;
  return segment.slice(start);
}

/** The normal form of a path: decoded, lower case, no empty segments, no padded numbers. */
export function normalizePath(path: string): string | null {
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    if (raw === "") continue;
    let segment: string;
    try {
      segment = raw.includes("%") ? decodeURIComponent(raw) : raw;
    } catch {
      return null;
    }
    segments.push(encodeURIComponent(withoutLeadingZeros(segment.toLowerCase())));
  }
  const trailing = path.length > 1 && path.endsWith("/") && segments.length > 0 ? "/" : "";
  return `/${segments.join("/")}${trailing}`;
}

/**
 * @param pages every page of ours that has one URL: the public pages and the routes without
 * parameters ("/auth", "/admin").
 */
export function createRouteTable(manifest: Manifest, pages: Iterable<string>): RouteTable {
  const tree = routeTree(manifest);
  const known = new Set(pages);
  for (const route of Object.values(manifest)) {
    if (route?.path && !/[:*]/.test(route.path)) known.add(`/${route.path}`);
  }
  // matchRoutes ranks every route again on each call: the answers for the paths seen most are
  // kept (a bounded number, so that made-up paths cannot grow it).
  const seen = new Map<string, RouteInfo>();

  return {
    lookup(pathname) {
      const cached = seen.get(pathname);
      if (cached) return cached;
      const matches = matchRoutes(tree, pageOf(pathname)) ?? [];
      const patterns = matches.map((match) => match.route.path).filter(Boolean);
      const leaf = matches.at(-1)?.route as (DataRouteObject & { hasAction?: boolean }) | undefined;
      const info: RouteInfo = {
        name: patterns.length ? `/${patterns.join("/")}`.replace(/\/+/g, "/") : "/",
        allow: leaf?.hasAction ? formMethods : pageMethods,
      };
      if (seen.size >= 1000) seen.clear();
      if (pathname.length <= 200) seen.set(pathname, info);
      return info;
    },
    canonical(pathname) {
      if (!mayBeVariant(pathname)) return undefined;
      const normal = normalizePath(pathname);
      if (normal === null) return null;
      if (normal === pathname) return undefined;
      const page = normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
      return known.has(page) ? normal : undefined;
    },
  };
}
