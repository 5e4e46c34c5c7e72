// The one inline script of an island page (decision 040): it loads the boot script
// (app/islands/boot.ts) once the page's first contentful paint has been shown, as the browser's
// paint timing reports it, or on the next frame where the browser has none. So nothing but the
// page and its images is fetched before the first paint. As an ordinary module script, even at
// low priority, the boot was fetched before it, and Lighthouse's simulation counted it as holding
// the first paint back (0.3 to 0.5 s on every page, `npm run bench:pages`).
//
// The boot's address is the script's `data-boot`, so the text is the same on every page of every
// build: one CSP hash, found in the page like every inline script's (server/csp.ts), or the
// response's nonce on a page rendered per request.

/** Where the boot script's address stands on the loader's element. */
export const bootAttribute = "data-boot";

export const bootLoader = `(function(src){function boot(){var s=document.createElement("script");s.type="module";s.src=src;document.body.appendChild(s)}var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(boot,0)});return}var seen=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){seen.disconnect();setTimeout(boot,0)}});seen.observe({type:"paint",buffered:true})})(document.currentScript.getAttribute("${bootAttribute}"))`;
