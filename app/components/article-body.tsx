import { useSiteText } from "#app/config/use-site-config.ts";
import type { ContentBlock } from "#app/content/types.ts";

function Block({ block, pleaseNote }: { block: ContentBlock; pleaseNote: string }) {
  switch (block.type) {
    case "p":
      return <p>{block.text}</p>;
    case "h2":
      return <h2 className="pt-4 text-2xl font-bold text-slate-900">{block.text}</h2>;
    case "h3":
      return <h3 className="pt-2 text-xl font-semibold text-slate-900">{block.text}</h3>;
    case "ul":
      return (
        <ul className="list-disc space-y-2 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol className="list-decimal space-y-2 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "note":
      return (
        <aside className="rounded-lg border-l-4 border-accent-500 bg-amber-50 p-4 text-base text-slate-800">
          <strong>{pleaseNote}</strong>
          {block.text}
        </aside>
      );
  }
}

/** Renders typed article blocks with readable typography. */
export function ArticleBody({ blocks }: { blocks: ContentBlock[] }) {
  const { pleaseNote } = useSiteText().labels;
  return (
    <div className="space-y-4 text-lg leading-relaxed text-slate-700">
      {blocks.map((block, index) => (
        // Blocks never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
        <Block key={`${block.type}-${index}`} block={block} pleaseNote={pleaseNote} />
      ))}
    </div>
  );
}
