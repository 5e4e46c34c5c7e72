// A receipt as a PDF for the family (decision 045), from their status page or the link in their
// WhatsApp message: only their own request's (money-document.server.ts).
import { receiptOf } from "#app/domain/money/receipt.server.ts";
import { familyDocument } from "#app/routes/admin/money/money-document.server.ts";
import type { Route } from "./+types/status-receipt";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return familyDocument({ request, context, id: params.id }, receiptOf);
}
