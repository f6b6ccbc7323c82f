import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { companies, platformOrders, subscriptions } from "../../../db/schema";
import { plural } from "../text/plural";
import { moscowMonthBounds } from "./moscow-calendar";
import { planById, TRIAL_PLAN_ID, type Plan, type PlanId } from "./plans";

/** Every new company may use the product for this long before paying (spec 1 §9). */
export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionStatus = "trial" | "active" | "expired";

/** A company's plan as of a moment: read from the dates, never stored. */
export type SubscriptionState = {
  plan: Plan;
  status: SubscriptionStatus;
  trialEndsAt: number;
  currentPeriodEnd: number | null;
  /** Orders (trips) a month it may get now: the plan's, the trial plan's on trial, 0 once expired; -1 unlimited. */
  maxShipments: number;
};

/** GET /api/payments/subscription's `data`. */
export type SubscriptionView = {
  planId: PlanId;
  planName: string;
  status: SubscriptionStatus;
  trialEndsAt: string;
  currentPeriodEnd: string | null;
  /** Whole days until the trial or the paid period ends (rounded up); 0 once expired. */
  daysLeft: number;
  maxShipments: number;
  /** Orders the company got this Moscow calendar month. */
  shipmentsUsed: number;
};

export const trialEndFor = (companyCreatedAt: number) => companyCreatedAt + TRIAL_DAYS * DAY_MS;

/** The company's subscription row and what it chose on the landing, to batch. */
export const subscriptionQuery = (db: Db, companyId: string) => subscriptionRead(db, { companyId });
const subscriptionRead = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db
    .select({
      createdAt: companies.createdAt,
      planId: subscriptions.planId,
      trialEndsAt: subscriptions.trialEndsAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      chosenPlan: companies.chosenPlan,
    })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .where(eq(companies.id, p.companyId)),
);
type SubscriptionRow = Awaited<ReturnType<typeof subscriptionQuery>>[number];

/** The state from subscriptionQuery's row; a company without a subscriptions row is on the trial. */
export function subscriptionStateOf(row: SubscriptionRow, now: number): SubscriptionState {
  return subscriptionState(
    {
      planId: row.planId,
      trialEndsAt: row.trialEndsAt?.getTime() ?? trialEndFor(row.createdAt.getTime()),
      currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null,
    },
    now,
  );
}

/**
 * The state of a company's subscription. A company without a subscriptions row is on the trial
 * counted from its creation (decision 0031); null for an unknown company.
 */
export async function readSubscription(
  db: Db,
  companyId: string,
  now: number,
): Promise<SubscriptionState | null> {
  const [row] = await subscriptionQuery(db, companyId);
  return row ? subscriptionStateOf(row, now) : null;
}

export function subscriptionState(
  row: { planId: string | null; trialEndsAt: number; currentPeriodEnd: number | null },
  now: number,
): SubscriptionState {
  const paidPlan = (row.planId && planById(row.planId)) || planById(TRIAL_PLAN_ID)!;
  const base = { trialEndsAt: row.trialEndsAt, currentPeriodEnd: row.currentPeriodEnd };
  if (row.currentPeriodEnd !== null && row.currentPeriodEnd > now) {
    return { ...base, plan: paidPlan, status: "active", maxShipments: paidPlan.maxShipments };
  }
  if (row.trialEndsAt > now) {
    const trialPlan = planById(TRIAL_PLAN_ID)!;
    return { ...base, plan: trialPlan, status: "trial", maxShipments: trialPlan.maxShipments };
  }
  return { ...base, plan: paidPlan, status: "expired", maxShipments: 0 };
}

/** Orders the company got in the Moscow calendar month of `now` (by the order's creation date). */
export async function shipmentsThisMonth(db: Db, companyId: string, now: number): Promise<number> {
  const { start, end } = moscowMonthBounds(now);
  const [row] = await db
    .select({ n: count() })
    .from(platformOrders)
    .where(
      and(
        eq(platformOrders.companyId, companyId),
        gte(platformOrders.createdAt, new Date(start)),
        lt(platformOrders.createdAt, new Date(end)),
      ),
    );
  return row?.n ?? 0;
}

export async function subscriptionView(
  db: Db,
  companyId: string,
  now: number,
): Promise<SubscriptionView | null> {
  const [state, used] = await Promise.all([
    readSubscription(db, companyId, now),
    shipmentsThisMonth(db, companyId, now),
  ]);
  return state ? subscriptionViewOf(state, used, now) : null;
}

/** The view of a state, with the orders the company got this month. */
export function subscriptionViewOf(state: SubscriptionState, used: number, now: number): SubscriptionView {
  const endsAt = state.status === "active" ? state.currentPeriodEnd! : state.trialEndsAt;
  return {
    planId: state.plan.id,
    planName: state.plan.name,
    status: state.status,
    trialEndsAt: new Date(state.trialEndsAt).toISOString(),
    currentPeriodEnd: state.currentPeriodEnd === null ? null : new Date(state.currentPeriodEnd).toISOString(),
    daysLeft: state.status === "expired" ? 0 : Math.ceil((endsAt - now) / DAY_MS),
    maxShipments: state.maxShipments,
    shipmentsUsed: used,
  };
}

/** What the company came with that its way to /payment carries (decision 0038). */
export type PaymentOffer = { chosenPlan: string | null };

export async function paymentOfferFor(db: Db, companyId: string): Promise<PaymentOffer> {
  const [row] = await db
    .select({ chosenPlan: companies.chosenPlan })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { chosenPlan: null };
}

/**
 * Where the company's «choose a plan» leads: /payment with the plan it chose on the landing
 * before registering; a paying company is offered its own plan again. The partner is not in the
 * URL: /payment reads the company's own (decision 0042).
 */
export function paymentHref(view: SubscriptionView, offer: PaymentOffer): string {
  const plan = view.status === "active" ? view.planId : offer.chosenPlan;
  return plan && planById(plan) ? `/payment?${new URLSearchParams({ plan })}` : "/payment";
}

/** Why an order sync stopped creating orders (decision 0031); the link leads to the plans. */
export function planLimitMessage(state: SubscriptionState): string {
  if (state.status === "expired") {
    return state.currentPeriodEnd === null
      ? "Пробный период закончился: новые заказы не загружаются. Выберите тариф: /payment"
      : `Подписка на тариф «${state.plan.name}» закончилась: новые заказы не загружаются. Выберите тариф: /payment`;
  }
  const n = state.maxShipments;
  return `Достигнут лимит тарифа «${state.plan.name}»: ${n} ${plural(n, ["рейс", "рейса", "рейсов"])} в месяц. Выберите тариф: /payment`;
}
