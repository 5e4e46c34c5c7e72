import type { ComponentProps } from "react";
import { useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { trackContactClick } from "#app/lib/analytics.ts";
import { chatLink } from "#app/lib/chat-link.ts";

// The click handler is the link's own: it reports the click to analytics.
type AnchorProps = Omit<ComponentProps<"a">, "href" | "target" | "rel" | "onClick">;

/**
 * A WhatsApp chat with the business, opened in a new tab; reported to analytics.
 * `placement` names where on the site the click happened (e.g. "mobile-bar").
 */
export function ChatLink({
  message,
  placement,
  children,
  ...props
}: AnchorProps & { message: string; placement: string }) {
  const site = useSiteConfig();
  const { labels } = useSiteText();
  return (
    <a
      {...props}
      href={chatLink(site.whatsapp, message)}
      target="_blank"
      rel="noopener noreferrer"
      // For the analytics island on pages without React (app/islands/analytics.ts).
      data-contact="whatsapp"
      data-placement={placement}
      onClick={() => trackContactClick(site.analyticsIds, "whatsapp", placement)}
    >
      {children}
      <span className="sr-only">{labels.opensWhatsApp}</span>
    </a>
  );
}

/** A tel: link that dials the business; reported to analytics. */
export function CallLink({ placement, children, ...props }: AnchorProps & { placement: string }) {
  const site = useSiteConfig();
  return (
    <a
      {...props}
      href={site.phone.href}
      data-contact="phone"
      data-placement={placement}
      onClick={() => trackContactClick(site.analyticsIds, "phone", placement)}
    >
      {children ?? site.phone.display}
    </a>
  );
}
