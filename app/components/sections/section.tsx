import type { ReactNode } from "react";

const tones = {
  white: "bg-white",
  tint: "bg-brand-50",
} as const;

/** A page section with an h2 heading and optional intro, centred in the page width. */
export function Section({
  id,
  heading,
  intro,
  tone = "white",
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tones[tone]} py-14 md:py-20`}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto mb-10 max-w-3xl text-center">
          <h2 id={headingId} className="text-2xl font-bold text-slate-900 md:text-3xl">
            {heading}
          </h2>
          {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
