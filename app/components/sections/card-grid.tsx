import { Link } from "react-router";
import { InfoCard } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import type { Card, CardLink } from "#app/content/types.ts";

const columns = {
  3: "md:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function CardGrid({ cards, perRow = 3 }: { cards: Card[]; perRow?: 3 | 4 }) {
  return (
    <div className={`grid gap-6 ${columns[perRow]}`}>
      {cards.map((card) =>
        card.link ? (
          <LinkedCard key={card.title} card={card} link={card.link} />
        ) : (
          <InfoCard key={card.title} card={card} />
        ),
      )}
    </div>
  );
}

/**
 * A card with a "Learn more" link to its page (in the page's language). The link names the page
 * for screen readers ("Learn more about Senior Physiotherapy"), beginning with the words on
 * screen, and is at least 44 px tall to tap.
 */
function LinkedCard({ card, link }: { card: Card; link: CardLink }) {
  const { labels } = useSiteText();
  const localePath = useLocalePath();
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="mb-4 inline-flex w-fit rounded-lg bg-brand-50 p-3 text-brand-700">
        <Icon name={card.icon} />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
      <p className="mt-2 flex-1 text-slate-600">{card.description}</p>
      <Link
        to={localePath(link.to)}
        className="mt-2 inline-flex min-h-11 w-fit min-w-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        {labels.learnMore}
        <span className="sr-only">{labels.learnMoreAbout.replace("{name}", link.pageName)}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}
