// Every record of the public site's words, in both languages (decision 026): what the unit tests
// of app/content/ walk to check that the languages agree (languages.test.ts) and that the words
// keep the site's terms (site-terms.test.ts).
import { aboutByLang } from "#app/content/about.ts";
import { blogIndexByLang } from "#app/content/blog.ts";
import { blogPostsByLang } from "#app/content/blog-posts.ts";
import { contactByLang } from "#app/content/contact.ts";
import { contactFaqByLang, homeFaqByLang, serviceFaqsByLang } from "#app/content/faq.ts";
import { feesByLang } from "#app/content/fees.ts";
import { homeByLang } from "#app/content/home.ts";
import type { Localized } from "#app/content/localized.ts";
import { privacyByLang } from "#app/content/privacy.ts";
import { privacyNoticeText } from "#app/content/privacy-notice.ts";
import { serviceAreasByLang } from "#app/content/service-areas.ts";
import { servicesByLang } from "#app/content/services.ts";
import { siteText } from "#app/content/site-text.ts";
import { teamStatementByLang } from "#app/content/team.ts";
import { appointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import { statusLinkText, statusPageText } from "#app/domain/messages/status-texts.ts";
import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";

export const localizedRecords: Record<string, Localized<unknown>> = {
  home: homeByLang,
  about: aboutByLang,
  blogIndex: blogIndexByLang,
  blogPosts: blogPostsByLang,
  contact: contactByLang,
  homeFaq: homeFaqByLang,
  contactFaq: contactFaqByLang,
  serviceFaqs: serviceFaqsByLang,
  fees: feesByLang,
  privacy: privacyByLang,
  privacyNotice: privacyNoticeText,
  serviceAreas: serviceAreasByLang,
  services: servicesByLang,
  teamStatement: teamStatementByLang,
  siteText,
  appointmentForm: appointmentFormText,
  newsletterForm: newsletterFormText,
  statusPage: statusPageText,
  statusLink: statusLinkText,
};

/** Every string of a record, however deep. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}
