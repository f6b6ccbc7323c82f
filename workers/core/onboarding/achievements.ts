// Achievements (spec 1 §3 «Achievement», §9; issue 24 item 6; decision 0071): each counted from
// the company's orders, the dashboard's efficiency (decision 0069) and the user's own activity,
// with its progress toward its total. Once reached, an achievement stays unlocked: the moment is
// kept in the user's onboarding row, so a slower month does not take a medal back.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedSql } from "../../../db/prepared-sql";
import { analyticsEvents, onboardingStates, platformOrders } from "../../../db/schema";
import {
  DAY_MS,
  DONE_STATUSES,
  doneAt,
  inStatuses,
  moscowWeekStartOf,
  rubles,
  WEEK_MS,
  when,
} from "../crm/crm";
import {
  clockOf,
  efficiencyOf,
  orderTotalsStatement,
  TRIP_STATUSES,
  type RowOf,
  weekOf,
  windowStatement,
} from "../dashboard/dashboard";
import {
  factsStatement,
  onboardingStateOf,
  stateRowStatement,
  type Member,
  type OnboardingState,
} from "./checklist";

export const ACHIEVEMENT_CATEGORIES = ["orders", "efficiency", "growth", "engagement"] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/** Perfect weeks are looked for among this many completed calendar weeks. */
export const PERFECT_WEEKS_LOOKBACK = 52;
/** Days of activity are read back this far (the analytics events' retention, decision 0039). */
export const ACTIVITY_LOOKBACK_DAYS = 365;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

export type AchievementFacts = {
  orders: number;
  /** Done orders' prices, rubles. */
  revenue: number;
  perfectWeeks: number;
  /** The longest run of consecutive Moscow days with activity within the lookback. */
  streak: number;
};

type Definition = {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  total: number;
  /** How far along the company or user is, before capping at the total. */
  value: (facts: AchievementFacts, efficiency: number | null) => number;
};

export const ACHIEVEMENTS: readonly Definition[] = [
  {
    id: "orders-1",
    title: "Первый заказ",
    description: "Первый заказ загружен с платформы или из ЭДО",
    category: "orders",
    total: 1,
    value: (facts) => facts.orders,
  },
  {
    id: "orders-10",
    title: "10 заказов",
    description: "Десять заказов в работе у компании",
    category: "orders",
    total: 10,
    value: (facts) => facts.orders,
  },
  {
    id: "orders-50",
    title: "50 заказов",
    description: "Полсотни заказов у компании",
    category: "orders",
    total: 50,
    value: (facts) => facts.orders,
  },
  {
    id: "perfect-week",
    title: "Идеальная неделя",
    description: "Все взятые рейсы со сроком доставки на неделе доставлены",
    category: "efficiency",
    total: 1,
    value: (facts) => facts.perfectWeeks,
  },
  {
    id: "efficiency-95",
    title: "Эффективность 95 %",
    description: "95 % рейсов со сроком за 30 дней доставлены",
    category: "efficiency",
    total: 95,
    value: (_facts, efficiency) => Math.floor(efficiency ?? 0),
  },
  {
    id: "revenue-1m",
    title: "Миллион",
    description: "Доход от выполненных заказов — 1 000 000 ₽",
    category: "growth",
    total: 1_000_000,
    value: (facts) => Math.floor(facts.revenue),
  },
  {
    id: "streak-7",
    title: "7 дней подряд",
    description: "Работа в Рейсе семь дней подряд",
    category: "engagement",
    total: 7,
    value: (facts) => facts.streak,
  },
];

export type Achievement = {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  unlocked: boolean;
  /** When it was first reached (ISO 8601), null while locked. */
  unlockedAt: string | null;
  progress: number;
  total: number;
};

const o = platformOrders;

/**
 * The perfect weeks off the company's orders of the last year, and the user's days of activity
 * off their index. The order count and revenue come from the dashboard's totals (decision 0075).
 */
function activityStatement(db: Db, member: Member, now: number) {
  const weeksTo = moscowWeekStartOf(now);
  return db.all<{ perfectWeeks: number; streak: number }>(
    activitySql({
      companyId: member.companyId,
      userId: member.userId,
      weeksFrom: weeksTo - PERFECT_WEEKS_LOOKBACK * WEEK_MS,
      weeksTo,
      activityFrom: now - ACTIVITY_LOOKBACK_DAYS * DAY_MS,
    }),
  );
}
const activitySql = preparedSql<{
  companyId: string;
  userId: string;
  weeksFrom: number;
  weeksTo: number;
  activityFrom: number;
}>((p) => {
  const done = inStatuses(DONE_STATUSES);
  const taken = inStatuses([...TRIP_STATUSES, ...DONE_STATUSES]);
  const e = analyticsEvents;
  return sql`SELECT
      (SELECT count(*) FROM (
        SELECT ${weekOf(p.weeksFrom)} AS week FROM ${o}
        WHERE ${o.companyId} = ${p.companyId} AND ${taken} AND ${doneAt} >= ${p.weeksFrom} AND ${doneAt} < ${p.weeksTo}
        GROUP BY week HAVING ${when(done)} = count(*))) AS perfectWeeks,
      (SELECT coalesce(max(days), 0) FROM (
        SELECT count(*) AS days FROM (
          SELECT day - row_number() OVER (ORDER BY day) AS run FROM (
            SELECT DISTINCT CAST((${e.createdAt} + ${MOSCOW_OFFSET_MS}) / ${DAY_MS} AS INTEGER) AS day FROM ${e}
            WHERE ${e.userId} = ${p.userId} AND ${e.createdAt} >= ${p.activityFrom}))
        GROUP BY run)) AS streak`;
});

