// A payment's receipt as a PDF, for staff (decision 045), from the request's Account section.

import { receiptOf } from "#app/domain/money/receipt.server.ts";
import { staffDocument } from "#app/routes/admin/money/money-document.server.ts";
import type { Route } from "./+types/admin-receipt";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return staffDocument({ request, context, id: params.id }, receiptOf);
}
