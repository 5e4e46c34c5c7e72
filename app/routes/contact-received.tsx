import { Link, useSearchParams } from "react-router";
import { RequestConfirmation } from "~/components/request-confirmation";
import { readReference } from "~/domain/appointments/reference";
import { appointmentMessages, confirmationMessages } from "~/domain/messages";
import type { Route } from "./+types/contact-received";

// Where a request sent without JavaScript lands (Post/Redirect/Get): the confirmation the form
// shows with JavaScript, with the request's reference from the address. Rendered per request,
// never indexed. A reference names a request and shows nothing of it: no personal data here.
export const meta: Route.MetaFunction = () => [
  { title: appointmentMessages.sent.title },
  { name: "robots", content: "noindex" },
];

export default function ContactReceived() {
  const [params] = useSearchParams();
  const reference = readReference(params.get("ref") ?? "");
  const notified = params.get("mail") !== "later";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      {reference ? (
        <RequestConfirmation
          headingLevel="h1"
          reference={reference}
          notified={notified}
          another={
            <Link to="/contact#book" className="font-semibold text-brand-700 underline">
              {confirmationMessages.another}
            </Link>
          }
        />
      ) : (
        // An address without a reference (typed, or an old bookmark): the spec's words alone.
        <div className="text-center">
          <h1 className="text-3xl font-bold text-slate-900">{appointmentMessages.sent.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{appointmentMessages.sent.description}</p>
        </div>
      )}
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </Link>
    </div>
  );
}
