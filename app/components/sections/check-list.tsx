import { CircleCheck } from "lucide-react";

/** A list of short statements, each with a tick; two columns on wide screens. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 rounded-lg bg-white p-4 shadow-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
