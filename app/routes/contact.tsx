import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { data, redirect } from "react-router";
import { type AppointmentActionData, AppointmentForm } from "#app/components/appointment-form.tsx";
import { CallLink } from "#app/components/contact-links.tsx";
import { Faq } from "#app/components/sections/faq.tsx";
import { Fees } from "#app/components/sections/fees.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { useSiteConfig } from "#app/config/use-site-config.ts";
import { type ContactCard, type ContactCardKind, contactByLang } from "#app/content/contact.ts";
import { contactFaqByLang } from "#app/content/faq.ts";
import { withFeesQuestion } from "#app/content/fees.ts";
import { privacyNoticeIn, shownNoticeVersion } from "#app/content/privacy-notice.ts";
import { isPublicPath } from "#app/content/public-routes.ts";
import { checkSubmission } from "#app/domain/abuse/abuse.server.ts";
import {
  parseAppointment,
  readAppointmentForm,
  readWhatsappUpdates,
} from "#app/domain/appointments/appointment-form.ts";
import { appointmentFormText, refusalText } from "#app/domain/appointments/appointment-texts.ts";
import { receivedAddress } from "#app/domain/appointments/reference.ts";
import { requestSourceOf, visitFromCookies } from "#app/domain/attribution/visit.server.ts";
import { pageFees } from "#app/lib/fees.server.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { faqPageJsonLd } from "#app/lib/seo.ts";
import { servicesContext } from "#app/services.server.ts";
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

/** A refusal's Retry-After (a 429) reaches the browser, with or without JavaScript. */
export const headers = retryAfterHeaders;

/**
 * An appointment request. Validated again with the form's own schema (the browser's check is a
 * courtesy), screened for bots, stored with its staff e-mail. With JavaScript the answer is data
 * for the form; without, a 303 to a confirmation page, so a reload never sends it twice. Only a
 * POST gets here: the edge answers any other method with a 405 (server/edge.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const site = toSiteConfig(getEnv());
  // The language of the page it was sent from (/contact or /hi/contact): the answer's, and stored.
  const language = langOfRequest(request);
  const text = appointmentFormText[language];
  const form = await request.formData().catch(() => undefined);
  const values = form ? readAppointmentForm(form) : undefined;
  const withScript = form?.get("js") === "1";
  if (!form || !values) {
    return data<AppointmentActionData>(
      {
        status: "refused",
        message: fillText(text.refusals.unreadable, { phone: site.phone.display }),
      },
      { status: 400 },
    );
  }
  // The optional WhatsApp box (issue 29): a yes only when ticked.
  const updates = readWhatsappUpdates(form);
  const parsed = parseAppointment(values, text.fields);
  if (!parsed.ok)
    return data<AppointmentActionData>(
      { status: "invalid", errors: parsed.errors, values: parsed.values, updates },
      { status: 400 },
    );

  const refusal = await checkSubmission(
    {
      honeypot: String(form.get("website") ?? ""),
      startedAt: String(form.get("startedAt") ?? ""),
      clientKey: context.get(requestInfo).clientKey,
    },
    { minFillSeconds: services.minFillSeconds, limiter: services.limits.appointment },
  );
  if (refusal) {
    getLogger().warn({ reason: refusal.reason }, "appointment request refused");
    return data<AppointmentActionData>(
      {
        status: "refused",
        message: refusalText(text.refusals, refusal, site.phone.display),
        values,
        updates,
      },
      {
        status: refusal.status,
        headers:
          refusal.reason === "rate-limited"
            ? { "Retry-After": String(refusal.retryAfterSeconds) }
            : undefined,
      },
    );
  }

  // Where it came from: the visit's cookie (its first page, the referring site, the campaign)
  // and the page the form was on (a hidden field, there with or without JavaScript).
  const page = form.get("page");
  const source = requestSourceOf(
    visitFromCookies(request.headers.get("Cookie")),
    typeof page === "string" ? page : null,
    isPublicPath,
  );
  let notified: boolean;
  let reference: string;
  try {
    const outcome = await services.appointments.request(
      parsed.appointment,
      services.firstAttemptMs,
      // The version of the notice the page showed beside the form (a hidden field), and the
      // WhatsApp box: consent given with that notice.
      {
        source: { ...source, language },
        noticeVersion: shownNoticeVersion(form.get("notice")),
        whatsappConsent: updates,
      },
    );
    notified = outcome.notified;
    // Every stored request has one (the database makes it with the row).
    reference = outcome.appointment.reference ?? "";
  } catch (error) {
    // Not stored: a fault of ours (the database is unreachable). Say so; nothing half-written.
    getLogger().error({ err: error }, "appointment request could not be stored");
    return data<AppointmentActionData>(
      { status: "refused", message: text.toasts.failed.description, values, updates },
      { status: 503 },
    );
  }
  if (withScript) return { status: "sent", notified, reference } satisfies AppointmentActionData;
  // The reference is no personal data: it names the request to its sender, and shows nothing.
  return redirect(receivedAddress(language, reference, notified), 303);
}

/**
 * In the browser: a request that never reached us (offline) is an unexpected error, not a crash;
 * the form says so in the page's language.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { status: "unreachable" } satisfies AppointmentActionData;
  }
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
