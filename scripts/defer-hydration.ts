// Build step for prerendered pages: their HTML is complete, so the JavaScript that hydrates them
// must not compete with the first paint. React Router emits a <link rel=modulepreload> per module
// and an inline module script that imports them at once; on a slow link those ~130 KB share the
// bandwidth with the document and hold back the first paint.
//
// This rewrite drops the preload links and makes the module script inert, then adds a small
// inline script that, once the first frame has been painted, adds the preloads back (so the
// modules still load in parallel) and runs the module script unchanged. React re-creates the
// preload links itself during hydration (they are hoisted elements, matched by href, not by
// position), and CSP still holds: the module script's text is the same, so is its hash.

const preloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const moduleScript = '<script type="module" async="">';
const inertScript = '<script type="text/x-deferred-module" id="deferred-modules">';

/** Runs in the page: after the next paint, preload the modules and start the app. */
export const bootScript = `requestAnimationFrame(function(){setTimeout(function(){var s=document.getElementById("deferred-modules"),h=JSON.parse(s.getAttribute("data-preload"));h.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.appendChild(l)});var m=document.createElement("script");m.type="module";m.textContent=s.textContent;document.body.appendChild(m)},0)})`;

export function deferHydration(html: string): string {
  const hrefs = [...html.matchAll(preloadLink)].map((match) => match[1] ?? "");
  const moduleAt = html.indexOf(moduleScript);
  if (hrefs.length === 0 || moduleAt < 0 || html.indexOf(moduleScript, moduleAt + 1) >= 0) {
    // React Router changed what it emits: fail the build rather than ship a page that never hydrates.
    throw new Error("deferHydration: expected modulepreload links and one inline module script");
  }
  const moduleEnd = html.indexOf("</script>", moduleAt) + "</script>".length;
  const inert = `${inertScript.slice(0, -1)} data-preload='${JSON.stringify(hrefs)}'>`;
  return (
    html.slice(0, moduleAt).replace(preloadLink, "") +
    inert +
    html.slice(moduleAt + moduleScript.length, moduleEnd) +
    `<script>${bootScript}</script>` +
    html.slice(moduleEnd)
  );
}
