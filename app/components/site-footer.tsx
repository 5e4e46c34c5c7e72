import { Link } from "react-router";
import { CallLink } from "#app/components/contact-links.tsx";
import {
  useCurrentYear,
  useLang,
  useSiteConfig,
  useSiteText,
} from "#app/config/use-site-config.ts";
import { areaNav, legalNav, mainNav, type NavItem, serviceNav } from "#app/content/navigation.ts";

function LinkList({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <div>
      <h2 className="text-base font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="inline-flex min-h-11 min-w-11 items-center text-base text-slate-300 hover:text-white"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const site = useSiteConfig();
  const year = useCurrentYear();
  const text = useSiteText();
  const lang = useLang();
  const { footer } = text;
  return (
    <footer className="bg-slate-900 pb-16 text-slate-300 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-3 text-base">{footer.tagline}</p>
          <address className="mt-4 space-y-1 text-base not-italic">
            <p>
              {footer.phone}{" "}
              <CallLink
                placement="footer"
                className="inline-flex min-h-11 items-center text-white underline"
              >
                {site.phone.display}
              </CallLink>
            </p>
            <p>
              {footer.email}{" "}
              <a
                href={`mailto:${site.email}`}
                className="inline-flex min-h-11 items-center break-all text-white underline"
              >
                {site.email}
              </a>
            </p>
            <p>
              {site.address.street}, {site.address.locality}, {site.address.region}{" "}
              {site.address.postalCode}
            </p>
            <p>{footer.hours}</p>
          </address>
        </div>
        <LinkList
          title={footer.quickLinks}
          items={[...mainNav(text, lang), ...legalNav(text, lang)]}
        />
        <LinkList title={footer.services} items={serviceNav(text, lang)} />
        <LinkList title={footer.areas} items={areaNav(text, lang)} />
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-base">
          © <span data-island="footer-year">{year}</span> {site.name}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
