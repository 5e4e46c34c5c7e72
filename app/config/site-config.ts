// The business facts and analytics ids the pages need, in a form safe to send to the browser.
import type { Env } from "./env.server";

export interface SiteConfig {
  name: string;
  siteUrl: string;
  phone: { display: string /** E.164 form for tel: links */; href: string };
  /** Digits only, as chat links require. */
  whatsapp: string;
  email: string;
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
  const phoneDigits = env.BUSINESS_PHONE.replace(/\D/g, "");
  return {
    name: env.BUSINESS_NAME,
    siteUrl: env.SITE_URL,
    phone: {
      display: env.BUSINESS_PHONE,
      href: `tel:+${phoneDigits.length === 10 ? `91${phoneDigits}` : phoneDigits}`,
    },
    whatsapp: whatsappDigits(env.BUSINESS_WHATSAPP),
    email: env.BUSINESS_EMAIL,
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

/** A 10-digit Indian mobile number gets the country code 91 that chat links need. */
function whatsappDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `91${digits}` : digits;
}
