// A credit note as a PDF, for staff (decision 046), from the request's Account section.
import { creditNoteOf } from "#app/domain/money/receipt.server.ts";
import { staffDocument } from "#app/routes/admin/money/money-document.server.ts";
import type { Route } from "./+types/admin-credit-note";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return staffDocument({ request, context, id: params.id }, creditNoteOf);
}
