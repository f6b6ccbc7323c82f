// Achievements (spec 1 §3 «Achievement», §9; issue 24 item 6; decision 0071): each counted from
// the company's orders, the dashboard's efficiency (decision 0069) and the user's own activity,
// with its progress toward its total. Once reached, an achievement stays unlocked: the moment is
// kept in the user's onboarding row, so a slower month does not take a medal back.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { analyticsEvents, onboardingStates, platformOrders } from "../../../db/schema";
import {
  DAY_MS,
  DONE_STATUSES,
  doneAt,
  inStatuses,
  moscowWeekStartOf,
  price,
  rubles,
  WEEK_MS,
  when,
} from "../crm/crm";
import { TRIP_STATUSES } from "../dashboard/dashboard";
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

/** One pass over the company's orders, plus the user's days of activity off their index. */
function achievementFactsStatement(db: Db, member: Member, now: number) {
  const done = inStatuses(DONE_STATUSES);
  const taken = inStatuses([...TRIP_STATUSES, ...DONE_STATUSES]);
  const weeksTo = moscowWeekStartOf(now);
  const weeksFrom = weeksTo - PERFECT_WEEKS_LOOKBACK * WEEK_MS;
  const e = analyticsEvents;
  return db.all<{ orders: number; revenue: number; perfectWeeks: number; streak: number }>(sql`SELECT
      count(*) AS orders, ${when(done, price)} AS revenue,
      (SELECT count(*) FROM (
        SELECT (${doneAt} - ${weeksFrom}) / ${WEEK_MS} AS week FROM ${o}
        WHERE ${o.companyId} = ${member.companyId} AND ${taken} AND ${doneAt} >= ${weeksFrom} AND ${doneAt} < ${weeksTo}
        GROUP BY week HAVING ${when(done)} = count(*))) AS perfectWeeks,
      (SELECT coalesce(max(days), 0) FROM (
        SELECT count(*) AS days FROM (
          SELECT day - row_number() OVER (ORDER BY day) AS run FROM (
            SELECT DISTINCT (${e.createdAt} + ${MOSCOW_OFFSET_MS}) / ${DAY_MS} AS day FROM ${e}
            WHERE ${e.userId} = ${member.userId} AND ${e.createdAt} >= ${now - ACTIVITY_LOOKBACK_DAYS * DAY_MS}))
        GROUP BY run)) AS streak
    FROM ${o} WHERE ${o.companyId} = ${member.companyId}`);
}

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

/** The checklist, the user's state and the achievements' facts: one round trip. */
export async function onboardingRead(db: Db, member: Member, now: number): Promise<OnboardingRead> {
  const [[checklistFacts], [row], [counted]] = await db.batch([
    factsStatement(db, member.companyId),
    stateRowStatement(db, member.userId),
    achievementFactsStatement(db, member, now),
  ]);
  const n = (value: number | null | undefined) => Number(value ?? 0);
  return {
    state: onboardingStateOf(member.userId, checklistFacts, row),
    facts: {
      orders: n(counted?.orders),
      revenue: rubles(n(counted?.revenue)),
      perfectWeeks: n(counted?.perfectWeeks),
      streak: n(counted?.streak),
    },
    reached: row?.achievements ?? {},
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
