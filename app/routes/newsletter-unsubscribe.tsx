// The unsubscribe link of the newsletter's e-mails. Opening it only asks (mail scanners open
// links, and must not unsubscribe anyone); the button posts, and that unsubscribes.
import { data, Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { unsubscribe, unsubscribeLinkState } from "#app/domain/newsletter/newsletter.server.ts";
import { newsletterPageTexts } from "#app/domain/newsletter/newsletter-texts.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

const texts = newsletterPageTexts.unsubscribe;

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex, nofollow" },
];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await unsubscribeLinkState(context.get(servicesContext).db, tokenOf(request));
  return data({ state }, { status: state === "invalid" ? 400 : 200, headers: noStore });
}

/** The button: only a POST gets here (the edge answers any other method with a 405). */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await unsubscribe(context.get(servicesContext).db, tokenOf(request));
  return data({ state: outcome }, { status: outcome === "invalid" ? 400 : 200, headers: noStore });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {state === "unsubscribed" ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">{texts.done}</h1>
          <p className="mt-4 text-lg text-slate-700">{texts.doneText}</p>
        </>
      ) : state === "subscribed" ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">{texts.ask}</h1>
          <p className="mt-4 text-lg text-slate-700">{texts.askText}</p>
          {/* The token stays in the address the form posts to. */}
          <Form method="post" className="mt-6">
            <Button type="submit" size="lg">
              {texts.button}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">{texts.invalid}</h1>
          <p className="mt-4 text-lg text-slate-700">{texts.invalidText}</p>
        </>
      )}
      <Link to="/blog" className="mt-6 inline-block font-semibold text-brand-700 underline">
        {newsletterPageTexts.toBlog}
      </Link>
    </div>
  );
}
