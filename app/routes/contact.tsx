import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { data, redirect } from "react-router";
import { type AppointmentActionData, AppointmentForm } from "#app/components/appointment-form.tsx";
import { CallLink } from "#app/components/contact-links.tsx";
import { Faq } from "#app/components/sections/faq.tsx";
import { Fees } from "#app/components/sections/fees.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { useSiteConfig } from "#app/config/use-site-config.ts";
import { type ContactCard, type ContactCardKind, contactByLang } from "#app/content/contact.ts";
import { contactFaqByLang } from "#app/content/faq.ts";
import { withFeesQuestion } from "#app/content/fees.ts";
import { privacyNoticeIn } from "#app/content/privacy-notice.ts";
import { appointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import { receivedAddress } from "#app/domain/appointments/reference.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { pageFees } from "#app/lib/fees.server.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { faqPageJsonLd } from "#app/lib/seo.ts";
import { requestAppointment } from "#app/routes/contact-send.server.ts";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const contact = contactByLang[lang];
  const fees = pageFees(lang);
  const faq = withFeesQuestion(contactFaqByLang[lang], fees.question);
  return {
    meta: routeMeta(request, {
      seo: contact.seo,
      path: "/contact",
      extraJsonLd: [faqPageJsonLd(faq)],
    }),
    contact,
    faq,
    fees: fees.section,
    form: appointmentFormText[lang],
    notice: privacyNoticeIn(lang, getEnv().RETENTION_MONTHS),
  };
}

/**
 * Served without React Router's client runtime (decision 040): the form's island validates,
 * sends and confirms (app/islands/appointment-form.ts). A staff page's link to it loads it as a
 * document.
 */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

/** A refusal's Retry-After (a 429) reaches the browser, with or without JavaScript. */
export const headers = retryAfterHeaders;

/**
 * An appointment request (app/routes/contact-send.server.ts). Without JavaScript the
 * answer is a 303 to a confirmation page, so a reload never sends it twice (or the page again,
 * with the messages); a request marked `js=1` gets data (the React form of a page from before decision 040, still
 * open in a tab during an upgrade). The island sends to the form's JSON address instead
 * (app/routes/contact-send.ts). Only a POST gets
 * here: the edge answers any other method with a 405 (server/edge.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { body, status, headers, language, withScript } = await requestAppointment({
    request,
    context,
  });
  if (body.status !== "sent") return data<AppointmentActionData>(body, { status, headers });
  if (withScript) return body satisfies AppointmentActionData;
  // The reference is no personal data: it names the request to its sender, and shows nothing.
  return redirect(receivedAddress(language, body.reference, body.notified), 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

const cardIcons: Record<ContactCardKind, typeof Phone> = {
  phone: Phone,
  email: Mail,
  location: MapPin,
  hours: Clock,
};

function InfoCardValue({ kind }: { kind: ContactCardKind }) {
  const site = useSiteConfig();
  switch (kind) {
    case "phone":
      return (
        <CallLink placement="contact-card" className="font-semibold text-brand-700 underline" />
      );
    case "email":
      return (
        <a
          href={`mailto:${site.email}`}
          className="font-semibold break-all text-brand-700 underline"
        >
          {site.email}
        </a>
      );
    case "location":
      return (
        <address className="font-semibold text-slate-900 not-italic">
          {site.address.street}, {site.address.locality}
        </address>
      );
    case "hours":
      return null;
  }
}

function ContactInfoCard({ card }: { card: ContactCard }) {
  const IconComponent = cardIcons[card.kind];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex rounded-lg bg-brand-50 p-3 text-brand-700">
        <IconComponent aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h2>
      <div className="mt-1">
        <InfoCardValue kind={card.kind} />
      </div>
      <p className="mt-1 text-slate-600">{card.note}</p>
    </li>
  );
}

export default function Contact({
  loaderData: { contact, faq, fees, form, notice },
}: Route.ComponentProps) {
  return (
    <>
      <PageHero heading={contact.hero.heading} text={contact.hero.text} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {contact.cards.map((card) => (
            <ContactInfoCard key={card.kind} card={card} />
          ))}
        </ul>
        <section
          id="book"
          aria-labelledby="book-heading"
          className="mx-auto mt-12 max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
        >
          <h2 id="book-heading" className="text-2xl font-bold text-slate-900">
            {contact.form.heading}
          </h2>
          <p className="mt-2 text-slate-600">{contact.form.text}</p>
          <AppointmentForm text={form} notice={notice} />
        </section>
      </div>
      <Fees fees={fees} />
      <Faq entries={faq} tone="tint" />
    </>
  );
}
