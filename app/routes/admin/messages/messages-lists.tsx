// The tables of the WhatsApp messages page (/admin/messages; docs/messages.md, "Sending by hand"):
// the messages to send, one tap each, and the reminders sent by hand waiting for the family's YES.
// "Send on WhatsApp" is a link to the family's chat, in a new tab; its tap also marks the message
// sent (a fetcher's post), so that a day's reminders go one after another, a tap a family, the
// next row then the first unsent one. A browser without JavaScript follows the link alone, and
// gets the Mark sent form beside it (in <noscript>): one form post that marks and then sends the
// browser on to wa.me is not possible, as the pages' CSP (form-action 'self', server/csp.ts) stops
// a form's redirect to another site.
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { adminLink } from "#app/components/admin/admin-page-title.tsx";
import { type ActionAnswer, useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import { byHandTexts as texts } from "#app/domain/messages/family-desk-texts.ts";

/** A message to send, as the loader shows it. */
export interface ShownMessage {
  id: string;
  appointmentId: string;
  kind: string;
  name: string;
  visit: string;
  therapist: string;
  language: string;
  link: string | null;
}

/** A visit whose reminder went by hand, waiting for the family's YES. */
export interface ShownAwaiting {
  visitId: string;
  appointmentId: string;
  name: string;
  visit: string;
  therapist: string;
  language: string;
}

const cell = "px-2 py-1 align-middle";
const button =
  "min-h-8 whitespace-nowrap rounded-lg bg-brand-700 px-3 font-semibold text-white hover:bg-brand-800";

function MarkSent({ message }: { message: ShownMessage }) {
  return (
    <Form method="post" replace className="inline">
      <input type="hidden" name="intent" value="sent" />
      <input type="hidden" name="messageId" value={message.id} />
      <button type="submit" className={button} aria-label={texts.markSentLabel(message.name)}>
        {texts.markSent}
      </button>
    </Form>
  );
}

/** The chat link whose tap also marks the message sent. */
function SendLink({
  message,
  link,
  onSent,
}: {
  message: ShownMessage;
  link: string;
  onSent: () => void;
}) {
  const fetcher = useToastedFetcher<ActionAnswer>();
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={`${adminLink} whitespace-nowrap`}
      aria-label={texts.sendLabel(message.name)}
      data-send
      onClick={() => {
        // The browser opens the chat (the link is followed as usual); this records it sent.
        fetcher.submit({ intent: "opened", messageId: message.id }, { method: "post" });
        onSent();
      }}
    >
      {texts.send}
    </a>
  );
}

function FamilyCell({ appointmentId, name }: { appointmentId: string; name: string }) {
  return (
    <th scope="row" className={`${cell} text-left font-medium`}>
      <Link to={`/admin/appointments/${appointmentId}`} className={adminLink}>
        {name}
      </Link>
    </th>
  );
}

function Heading({ title, count }: { title: string; count: string }) {
  return (
    <h2 className="text-lg font-semibold text-slate-900">
      {title} <span className="text-sm font-normal text-slate-700">({count})</span>
    </h2>
  );
}

const messageColumns = ["family", "visit", "therapist", "language", "message"] as const;

export function MessageRows({
  title,
  label,
  empty,
  messages,
  group,
}: {
  title: string;
  label: string;
  empty: string;
  messages: ShownMessage[];
  group: string;
}) {
  const section = useRef<HTMLElement>(null);
  const sent = useRef(false);
  // Once the row tapped has left the list, the next one's link has the focus: a keyboard sends a
  // day's reminders with Enter, one after another.
  useEffect(() => {
    if (!sent.current || !messages) return;
    sent.current = false;
    section.current?.querySelector<HTMLElement>("[data-send]")?.focus();
  }, [messages]);
  return (
    <section ref={section} className="mt-4" aria-label={label} data-messages={group}>
      <Heading title={title} count={texts.count(messages.length)} />
      {messages.length === 0 ? (
        <p className="mt-1 text-slate-800">{empty}</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-800">
                {messageColumns.map((column) => (
                  <th key={column} scope="col" className={cell}>
                    {texts[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr
                  key={message.id}
                  className="border-b border-slate-200"
                  data-message={message.id}
                >
                  <FamilyCell appointmentId={message.appointmentId} name={message.name} />
                  <td className={`${cell} whitespace-nowrap`}>
                    {message.visit}
                    {group === "due" ? (
                      <span className="block text-slate-700">{message.kind}</span>
                    ) : null}
                  </td>
                  <td className={cell}>{message.therapist}</td>
                  <td className={cell}>{message.language}</td>
                  <td className={cell}>
                    {message.link ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <SendLink
                          message={message}
                          link={message.link}
                          onSent={() => {
                            sent.current = true;
                          }}
                        />
                        <noscript>
                          <MarkSent message={message} />
                        </noscript>
                      </span>
                    ) : (
                      <span className="flex flex-wrap items-center gap-2">
                        {texts.noNumber}
                        <MarkSent message={message} />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const awaitingColumns = ["family", "visit", "therapist", "language", "reply"] as const;

/** The reminders sent by hand not confirmed yet: the family's YES recorded with one tap. */
export function AwaitingRows({ visits }: { visits: ShownAwaiting[] }) {
  return (
    <section className="mt-6" aria-label={texts.awaitingLabel} data-awaiting>
      <Heading title={texts.awaiting} count={texts.visitCount(visits.length)} />
      <p className="mt-1 text-sm text-slate-700">{texts.awaitingIntro}</p>
      {visits.length === 0 ? (
        <p className="mt-1 text-slate-800">{texts.noneAwaiting}</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-800">
                {awaitingColumns.map((column) => (
                  <th key={column} scope="col" className={cell}>
                    {texts[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visits.map((visit) => (
                <tr
                  key={visit.visitId}
                  className="border-b border-slate-200"
                  data-awaiting-visit={visit.visitId}
                >
                  <FamilyCell appointmentId={visit.appointmentId} name={visit.name} />
                  <td className={`${cell} whitespace-nowrap`}>{visit.visit}</td>
                  <td className={cell}>{visit.therapist}</td>
                  <td className={cell}>{visit.language}</td>
                  <td className={cell}>
                    <Form method="post" replace>
                      <input type="hidden" name="intent" value="confirmed-yes" />
                      <input type="hidden" name="visitId" value={visit.visitId} />
                      <button
                        type="submit"
                        className={button}
                        aria-label={texts.confirmYesLabel(visit.name)}
                      >
                        {texts.confirmYes}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
