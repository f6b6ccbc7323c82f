import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { analyticsEvents } from "../../../db/schema";

export const userEventsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit должен быть числом" })
    .int()
    .min(1, { error: "limit от 1 до 500" })
    .max(500, { error: "limit от 1 до 500" })
    .default(100),
  offset: z.coerce.number({ error: "offset должен быть числом" }).int().min(0).default(0),
});

const eventColumns = {
  id: analyticsEvents.id,
  sessionId: analyticsEvents.sessionId,
  eventType: analyticsEvents.eventType,
  eventCategory: analyticsEvents.eventCategory,
  eventAction: analyticsEvents.eventAction,
  eventLabel: analyticsEvents.eventLabel,
  metadata: analyticsEvents.metadata,
  pageUrl: analyticsEvents.pageUrl,
  createdAt: analyticsEvents.createdAt,
};

/** A user's events, newest first (GET /analytics/user/{userId}/events). */
export async function readUserEvents(db: Db, userId: string, page: z.output<typeof userEventsQuerySchema>) {
  const events = await db
    .select(eventColumns)
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(desc(analyticsEvents.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return { events, limit: page.limit, offset: page.offset };
}

const JOURNEY_PAGE_VIEWS = 200;

/** The latest pages a user went through, grouped by analytics session, oldest first. */
export async function readUserJourney(db: Db, userId: string) {
  const views = await db
    .select({
      sessionId: analyticsEvents.sessionId,
      path: analyticsEvents.eventLabel,
      at: analyticsEvents.createdAt,
    })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.eventType, "page_view")))
    .orderBy(desc(analyticsEvents.createdAt))
    .limit(JOURNEY_PAGE_VIEWS);
  views.reverse();
  const sessions = new Map<
    string,
    { sessionId: string; startedAt: Date; steps: { path: string | null; at: Date }[] }
  >();
  for (const view of views) {
    const session = sessions.get(view.sessionId) ?? {
      sessionId: view.sessionId,
      startedAt: view.at,
      steps: [],
    };
    session.steps.push({ path: view.path, at: view.at });
    sessions.set(view.sessionId, session);
  }
  return { userId, sessions: [...sessions.values()] };
}
