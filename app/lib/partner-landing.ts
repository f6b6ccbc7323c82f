// Browser-safe helpers of the partner landing page (/partner/:hash).
import type { PartnerLandingData } from "../../workers/core/partners/landing";
import type { Utm } from "../../workers/core/partners/quick-registration-schema";

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** The UTM labels of a URL's query (blank ones left out). */
export function utmOf(search: URLSearchParams): Utm {
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = search.get(key)?.trim().slice(0, 200);
    if (value) utm[key] = value;
  }
  return utm;
}

/** `#abc…` or `#token=abc…` → the token; "" when the URL hash holds none. */
export function tokenFromHash(hash: string): string {
  const value = decodeURIComponent(hash.replace(/^#/, "")).trim();
  return value.startsWith("token=") ? value.slice("token=".length) : value;
}

/** A phone as the form wants it (+7 and 10 digits) when it is a Russian number; otherwise as it is. */
export function russianPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && (digits.startsWith("7") || digits.startsWith("8")))
    return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith("9")) return `+7${digits}`;
  return phone.trim();
}

export type QuickRegistrationDefaults = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  companyInn: string;
  companyAddress: string;
};

/**
 * The quick-registration form prefilled from the lead. The contact's first and last name come
 * separately from the page's loader; the API gives one contactName, split at its first space.
 */
export function formDefaults(
  lead: NonNullable<PartnerLandingData["lead"]>,
  contact?: { firstName: string; lastName: string } | null,
): QuickRegistrationDefaults {
  const [first = "", ...rest] = lead.contactName.trim().split(/\s+/);
  return {
    firstName: contact?.firstName ?? first,
    lastName: contact?.lastName ?? rest.join(" "),
    email: lead.contactEmail ?? "",
    phone: russianPhone(lead.contactPhone ?? lead.companyPhone),
    companyName: lead.companyName,
    companyInn: lead.companyInn,
    companyAddress: lead.companyAddress,
  };
}
