// The query parameters of the landing and registration pages (spec 1 §2): partner or ref,
// campaign or utm_campaign, discount, plan. Pure, shared by both routes' loaders and tests.
import {
  clampDiscountPercent,
  isCampaign,
  isPartnerCode,
  partnerDiscountPercent,
  partnerName,
  type PartnerCode,
} from "../../workers/core/partners/codes";
import { isPlanId, type PlanId } from "../../workers/core/billing/plans";

export type LandingPartner = { code: PartnerCode; name: string; discountPercent: number };

export type LandingQuery = {
  /** A known partner code with the discount to show; an unknown code is ignored (null). */
  partner: LandingPartner | null;
  campaign: string | null;
  plan: PlanId | null;
};

/** The landing page's tiers (spec 1 §9) are the plans under the names fleets know them by. */
export const TIER_PLANS: Record<string, PlanId> = {
  starter: "basic",
  professional: "extended",
  enterprise: "corporate",
};

const firstPresent = (params: URLSearchParams, ...names: string[]) =>
  names.map((name) => params.get(name)?.trim()).find((value) => value !== undefined && value !== "") ?? null;

export function parseLandingQuery(params: URLSearchParams): LandingQuery {
  const code = firstPresent(params, "partner", "ref")?.toLowerCase() ?? null;
  const partner = isPartnerCode(code)
    ? {
        code,
        name: partnerName(code) as string,
        discountPercent: clampDiscountPercent(params.get("discount"), partnerDiscountPercent(code)),
      }
    : null;
  const campaign = firstPresent(params, "campaign", "utm_campaign");
  const plan = firstPresent(params, "plan")?.toLowerCase() ?? null;
  return {
    partner,
    campaign: isCampaign(campaign) ? campaign : null,
    plan: isPlanId(plan) ? plan : plan && Object.hasOwn(TIER_PLANS, plan) ? TIER_PLANS[plan] : null,
  };
}

/**
 * /register with what the visitor came with: partner, the discount shown, campaign and the plan
 * (`plan` overrides the query's, for a pricing card's button).
 */
export function registrationHref(query: LandingQuery, plan: PlanId | null = query.plan): string {
  const params = new URLSearchParams();
  if (query.partner) {
    params.set("partner", query.partner.code);
    params.set("discount", String(query.partner.discountPercent));
  }
  if (query.campaign) params.set("campaign", query.campaign);
  if (plan) params.set("plan", plan);
  const search = params.toString();
  return search ? `/register?${search}` : "/register";
}

/** True when nothing in the query changes what the page shows: the same page for everyone. */
export const isPlainQuery = (params: URLSearchParams) => [...params.keys()].length === 0;
