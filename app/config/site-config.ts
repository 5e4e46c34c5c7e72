// The business facts and analytics ids the pages need, in a form safe to send to the browser.
// The links are made here, on the server and at build time, so that public pages need no phone
// library in the browser.

import type { Env } from "#app/config/env.server.ts";
import { phoneKey, telHref } from "#app/lib/indian-phone.ts";

export interface SiteConfig {
  name: string;
  siteUrl: string;
  phone: { display: string /** E.164 form for tel: links */; href: string };
  /** The chat number's key (phoneKey: "919876543210"), as chat links require. */
  whatsapp: string;
  email: string;
  /** Who answers questions about personal data (DPDP Act s. 8(9)): on the policy and the notice. */
  dataContact: { name: string; email: string };
  address: {
    street: string;
    locality: string;
    region: string;
    postalCode: string;
    country: "IN";
  };
  analyticsIds: string[];
  /** The ad account's conversion action (AW-…/…), reported after an appointment request. */
  adsConversionId?: string;
}

export function toSiteConfig(env: Env): SiteConfig {
  return {
    name: env.BUSINESS_NAME,
    siteUrl: env.SITE_URL,
    phone: {
      display: env.BUSINESS_PHONE,
      href: telHref(env.BUSINESS_PHONE) ?? notAPhoneNumber("BUSINESS_PHONE"),
    },
    whatsapp: phoneKey(env.BUSINESS_WHATSAPP) ?? notAPhoneNumber("BUSINESS_WHATSAPP"),
    email: env.BUSINESS_EMAIL,
    dataContact: { name: env.DATA_CONTACT_NAME, email: env.DATA_CONTACT_EMAIL },
    address: {
      street: env.BUSINESS_STREET,
      locality: env.BUSINESS_LOCALITY,
      region: env.BUSINESS_REGION,
      postalCode: env.BUSINESS_POSTAL_CODE,
      country: "IN",
    },
    analyticsIds: [env.GA_MEASUREMENT_ID, env.GA_MEASUREMENT_ID_SECONDARY].filter(
      (id): id is string => Boolean(id),
    ),
    ...(env.ADS_CONVERSION_ID ? { adsConversionId: env.ADS_CONVERSION_ID } : {}),
  };
}

/** Whether any Google tag (analytics or the ad account) loads: the CSP must then allow it. */
export function usesGoogleTag(env: Env): boolean {
  return Boolean(env.GA_MEASUREMENT_ID || env.GA_MEASUREMENT_ID_SECONDARY || env.ADS_CONVERSION_ID);
}

/** parseEnv refuses such a setting, so only an Env made some other way can get here. */
function notAPhoneNumber(name: string): never {
  throw new Error(`${name} is not a phone number`);
}
