import { Section } from "#app/components/sections/section.tsx";
import { useSiteText } from "#app/config/use-site-config.ts";
import type { FaqEntry } from "#app/content/types.ts";

/**
 * A page's questions and answers. Native details/summary: they open and close without
 * JavaScript, by mouse, touch or keyboard, with the browser's own marker and focus ring (no icon
 * to ship: the home page's JavaScript is near its 130 KB budget), and the closed answers are
 * still in the HTML for crawlers (the page's FAQPage JSON-LD is built from the same entries).
 */
export function Faq({
  entries,
  tone = "white",
}: {
  entries: readonly FaqEntry[];
  tone?: "white" | "tint";
}) {
  return (
    <Section id="faq" heading={useSiteText().labels.faqHeading} tone={tone}>
      <div className="mx-auto max-w-3xl space-y-3">
        {entries.map((entry) => (
          <details
            key={entry.question}
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <summary className="min-h-11 cursor-pointer rounded-xl px-5 py-3 text-base font-semibold text-slate-900 marker:text-brand-700">
              {entry.question}
            </summary>
            <p className="px-5 pb-4 text-base text-slate-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
