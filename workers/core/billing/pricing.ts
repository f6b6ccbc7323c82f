import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies } from "../../../db/schema";
import { isPartnerCode, partnerDiscountPercent, type PartnerCode } from "../partners/codes";
import type { Plan } from "./plans";

/** What a payment for a plan costs, computed here only: the client names a plan, never a price or a discount. */
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

/**
 * The partner whose discount the company's payments get (decision 0042): the one it registered
 * through by a partner's link. A partner the company only named (a /register URL, a payment
 * request, the /payment URL) gives none; null then.
 */
export async function discountPartnerOf(db: Db, companyId: string): Promise<PartnerCode | null> {
  const [row] = await db
    .select({ partnerSource: companies.partnerSource })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.partnerViaLink, true)));
  return isPartnerCode(row?.partnerSource) ? row.partnerSource : null;
}
