import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import stylesheet from "#app/app.css?inline";
import { InlineCssContext } from "#app/lib/inline-css.tsx";
import { getLogger, reportError } from "#app/lib/logger.server.ts";
import { NonceContext, requestNonce } from "#app/lib/request-nonce.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestNonce) || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every page is small and has no deferred data: wait for all of it, so crawlers,
    // prerendering and people all get complete HTML in one piece. It is collected whole before
    // it is answered: streamed through a pipe, a page larger than the pipe's two 16 KiB buffers
    // was sometimes cut at 32,768 bytes behind Caddy while the database was away (a form's 503,
    // once in ~350, tests/deploy/staying-up.test.ts), the rest of it never sent.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce ?? ""}>
        <InlineCssContext value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssContext>
      </NonceContext>,
      {
        // React puts the style nonce on the inline stylesheet (a precedence <style>) itself.
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const whole = new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              done();
            },
            final(done) {
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(html.byteLength));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          whole.on("error", reject);
          pipe(whole);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * A loader, action or render threw, or React Router answered with an error status: reported
 * once (see reportError), unless the visitor abandoned the request.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  reportError(getLogger(), error, "route failed");
};
