import type { Card } from "~/content/types";
import { InfoCard } from "../ui/card";

const columns = {
  3: "md:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function CardGrid({ cards, perRow = 3 }: { cards: Card[]; perRow?: 3 | 4 }) {
  return (
    <div className={`grid gap-6 ${columns[perRow]}`}>
      {cards.map((card) => (
        <InfoCard key={card.title} card={card} />
      ))}
    </div>
  );
}
