// A credit note as a PDF for the family (decision 046), from their status page: only their own
// request's (money-document.server.ts).
import { creditNoteOf } from "#app/domain/money/receipt.server.ts";
import { familyDocument } from "#app/routes/admin/money/money-document.server.ts";
import type { Route } from "./+types/status-credit-note";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return familyDocument({ request, context, id: params.id }, creditNoteOf);
}
