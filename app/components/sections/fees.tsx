import { Section } from "#app/components/sections/section.tsx";
import type { FeesSection } from "#app/content/fees.ts";

/**
 * What a visit costs: the free assessment, a session, a package, each with its price, and the
 * note beneath. Words and figures come with the page's data (app/content/fees.ts); while a
 * figure is a sample, the section says so.
 */
export function Fees({ fees, tone = "white" }: { fees: FeesSection; tone?: "white" | "tint" }) {
  return (
    <Section id="fees" heading={fees.heading} intro={fees.intro} tone={tone}>
      <ul className="grid gap-6 md:grid-cols-3">
        {fees.items.map((item) => (
          <li
            key={item.title}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-3xl font-bold text-brand-700">{item.price}</p>
            <p className="mt-2 text-slate-600">{item.text}</p>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-8 max-w-3xl text-center text-lg text-slate-700">{fees.note}</p>
      {fees.sampleNote ? (
        <p className="mx-auto mt-4 max-w-3xl text-center font-semibold text-slate-900">
          {fees.sampleNote}
        </p>
      ) : null}
    </Section>
  );
}
