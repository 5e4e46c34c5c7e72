// Why a request is in Needs attention (docs/front-desk.md, "One worklist"): one line per reason
// on its row, each with the action that settles it, a link a tap away (a call, the request's
// visits or its booking form, the messages to send, the family's other request). The markers'
// words keep their `data-marker` on the line (the chips say them in the other lists).
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AppointmentRow } from "#app/domain/appointments/dashboard.ts";
import {
  markerTexts,
  statusNames,
  reasonTexts as texts,
} from "#app/domain/appointments/front-desk-texts.ts";
import { visitDay, visitMoment } from "#app/domain/visits/visit-time.ts";
import { telHref } from "#app/lib/indian-phone.ts";

const action = "inline-flex min-h-6 items-center font-semibold text-brand-700 underline";

/** A line: what it is (in its colour), what about it, and its action. */
function Line(props: {
  kind: string;
  label: string;
  marker?: string;
  tone: string;
  why?: string;
  children: ReactNode;
}) {
  return (
    <li data-reason={props.kind}>
      <span data-marker={props.marker} className={`font-semibold ${props.tone}`}>
        {props.label}
      </span>
      {props.why ? `: ${props.why}` : null} {props.children}
    </li>
  );
}

export function AttentionReasons({
  row,
  back,
  whose,
}: {
  row: AppointmentRow;
  /** The list's address, which the request's page goes back to. */
  back: string;
  /** "Asha Rani's", or "an erased". */
  whose: string;
}) {
  const page = `/admin/appointments/${row.id}`;
  const open = (to: string, text: string, label: string) => (
    <Link to={to} state={{ back }} aria-label={label} className={action} data-reason-action>
      {text}
    </Link>
  );
  const tel = telHref(row.phone);
  const call = (why: string) =>
    tel ? (
      <a href={tel} aria-label={texts.callLabel(why)} className={action} data-reason-action>
        {texts.call}
      </a>
    ) : (
      open(page, texts.open, texts.openLabel)
    );
  const lines: ReactNode[] = [];
  if (row.overdue) {
    lines.push(
      <Line
        key="overdue"
        kind="overdue"
        marker="overdue"
        label={markerTexts.overdue}
        tone="text-red-800"
        why={texts.overdueWhy}
      >
        {call(markerTexts.overdue)}
      </Line>,
    );
  } else if (row.status === "pending" && row.worked) {
    const when = visitMoment(new Date(row.worked.at));
    const here = row.worked.appointmentId === row.id;
    lines.push(
      <Line
        key="pending"
        kind="still-pending"
        label={texts.stillPending}
        tone="text-slate-900"
        why={here ? texts.workedHere(when) : texts.workedElsewhere(when)}
      >
        {here
          ? open(page, texts.open, texts.openLabel)
          : open(
              `/admin/appointments/${row.worked.appointmentId}`,
              texts.openOther,
              texts.openOtherLabel,
            )}
      </Line>,
    );
  } else if (row.status === "pending" && !row.junk && !row.erasedAt) {
    lines.push(
      <Line key="new" kind="new" label={texts.fresh} tone="text-brand-800" why={texts.freshWhy}>
        {call(texts.fresh)}
      </Line>,
    );
  }
  if (row.callbackDue) {
    lines.push(
      <Line
        key="callback"
        kind="callback-due"
        marker="callback-due"
        label={markerTexts.callbackDue}
        tone="text-amber-900"
        why={row.callbackAt ? texts.callbackDueWhy(visitMoment(new Date(row.callbackAt))) : ""}
      >
        {call(markerTexts.callbackDue)}
      </Line>,
    );
  }
  if (row.cantMake) {
    const { therapist, startsAt, reason, more } = row.cantMake;
    const said = markerTexts.cantMake(therapist, new Date(startsAt), reason);
    lines.push(
      <li key="cant-make" data-reason="cant-make" data-cant-make={row.id}>
        <span className="line-clamp-3 font-semibold text-red-800" title={said} dir="auto">
          {said}
          {more > 0 ? ` ${markerTexts.cantMakeMore(more)}` : null}
        </span>
        <Link
          to={`${page}#visits`}
          state={{ back }}
          aria-label={markerTexts.resolveCantMakeLabel(whose)}
          className={action}
          data-cant-make-link
          data-reason-action
        >
          {markerTexts.resolveCantMake}
        </Link>
      </li>,
    );
  }
  if (row.familyAsk) {
    lines.push(
      <Line
        key="ask"
        kind="family-ask"
        marker="family-ask"
        label={row.familyAsk === "move" ? markerTexts.askMove : markerTexts.askCancel}
        tone="text-fuchsia-800"
      >
        {open(`${page}#visits`, texts.openVisits, texts.openVisitsLabel)}
      </Line>,
    );
  }
  if (row.whatsappToSend) {
    lines.push(
      <Line
        key="whatsapp"
        kind="whatsapp-to-send"
        marker="whatsapp-to-send"
        label={markerTexts.whatsappToSend}
        tone="text-emerald-800"
        why={texts.messagesWhy(row.messagesToSend ?? 1)}
      >
        {open("/admin/messages", texts.send, texts.sendLabel)}
      </Line>,
    );
  }
  if (row.redFlags) {
    lines.push(
      <Line
        key="red-flags"
        kind="red-flags"
        label={texts.redFlags}
        tone="text-red-800"
        why={texts.redFlagsWhy(row.redFlags.count, visitDay(new Date(row.redFlags.assessedAt)))}
      >
        {open(`${page}/care`, texts.redFlagsOpen, texts.redFlagsOpenLabel)}
      </Line>,
    );
  }
  if (row.lowAdherence !== undefined) {
    lines.push(
      <Line
        key="low-adherence"
        kind="low-adherence"
        label={texts.lowAdherence}
        tone="text-amber-800"
        why={texts.lowAdherenceWhy(row.lowAdherence)}
      >
        {call(texts.lowAdherence)}
      </Line>,
    );
  }
  if (row.missedVisit) {
    lines.push(
      <Line
        key="missed"
        kind="missed-visit"
        label={texts.missedVisit}
        tone="text-red-800"
        why={texts.missedVisitWhy(
          visitMoment(new Date(row.missedVisit.startsAt)),
          row.missedVisit.therapist,
        )}
      >
        {open(`${page}#book`, texts.book, texts.bookLabel)}
      </Line>,
    );
  }
  if (row.noTreatment) {
    lines.push(
      <Line
        key="no-treatment"
        kind="no-treatment"
        label={texts.noTreatment}
        tone="text-red-800"
        why={texts.noTreatmentWhy(
          visitDay(new Date(row.noTreatment.assessedAt)),
          row.noTreatment.therapist,
        )}
      >
        {call(texts.noTreatment)}
      </Line>,
    );
  }
  if (row.openRepeat) {
    const { id, createdAt, status, more } = row.openRepeat;
    lines.push(
      <Line
        key="repeat"
        kind="repeat"
        label={texts.repeat}
        tone="text-violet-900"
        why={`${texts.repeatWhy(visitDay(new Date(createdAt)), statusNames[status])}${
          more > 0 ? ` ${texts.repeatMore(more)}` : ""
        }`}
      >
        {open(`/admin/appointments/${id}`, texts.openOther, texts.openOtherLabel)}
      </Line>,
    );
  }
  if (lines.length === 0) return null;
  return (
    <ul
      aria-label={texts.listLabel(whose)}
      className="mt-0.5 max-w-64 text-xs text-slate-800"
      data-reasons={row.id}
    >
      {lines}
    </ul>
  );
}
