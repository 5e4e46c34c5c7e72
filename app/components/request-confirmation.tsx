// What a visitor sees after a request is stored, with JavaScript (above the cleared form) or
// without (the page the form's answer redirects to): the spec's words, the reference to quote,
// what happens next, a call and a chat with the reference, and a way to send another. It stays
// until she leaves: no timer takes it away.
import { CheckCircle2 } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { Link } from "react-router";
import { CallLink, ChatLink } from "#app/components/contact-links.tsx";
import { useLang, useLocalePath, useSiteConfig } from "#app/config/use-site-config.ts";
import type { AppointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import { statusLinkText } from "#app/domain/messages/status-texts.ts";
import { fillText as fill } from "#app/lib/fill-text.ts";

export function RequestConfirmation({
  reference,
  notified,
  another,
  headingLevel = "h2",
  text,
}: {
  /** The form's words in the page's language (the contact route's loader sends them). */
  text: Pick<AppointmentFormText, "toasts" | "confirmation">;
  reference: string;
  notified: boolean;
  /** The way to send another request: a link (no JavaScript) or a button. */
  another: ReactNode;
  headingLevel?: "h1" | "h2";
}) {
  const site = useSiteConfig();
  const status = statusLinkText[useLang()];
  const localePath = useLocalePath();
  const heading = useRef<HTMLHeadingElement>(null);
  // Read first by a screen reader, and in view, when it appears in place of the toast's moment.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const Heading = headingLevel;
  const { toasts, confirmation: m } = text;
  return (
    <section
      aria-labelledby="request-confirmation-heading"
      className="rounded-xl border border-slate-200 bg-brand-50 p-5 text-slate-800"
    >
      <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
      <Heading
        id="request-confirmation-heading"
        ref={heading as Ref<HTMLHeadingElement>}
        tabIndex={-1}
        className="mt-2 text-2xl font-bold text-slate-900 outline-none"
      >
        {toasts.sent.title}
      </Heading>
      <p className="mt-2 text-lg">{toasts.sent.description}</p>
      {notified ? null : (
        // Marked for the contact page's island, which takes it out when the e-mail went.
        <p data-notify-later className="mt-3 rounded-lg bg-amber-50 p-3">
          <strong>{toasts.notifyLater.title}: </strong>
          {toasts.notifyLater.description}
        </p>
      )}
      <p className="mt-4">
        {m.referenceLabel}:{" "}
        <strong data-reference className="font-mono text-2xl tracking-widest text-slate-900">
          {reference}
        </strong>
        <br />
        <span className="text-slate-700">{m.referenceHint}</span>
      </p>
      <p className="mt-3">
        {status.lead}{" "}
        <Link
          to={localePath("/status")}
          data-status-link
          className="font-semibold text-brand-700 underline"
        >
          {status.link}
        </Link>
      </p>
      <p className="mt-3">
        {fill(m.next, {
          phone: site.phone.display,
          from: m.from,
          to: m.to,
        })}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <CallLink
          placement="request-confirmation"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
        >
          {m.call}: {site.phone.display}
        </CallLink>
        <ChatLink
          placement="request-confirmation"
          message={fill(m.chatMessage, { reference })}
          className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
        >
          {m.chat}
        </ChatLink>
      </div>
      <div className="mt-4">{another}</div>
    </section>
  );
}
