import { Star } from "lucide-react";
import { useSiteText } from "#app/config/use-site-config.ts";

export function Stars({ rating }: { rating: number }) {
  const label = useSiteText().labels.ratedOutOf5.replace("{rating}", String(rating));
  return (
    <div className="flex gap-0.5" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          key={index}
          aria-hidden="true"
          className={`size-4 ${index < rating ? "fill-accent-500 text-accent-500" : "text-slate-300"}`}
        />
      ))}
    </div>
  );
}
