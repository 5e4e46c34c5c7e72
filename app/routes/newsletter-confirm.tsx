// The link of the newsletter's confirmation e-mail: confirms the subscription (opening it again
// says the same). A bad, replaced or old link says so and how to get a new one.
import { data, Link } from "react-router";
import { confirm } from "#app/domain/newsletter/newsletter.server.ts";
import { newsletterConfirmDays } from "#app/domain/newsletter/newsletter-mail.server.ts";
import { newsletterPageTexts } from "#app/domain/newsletter/newsletter-texts.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/newsletter-confirm";

const texts = newsletterPageTexts.confirm;

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
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
          <h1 className="text-3xl font-bold text-slate-900">{texts.confirmed}</h1>
          <p className="mt-4 text-lg text-slate-700">{texts.confirmedText}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">{texts.invalid}</h1>
          <p className="mt-4 text-lg text-slate-700">
            {fillText(texts.invalidText, { days: String(days) })}
          </p>
        </>
      )}
      <Link to="/blog" className="mt-6 inline-block font-semibold text-brand-700 underline">
        {newsletterPageTexts.toBlog}
      </Link>
    </div>
  );
}
