// An e-mail address in a staff screen, which wraps only where a reader expects it to: after a
// dot, or before or after the @ (a <wbr> at each), never in the middle of a word as `break-all`
// did, nor at a hyphen (a browser's own break: "physiotherapy-" / "clinic"), each part being
// kept whole. A part wider than the line by itself (an address's parts are short) would overflow
// its line rather than be cut.
import { Fragment } from "react";

/** The address in the parts a line may end between: after each dot, around the @. */
export function emailParts(address: string): string[] {
  return address.split(/(?<=\.)|(?=@)|(?<=@)/).filter((part) => part !== "");
}

export function EmailAddress({ address }: { address: string }) {
  return (
    <span data-email>
      {emailParts(address).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, never reordered.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
