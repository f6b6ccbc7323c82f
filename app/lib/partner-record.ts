// The landing partner record (spec 1 §3), kept in localStorage for 24 hours (§9) so that a
// visitor who came by a partner's link and registers later still registers as the partner's.
import { clampDiscountPercent, isPartnerCode, partnerName } from "../../workers/core/partners/codes";
import { isPlanId } from "../../workers/core/billing/plans";
import type { LandingQuery } from "./landing-query";

export const PARTNER_RECORD_KEY = "reys.landing.partner";
export const PARTNER_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

export type PartnerRecord = {
  partnerId: string;
  partnerName: string;
  discountPercent: number;
  campaignId: string | null;
  selectedPlan: string | null;
  timestamp: number;
};

/** The record a landing visit with a known partner writes (timestamp set when it is stored). */
export function partnerRecordOf(query: LandingQuery): Omit<PartnerRecord, "timestamp"> | null {
  if (!query.partner) return null;
  return {
    partnerId: query.partner.code,
    partnerName: query.partner.name,
    discountPercent: query.partner.discountPercent,
    campaignId: query.campaign,
    selectedPlan: query.plan,
  };
}

/**
 * The stored record if it is younger than 24 hours and names a known partner; its name and
 * discount are re-derived from the partner table, so an edited record shows nothing it may not.
 */
export function readPartnerRecord(stored: string | null, now: number): PartnerRecord | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const code = typeof record.partnerId === "string" ? record.partnerId : null;
  const timestamp = typeof record.timestamp === "number" ? record.timestamp : NaN;
  if (!isPartnerCode(code) || !(now - timestamp < PARTNER_RECORD_TTL_MS) || timestamp > now) return null;
  const campaign = typeof record.campaignId === "string" ? record.campaignId.slice(0, 64) : null;
  return {
    partnerId: code,
    partnerName: partnerName(code) as string,
    discountPercent: clampDiscountPercent(record.discountPercent, 0),
    campaignId: campaign,
    selectedPlan: isPlanId(record.selectedPlan) ? record.selectedPlan : null,
    timestamp,
  };
}

/** The inline script that stores the record as the page loads (storage may be refused: ignored). */
export function storePartnerRecordScript(record: Omit<PartnerRecord, "timestamp">): string {
  const json = JSON.stringify(record).replace(/</g, "\\u003c");
  return `try{localStorage.setItem(${JSON.stringify(PARTNER_RECORD_KEY)},JSON.stringify(Object.assign(${json},{timestamp:Date.now()})))}catch(e){}`;
}
