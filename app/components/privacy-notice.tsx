// The notice at collection, just above the form's send button: the short part always in view
// (what, why, how long, the rights), the rest one tap away (each item collected, whom to ask and
// how, the Board), then the full policy in the page's language. The words come from the contact
// route's loader (app/content/privacy-notice.ts).
import { Link } from "react-router";
import { CallLink, ChatLink } from "#app/components/contact-links.tsx";
import { useLang, useSiteConfig } from "#app/config/use-site-config.ts";
import type { PrivacyNoticeText } from "#app/content/privacy-notice.ts";
import { localePath } from "#app/lib/lang.ts";

const linkClass = "font-semibold break-all text-brand-700 underline";

export function PrivacyNotice({ text }: { text: PrivacyNoticeText }) {
  const site = useSiteConfig();
  const lang = useLang();
  return (
    <section
      aria-labelledby="privacy-notice-heading"
      className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800"
    >
      <h3 id="privacy-notice-heading" className="text-base font-semibold text-slate-900">
        {text.heading}
      </h3>
      <p className="mt-1">{text.summary}</p>
      <p className="mt-1">{text.rights}</p>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold text-brand-700">{text.more}</summary>
        <p className="mt-2">{text.collectedIntro}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {text.collected.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-2">{text.whatsappUpdates}</p>
        <p className="mt-2">{text.contactIntro.replace("{name}", site.dataContact.name)}</p>
        <ul className="mt-1 space-y-1">
          <li>
            {text.call}: <CallLink placement="privacy-notice" className={linkClass} />
          </li>
          <li>
            {text.whatsapp}:{" "}
            <ChatLink message={text.chatMessage} placement="privacy-notice" className={linkClass}>
              {site.phone.display}
            </ChatLink>
          </li>
          <li>
            {text.email}:{" "}
            <a href={`mailto:${site.dataContact.email}`} className={linkClass}>
              {site.dataContact.email}
            </a>
          </li>
        </ul>
        <p className="mt-2">{text.board}</p>
      </details>
      <p className="mt-2">
        <Link to={localePath(lang, "/privacy-policy")} className="text-brand-700 underline">
          {text.policyLink}
        </Link>
      </p>
    </section>
  );
}
