// The footer's year as the page was built; moved on in the browser when the year has changed.
import type { Island } from "#app/islands/registry.ts";

const footerYear: Island = (root) => {
  const year = String(new Date().getFullYear());
  if (root.textContent !== year) root.textContent = year;
};
export default footerYear;
