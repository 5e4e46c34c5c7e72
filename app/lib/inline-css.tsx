import { createContext, useContext } from "react";

/**
 * The site's whole stylesheet (about 5 KB gzipped) is written into each page's <head>, so the
 * first paint waits for no second request. Only the server has the text (entry.server.tsx
 * provides it); in the browser React adopts the <style> already in the document by its href,
 * so the CSS is never part of the JavaScript bundle.
 */
export const InlineCssContext = createContext("");

export function InlineStylesheet({ nonce }: { nonce?: string }) {
  const css = useContext(InlineCssContext);
  return (
    <style href="site-css" precedence="default" nonce={nonce}>
      {css}
    </style>
  );
}
