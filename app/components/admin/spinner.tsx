/** A spinning ring with a name for screen readers (role=status). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