/** Each achievement's progress; one reached before (`reached`: id → ms) stays unlocked at its total. */
export function achievementsOf(
  facts: AchievementFacts,
  reached: Record<string, number>,
  efficiency: number | null,
  now: number,
): Achievement[] {
  return ACHIEVEMENTS.map(({ value, ...definition }) => {
    const progress = Math.max(0, Math.min(definition.total, value(facts, efficiency)));
    const at = reached[definition.id] ?? (progress >= definition.total ? now : null);
    return {
      ...definition,
      unlocked: at !== null,
      unlockedAt: at === null ? null : new Date(at).toISOString(),
      progress: at === null ? progress : definition.total,
    };
  });
}

export type OnboardingRead = {
  state: OnboardingState;
  facts: AchievementFacts;
  reached: Record<string, number>;
};

/** The user's onboarding statements, for a caller's batch: the checklist facts, the state, activity. */
export function onboardingStatements(db: Db, member: Member, now: number) {
  return [
    factsStatement(db, member.companyId),
    stateRowStatement(db, member.userId),
    activityStatement(db, member, now),
  ] as const;
}

/** The rows of onboardingStatements (first row of each) and the company's order totals. */
export type OnboardingRows = {
  facts: RowOf<typeof factsStatement> | undefined;
  state: RowOf<typeof stateRowStatement> | undefined;
  activity: RowOf<typeof activityStatement> | undefined;
  totals: Pick<RowOf<typeof orderTotalsStatement>, "orders" | "revenue"> | undefined;
};

/**
 * The read from its rows. `planHref` is where the checklist's «Выбрать тариф» leads: the plan
 * block's link (the plan the company chose) where the caller has it.
 */
export function onboardingReadOf(member: Member, rows: OnboardingRows, planHref?: string): OnboardingRead {
  const n = (value: number | null | undefined) => Number(value ?? 0);
  const state = onboardingStateOf(member.userId, rows.facts, rows.state);
  return {
    state: planHref
      ? {
          ...state,
          checklist: state.checklist.map((item) =>
            item.id === "plan" ? { ...item, action: { ...item.action, href: planHref } } : item,
          ),
        }
      : state,
    facts: {
      orders: n(rows.totals?.orders),
      revenue: rubles(n(rows.totals?.revenue)),
      perfectWeeks: n(rows.activity?.perfectWeeks),
      streak: n(rows.activity?.streak),
    },
    reached: rows.state?.achievements ?? {},
  };
}

/** The read and the dashboard's efficiency (the achievements' inputs): one round trip. */
export async function achievementsRead(
  db: Db,
  member: Member,
  now: number,
): Promise<{ read: OnboardingRead; efficiency: number | null }> {
  const clock = clockOf(now);
  const [[facts], [state], [activity], [totals], [window]] = await db.batch([
    ...onboardingStatements(db, member, now),
    orderTotalsStatement(db, member.companyId, clock),
    windowStatement(db, member.companyId, clock),
  ]);
  return {
    read: onboardingReadOf(member, { facts, state, activity, totals }),
    efficiency: efficiencyOf(window).percent,
  };
}

/** Keeps the moment of each achievement reached for the first time (a write only when there is one). */
export async function keepReached(
  db: Db,
  userId: string,
  achievements: readonly Achievement[],
  reached: Record<string, number>,
  now: number,
): Promise<void> {
  const fresh = Object.fromEntries(
    achievements.filter((a) => a.unlocked && !(a.id in reached)).map((a) => [a.id, now]),
  );
  if (Object.keys(fresh).length === 0) return;
  const s = onboardingStates;
  const patch = JSON.stringify(fresh);
  await db
    .insert(s)
    .values({ userId, achievements: fresh, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: s.userId,
      // json_patch(new, old): a moment already kept (another tab's) wins over this one.
      set: { achievements: sql`json_patch(${patch}, ${s.achievements})`, updatedAt: new Date(now) },
    });
}

/** The achievements panel's list: the read, the dashboard's efficiency, and the first moments kept. */
export async function achievementsFor(
  db: Db,
  member: Member,
  read: OnboardingRead,
  efficiency: number | null,
  now: number,
): Promise<Achievement[]> {
  const achievements = achievementsOf(read.facts, read.reached, efficiency, now);
  await keepReached(db, member.userId, achievements, read.reached, now);
  return achievements;
}
