import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { CallLink, ChatLink } from "~/components/contact-links";
import { PageHero } from "~/components/sections/page-hero";
import { buttonClasses } from "~/components/ui/button";
import { useSiteConfig } from "~/config/use-site-config";
import { defaultChatMessage } from "~/content/business";
import { type ContactCard, type ContactCardKind, contact } from "~/content/contact";
import { routeMeta } from "~/lib/route-meta";
import type { Route } from "./+types/contact";

export function loader() {
  return { contact };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? routeMeta(args, { seo: args.loaderData.contact.seo }) : [];

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

export default function Contact({ loaderData: { contact } }: Route.ComponentProps) {
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
          {/* The appointment request form goes here (next issue). Until then, the two ways
              to book that work today. */}
          <div className="mt-6 flex flex-wrap gap-3" data-testid="booking-options">
            <CallLink placement="contact-booking" className={buttonClasses("primary", "lg")}>
              <Phone aria-hidden="true" className="size-5" />
              Call to book
            </CallLink>
            <ChatLink
              placement="contact-booking"
              message={defaultChatMessage}
              className={buttonClasses("whatsapp", "lg")}
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              Chat on WhatsApp
            </ChatLink>
          </div>
        </section>
      </div>
    </>
  );
}
