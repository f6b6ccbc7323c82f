import { partnerDiscountPercent } from "../partners/codes";
import type { Plan } from "./plans";

/** What a payment for a plan costs, computed here only: the client sends a plan and a source, never a price. */
export type Quote = {
  plan: Plan;
  /** The partner code the discount came from (lower-cased), or null without one. */
  partnerSource: string | null;
  discountPercent: number;
  /** The plan's monthly price minus the discount, whole kopecks. */
  amountKopecks: number;
  /** Shown to the payer by the provider (YooKassa keeps up to 128 characters). */
  description: string;
};

/**
 * The price of one month of `plan` for a payer who came from `partnerSource`: the plan's price
 * minus that partner's discount from the partner table, rounded to whole kopecks. An unknown
 * source gives no discount (and is not kept).
 */
export function quotePlan(plan: Plan, partnerSource: string | null | undefined): Quote {
  const discountPercent = partnerDiscountPercent(partnerSource);
  const source = discountPercent > 0 ? partnerSource!.trim().toLowerCase() : null;
  const amountKopecks = Math.round((plan.priceKopecks * (100 - discountPercent)) / 100);
  const description =
    discountPercent > 0
      ? `Тариф «${plan.name}», 1 месяц, скидка партнёра ${discountPercent}%`
      : `Тариф «${plan.name}», 1 месяц`;
  return { plan, partnerSource: source, discountPercent, amountKopecks, description };
}
