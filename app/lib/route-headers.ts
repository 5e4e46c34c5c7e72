// A route's `headers` function for what its action says in headers that the browser must get.

/** The action's Retry-After (a rate limit's 429), and nothing else. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** Says when to try again after a rate limit's 429 (seconds). */
export function setRetryAfter(headers: Headers, seconds: number): Headers {
  headers.set("Retry-After", String(seconds));
  return headers;
}
