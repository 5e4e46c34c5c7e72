import type { ReactNode } from "react";

/** The top of every page: the page's only h1, a lead sentence and its buttons. */
export function PageHero({
  heading,
  text,
  eyebrow,
  children,
}: {
  heading: string;
  text: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-wide text-brand-100 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="max-w-3xl text-3xl leading-tight font-bold md:text-5xl">{heading}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50 md:text-xl">{text}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
