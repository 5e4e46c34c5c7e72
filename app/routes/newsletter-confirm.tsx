// The link of the newsletter's confirmation e-mail: confirms the subscription (opening it again
// says the same). A bad, replaced or old link says so and how to get a new one.
import { data, Link } from "react-router";
import { confirm } from "~/domain/newsletter/newsletter.server";
import { newsletterConfirmDays } from "~/domain/newsletter/newsletter-mail.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter subscription" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await confirm(context.get(servicesContext).db, token);
  return data(
    { confirmed: outcome === "confirmed", days: newsletterConfirmDays },
    { status: outcome === "confirmed" ? 200 : 400, headers: { "Cache-Control": "no-store" } },
  );
}

export default function NewsletterConfirm({
  loaderData: { confirmed, days },
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {confirmed ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Subscription confirmed</h1>
          <p className="mt-4 text-lg text-slate-700">
            Thank you. Our newsletter will come to your inbox; every issue has a link to
            unsubscribe.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">This link is not valid</h1>
          <p className="mt-4 text-lg text-slate-700">
            The confirmation link has expired (links work for {days} days), was replaced by a newer
            e-mail, or the address has been unsubscribed. Subscribe again on our blog page to get a
            new link.
          </p>
        </>
      )}
      <Link to="/blog" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Go to the blog
      </Link>
    </div>
  );
}
