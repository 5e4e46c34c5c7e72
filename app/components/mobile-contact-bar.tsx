import { MessageCircle, Phone } from "lucide-react";
import { CallLink, ChatLink } from "#app/components/contact-links.tsx";
import { useSiteText } from "#app/config/use-site-config.ts";

/** Fixed to the bottom of small screens: the two ways to reach us with one thumb. */
export function MobileContactBar() {
  const { contactBar } = useSiteText();
  return (
    <nav
      aria-label={contactBar.label}
      className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-2 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgba(0,0,0,0.08)] md:hidden"
    >
      <CallLink
        placement="mobile-bar"
        className="flex min-h-14 items-center justify-center gap-2 bg-brand-700 font-semibold text-white"
      >
        <Phone aria-hidden="true" className="size-5" />
        {contactBar.call}
      </CallLink>
      <ChatLink
        placement="mobile-bar"
        message={contactBar.chatMessage}
        className="flex min-h-14 items-center justify-center gap-2 bg-whatsapp font-semibold text-white"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {contactBar.chat}
      </ChatLink>
    </nav>
  );
}
