// What the partner landing page (/partner/:hash) shows for a link token (spec 1 §3 «Partner
// landing data», §4 states), and what GET /landing/validate/{codeOrHash} answers.
import type { Db } from "../../../db/client";
import { isPartnerCode, PARTNER_NAMES, partnerDiscountPercent, type PartnerCode } from "./codes";
import { findByToken, type PartnerLink } from "./links";

export type PartnerLandingData = {
  /** The token names a link of ours. */
  isValid: boolean;
  /** The link was already used for a registration: no form, no lead data. */
  alreadyRegistered: boolean;
  partner: { name: string; logo: string | null; code: string | null; description: string } | null;
  discount: {
    /** Percent for "percentage", rubles for "fixed". */
    discountValue: number;
    discountType: "percentage" | "fixed";
    description: string;
    validUntil: Date | null;
  } | null;
  /** The invited company as the inviting carrier described it; only for a live link. */
  lead: {
    companyName: string;
    companyInn: string;
    companyAddress: string;
    companyEmail: string | null;
    companyPhone: string | null;
    contactName: string;
    contactEmail: string;
    contactPhone: string | null;
  } | null;
};

/** A landing answer together with the link it was read from (null when the token names none). */
export type PartnerLanding = {
  data: PartnerLandingData;
  link: PartnerLink | null;
  /** The lead's contact split as the form's first and last name fields want it. */
  contact: { firstName: string; lastName: string } | null;
};

const INVALID: PartnerLandingData = {
  isValid: false,
  alreadyRegistered: false,
  partner: null,
  discount: null,
  lead: null,
};

/** Link tokens are 32 base32 characters; anything else is not looked up at all. */
const TOKEN_FORMAT = /^[a-z2-7]{32}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** Logos we have for retail partners (X5 Group's chains share its logo). */
const PARTNER_LOGOS: Partial<Record<PartnerCode, string>> = {
  magnit: "/platforms/magnit.svg",
  pyaterochka: "/platforms/x5.svg",
  perekrestok: "/platforms/x5.svg",
  karusel: "/platforms/x5.svg",
};

const rubles = (kopecks: number) => kopecks / 100;

function partnerOf(link: PartnerLink): NonNullable<PartnerLandingData["partner"]> {
  const code = isPartnerCode(link.partnerCode) ? link.partnerCode : null;
  const name = code ? PARTNER_NAMES[code] : link.partnerSourceName;
  return {
    name,
    logo: code ? (PARTNER_LOGOS[code] ?? null) : null,
    code,
    description: code
      ? `${name} — партнёр Рейса. Перевозчики партнёра получают оплату за выполненный рейс за 24 часа с комиссией 2% и работают с ЭДО в одном кабинете.`
      : `${name} приглашает вашу компанию в Рейс: оплата за выполненный рейс за 24 часа с комиссией 2%, заказы с платформ и ЭДО в одном кабинете.`,
  };
}

const rubleNumbers = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

function formatRubles(value: number): string {
  return `${rubleNumbers.format(value)} ₽`;
}

/** The link's discount, or none once its valid-until has passed. */
function discountOf(link: PartnerLink, now: number): PartnerLandingData["discount"] {
  if (link.discountValue <= 0) return null;
  if (link.discountValidUntil && link.discountValidUntil.getTime() < now) return null;
  const fixed = link.discountType === "fixed";
  const value = fixed ? rubles(link.discountValue) : link.discountValue;
  return {
    discountValue: value,
    discountType: link.discountType,
    description:
      link.discountDescription ??
      (fixed
        ? `Скидка ${formatRubles(value)} на оплату тарифа`
        : `Скидка ${value}% на оплату тарифа по приглашению партнёра`),
    validUntil: link.discountValidUntil,
  };
}

function leadOf(link: PartnerLink): NonNullable<PartnerLandingData["lead"]> {
  return {
    companyName: link.companyName,
    companyInn: link.companyInn,
    companyAddress: link.companyAddress,
    companyEmail: link.companyEmail,
    companyPhone: link.companyPhone,
    contactName: `${link.contactFirstName} ${link.contactLastName}`.trim(),
    contactEmail: link.contactEmail,
    contactPhone: link.contactPhone,
  };
}

/**
 * The landing for a token: invalid for a malformed or unknown one (never a lead's data), already
 * registered for a used one (the partner still shows, the lead does not), else the whole offer.
 */
export async function readPartnerLanding(db: Db, token: string, now: number): Promise<PartnerLanding> {
  const normalized = token.trim().toLowerCase();
  if (!isWellFormedToken(normalized)) return { data: INVALID, link: null, contact: null };
  const link = await findByToken(db, normalized);
  if (!link) return { data: INVALID, link: null, contact: null };
  const used = link.usedAt !== null;
  return {
    data: {
      isValid: true,
      alreadyRegistered: used,
      partner: partnerOf(link),
      discount: discountOf(link, now),
      lead: used ? null : leadOf(link),
    },
    link,
    contact: used ? null : { firstName: link.contactFirstName, lastName: link.contactLastName },
  };
}

export type CodeOrHashValidation =
  | { valid: true; kind: "partner"; code: PartnerCode; name: string; discountPercent: number }
  | {
      valid: boolean;
      kind: "link";
      alreadyRegistered: boolean;
      partner: PartnerLandingData["partner"];
      discount: PartnerLandingData["discount"];
    }
  | { valid: false; kind: null };

/**
 * GET /landing/validate/{codeOrHash}: a retail partner's code (any case) or a link's token. A
 * link is valid while unused; its lead is never told here.
 */
export async function validateCodeOrHash(db: Db, value: string, now: number): Promise<CodeOrHashValidation> {
  const normalized = value.trim().toLowerCase();
  if (isPartnerCode(normalized)) {
    return {
      valid: true,
      kind: "partner",
      code: normalized,
      name: PARTNER_NAMES[normalized],
      discountPercent: partnerDiscountPercent(normalized),
    };
  }
  const { data, link } = await readPartnerLanding(db, normalized, now);
  if (!link) return { valid: false, kind: null };
  return {
    valid: !data.alreadyRegistered,
    kind: "link",
    alreadyRegistered: data.alreadyRegistered,
    partner: data.partner,
    discount: data.discount,
  };
}
