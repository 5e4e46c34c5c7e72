// The 404 page tells the console which address was missing, as the React page did: a warning,
// not an error, since a mistyped address is not a fault of the site.
import type { Island } from "#app/islands/registry.ts";

const notFound: Island = () => {
  console.warn("404 Error: User attempted to access non-existent route:", window.location.pathname);
};
export default notFound;
