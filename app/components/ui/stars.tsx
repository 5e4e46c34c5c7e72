import { Star } from "lucide-react";

export function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
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
