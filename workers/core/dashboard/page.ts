// The whole /dashboard in one round trip (decisions 0069, 0075): the figures, the plan block's
// subscription and link, and the user's checklist, state and achievements' facts. The month's
// orders for the plan's limit and the achievements' order count and revenue come from the
// figures' own totals: nothing is read twice.
import type { Db } from "../../../db/client";
import {
  paymentHref,
  subscriptionQuery,
  subscriptionStateOf,
  subscriptionViewOf,
  type SubscriptionView,
} from "../billing/subscriptions";
import { onboardingReadOf, onboardingStatements, type OnboardingRead } from "../onboarding/achievements";
import type { Member } from "../onboarding/checklist";
import { clockOf, figureStatements, figuresOf, type DashboardFigures } from "./dashboard";

export type DashboardPage = {
  figures: DashboardFigures;
  subscription: SubscriptionView | null;
  paymentHref: string;
  onboarding: OnboardingRead;
};

export async function dashboardPage(db: Db, member: Member, now: number): Promise<DashboardPage> {
  const clock = clockOf(now);
  const [[totals], [window], weeks, [clients], [received], [company], [facts], [state], [activity]] =
    await db.batch([
      ...figureStatements(db, member.companyId, clock),
      subscriptionQuery(db, member.companyId),
      ...onboardingStatements(db, member, now),
    ]);
  const subscription = company
    ? subscriptionViewOf(subscriptionStateOf(company, now), Number(totals?.shipments ?? 0), now)
    : null;
  const href = subscription
    ? paymentHref(subscription, { chosenPlan: company?.chosenPlan ?? null })
    : "/payment";
  return {
    figures: figuresOf(clock, { totals, window, weeks, clients, received }),
    subscription,
    paymentHref: href,
    // The checklist's «Выбрать тариф» leads where the plan block does: the plan the company chose.
    onboarding: onboardingReadOf(member, { facts, state, activity, totals }, href),
  };
}
