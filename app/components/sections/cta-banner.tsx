import type { ReactNode } from "react";

/** The closing call to action at the foot of a page. */
export function CtaBanner({
  heading,
  text,
  children,
}: {
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center md:py-20">
        <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
          {heading}
        </h2>
        <p className="mt-3 text-lg text-brand-50">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
