// The appointment form's JSON address (/contact/send, /hi/contact/send): where the island of the
// contact page sends the form (app/islands/appointment-form.ts). The same work as the page's own
// action (app/routes/contact-send.server.ts) with the same HTTP statuses, its answer plain
// JSON that a few lines in the browser read, where the page's action answers in React Router's
// own format for its client runtime, which the island page does not load. Never a redirect: the
// script shows the confirmation in place. POST only.
import type { AppointmentActionData } from "#app/components/appointment-form.tsx";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestAppointment } from "#app/routes/contact-send.server.ts";
import type { Route } from "./+types/contact-send";

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status, headers } = await requestAppointment({ request, context });
  return Response.json(body satisfies AppointmentActionData, { status, headers });
}

export function loader() {
  throw httpError("Method Not Allowed", 405, { Allow: "POST, OPTIONS" });
}
