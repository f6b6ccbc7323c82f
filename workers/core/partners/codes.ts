/**
 * The partner codes (retail chains that invite carriers) and their default discounts, in one
 * place (spec 1 §5): the landing page, partner registration and payments all read this table.
 * A code not listed here is no partner: its link is ignored and no discount applies.
 */
export const PARTNER_DISCOUNTS = {
  magnit: 15,
  pyaterochka: 12,
  lenta: 10,
  metro: 20,
  auchan: 8,
  perekrestok: 15,
  okey: 12,
  karusel: 10,
} as const satisfies Record<string, number>;

export type PartnerCode = keyof typeof PARTNER_DISCOUNTS;

/** The largest discount a partner link may show (spec 1 §9: «Discount clamp 0-50»). */
export const MAX_PARTNER_DISCOUNT_PERCENT = 50;

export function isPartnerCode(value: unknown): value is PartnerCode {
  return typeof value === "string" && Object.hasOwn(PARTNER_DISCOUNTS, value);
}

/** The partner's default discount in percent; 0 for anything that is not a partner code. */
export function partnerDiscountPercent(code: string | null | undefined): number {
  const normalized = code?.trim().toLowerCase();
  return isPartnerCode(normalized) ? PARTNER_DISCOUNTS[normalized] : 0;
}

/**
 * A discount read from a URL, for display on the landing page only: clamped to 0–50 and
 * rounded; absent or unreadable gives `fallback` (the partner's default). Prices never use it.
 */
export function clampDiscountPercent(value: unknown, fallback: number): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return fallback;
  return Math.min(MAX_PARTNER_DISCOUNT_PERCENT, Math.max(0, Math.round(number)));
}

/** How the partners are named to users. */
export const PARTNER_NAMES: Record<PartnerCode, string> = {
  magnit: "Магнит",
  pyaterochka: "Пятёрочка",
  lenta: "Лента",
  metro: "METRO",
  auchan: "Ашан",
  perekrestok: "Перекрёсток",
  okey: "О'КЕЙ",
  karusel: "Карусель",
};

/** The partner's name for a code (any case), or null for anything that is not a partner code. */
export function partnerName(code: string | null | undefined): string | null {
  const normalized = code?.trim().toLowerCase();
  return isPartnerCode(normalized) ? PARTNER_NAMES[normalized] : null;
}

/** An advertising campaign's name as links carry it: letters, digits, `_`, `.`, `-`; up to 64. */
const CAMPAIGN = /^[\p{L}\p{N}_.-]{1,64}$/u;

export function isCampaign(value: unknown): value is string {
  return typeof value === "string" && CAMPAIGN.test(value);
}
