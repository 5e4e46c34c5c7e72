import { Link, useSearchParams } from "react-router";
import { RequestConfirmation } from "#app/components/request-confirmation.tsx";
import { useLocalePath } from "#app/config/use-site-config.ts";
import { appointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import { readReference } from "#app/domain/appointments/reference.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import type { Route } from "./+types/contact-received";

// Where a request sent without JavaScript lands (Post/Redirect/Get): the confirmation the form
// shows with JavaScript, with the request's reference from the address, in the language of the
// page it was sent from. Rendered per request, never indexed. A reference names a request and
// shows nothing of it: no personal data here.
export function loader({ request }: Route.LoaderArgs) {
  const { toasts, confirmation } = appointmentFormText[langOfRequest(request)];
  return { text: { toasts, confirmation } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.toasts.sent.title },
  { name: "robots", content: "noindex" },
];

export default function ContactReceived({ loaderData: { text } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const reference = readReference(params.get("ref") ?? "");
  const notified = params.get("mail") !== "later";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      {reference ? (
        <RequestConfirmation
          text={text}
          headingLevel="h1"
          reference={reference}
          notified={notified}
          another={
            <Link
              to={localePath("/contact#book")}
              className="font-semibold text-brand-700 underline"
            >
              {text.confirmation.another}
            </Link>
          }
        />
      ) : (
        // An address without a reference (typed, or an old bookmark): the spec's words alone.
        <div className="text-center">
          <h1 className="text-3xl font-bold text-slate-900">{text.toasts.sent.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{text.toasts.sent.description}</p>
        </div>
      )}
      <Link
        to={localePath("/")}
        className="mt-8 inline-block font-semibold text-brand-700 underline"
      >
        {text.confirmation.home}
      </Link>
    </div>
  );
}
