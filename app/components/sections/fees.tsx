import { Section } from "#app/components/sections/section.tsx";
import type { FeesSection } from "#app/content/fees.ts";

/**
 * What a visit costs: the free assessment, a session, a package, each with its price. Words and
 * figures come with the page's data (app/content/fees.ts), the price in each line's title and
 * the note in the intro. Laid out as the FAQ is, with its class names: the two travel in one
 * chunk, so the section costs the home page's JavaScript (at its 130 KB budget) a few dozen bytes.
 */
export function Fees({ fees }: { fees: FeesSection }) {
  return (
    <Section id="fees" heading={fees.heading} intro={fees.intro}>
      <ul className="mx-auto max-w-3xl space-y-3">
        {fees.items.map((item) => (
          <li key={item.title} className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <h3 className="px-5 py-3 text-base font-semibold text-slate-900">{item.title}</h3>
            <p className="px-5 pb-4 text-base text-slate-700">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
