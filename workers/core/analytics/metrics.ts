import { asc, between, desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { analyticsDaily, analyticsDailyByType } from "../../../db/schema";
import { addDays, daysBetween, utcDay } from "./days";

const MAX_RANGE_DAYS = 366;
const isoDay = z.iso.date({ error: "Дата должна быть в формате ГГГГ-ММ-ДД" });

/** Query of GET /api/analytics/metrics; both dates default to the last 30 days. */
export const metricsQuerySchema = z
  .object({ dateFrom: isoDay.optional(), dateTo: isoDay.optional() })
  .transform(({ dateFrom, dateTo }) => {
    const to = dateTo ?? utcDay(Date.now());
    return { dateFrom: dateFrom ?? addDays(to, -29), dateTo: to };
  })
  .refine(({ dateFrom, dateTo }) => dateFrom <= dateTo, {
    error: "Дата начала периода позже даты окончания",
  })
  .refine(({ dateFrom, dateTo }) => daysBetween(dateFrom, dateTo).length <= MAX_RANGE_DAYS, {
    error: `Период не может быть длиннее ${MAX_RANGE_DAYS} дней`,
  });

export type MetricsQuery = z.output<typeof metricsQuerySchema>;

export type AnalyticsMetrics = {
  dateFrom: string;
  dateTo: string;
  totals: { events: number; sessions: number; users: number; errors: number };
  byDay: { date: string; events: number; sessions: number; users: number; errors: number }[];
  byType: { eventType: string; eventCategory: string; events: number; sessions: number }[];
};

/** Reads the daily roll-up; days without events appear with zeros so charts have no gaps. */
export async function readMetrics(db: Db, { dateFrom, dateTo }: MetricsQuery): Promise<AnalyticsMetrics> {
  const [daily, byType] = await Promise.all([
    db
      .select()
      .from(analyticsDaily)
      .where(between(analyticsDaily.day, dateFrom, dateTo))
      .orderBy(asc(analyticsDaily.day)),
    db
      .select({
        eventType: analyticsDailyByType.eventType,
        eventCategory: analyticsDailyByType.eventCategory,
        events: sql<number>`sum(${analyticsDailyByType.events})`.mapWith(Number),
        sessions: sql<number>`sum(${analyticsDailyByType.sessions})`.mapWith(Number),
      })
      .from(analyticsDailyByType)
      .where(between(analyticsDailyByType.day, dateFrom, dateTo))
      .groupBy(analyticsDailyByType.eventType, analyticsDailyByType.eventCategory)
      .orderBy(desc(sql`sum(${analyticsDailyByType.events})`)),
  ]);
  const byDate = new Map(daily.map((d) => [d.day, d]));
  const byDay = daysBetween(dateFrom, dateTo).map((date) => {
    const d = byDate.get(date);
    return {
      date,
      events: d?.events ?? 0,
      sessions: d?.sessions ?? 0,
      users: d?.users ?? 0,
      errors: d?.errors ?? 0,
    };
  });
  const totals = byDay.reduce(
    (sum, d) => ({
      events: sum.events + d.events,
      sessions: sum.sessions + d.sessions,
      users: sum.users + d.users,
      errors: sum.errors + d.errors,
    }),
    { events: 0, sessions: 0, users: 0, errors: 0 },
  );
  return { dateFrom, dateTo, totals, byDay, byType };
}
