import { Icon } from "#app/components/ui/icon.tsx";
import type { Card } from "#app/content/types.ts";

/** An icon, a title and a short description: the card every section grid uses. */
export function InfoCard({ card }: { card: Card }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="mb-4 inline-flex rounded-lg bg-brand-50 p-3 text-brand-700">
        <Icon name={card.icon} />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
      <p className="mt-2 text-slate-600">{card.description}</p>
    </div>
  );
}
