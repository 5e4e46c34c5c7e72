// The family's side of a request's visits as its page shows them (decision 038): shapes shared by
// the server's read (visit-messages.server.ts) and the page.
import type { FamilyMessageShownState } from "#app/domain/messages/family-desk-texts.ts";
import type { FamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";
import type { UpdatesState } from "#app/domain/messages/updates-state.ts";
import type { FamilyAskKind } from "#db/schema.ts";

export interface VisitMessage {
  id: string;
  visitId: string;
  kind: FamilyMessageKind;
  state: FamilyMessageShownState;
  /** When it reached that state (read, delivered, sent, or was queued). */
  at: Date;
}

interface OpenAsk {
  id: string;
  visitId: string;
  kind: FamilyAskKind;
  reason: string;
  preferredTime: string;
  via: "status_page" | "whatsapp";
  createdAt: Date;
}

export interface VisitsFamilySide {
  messages: VisitMessage[];
  /** Each receipt's WhatsApp message (decision 046), by the payment's id: its state and when. */
  receiptMessages: Record<string, { state: FamilyMessageShownState; at: Date }>;
  asks: OpenAsk[];
  /** The visits the family confirmed by a reply, and when (by visit id). */
  confirmed: Record<string, Date>;
  /** Whether the family gets WhatsApp updates: asked on the form and not stopped (and since when). */
  updates: { state: UpdatesState; since: Date | null };
}
