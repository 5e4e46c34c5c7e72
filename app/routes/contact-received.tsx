import { CheckCircle2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { CallLink } from "~/components/contact-links";
import { appointmentMessages } from "~/domain/messages";
import type { Route } from "./+types/contact-received";

// Where a request sent without JavaScript lands (Post/Redirect/Get): the same words the toast
// gives with JavaScript. Rendered per request, never indexed.
export const meta: Route.MetaFunction = () => [
  { title: appointmentMessages.sent.title },
  { name: "robots", content: "noindex" },
];

export default function ContactReceived() {
  const [params] = useSearchParams();
  const mailLater = params.get("mail") === "later";
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{appointmentMessages.sent.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{appointmentMessages.sent.description}</p>
      {mailLater ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 text-slate-800">
          <strong>{appointmentMessages.notifyLater.title}: </strong>
          {appointmentMessages.notifyLater.description}
        </p>
      ) : null}
      <p className="mt-6 text-lg text-slate-700">
        Need us sooner? Call{" "}
        <CallLink
          placement="appointment-received"
          className="font-semibold text-brand-700 underline"
        />
        .
      </p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </Link>
    </div>
  );
}
