import { and, isNull, lte, not, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analyticsEvents, feedbackMessages, geoGeocodes, geoRoutes, partnerLinks } from "../../db/schema";
import { FOUND_TTL_MS, WEAK_TTL_MS } from "./geo/geo";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the privacy policy (/privacy, app/routes/privacy.tsx) keeps what this sweep deletes:
 * contact-form messages 1 year, an unused partner link's lead 1 year from the link's creation,
 * usage events up to 1 year (the daily roll-up keeps only counts).
 */
export const RETENTION_DAYS = { feedback: 365, unusedPartnerLinks: 365, analyticsEvents: 365 } as const;

export type RetentionSweep = {
  feedback: number;
  partnerLinks: number;
  analyticsEvents: number;
  geocodes: number;
  routes: number;
};

/**
 * Deletes what is kept no longer (decision 0039): personal data past the privacy policy's terms,
 * and geocoder and router answers past the cache's own trust (decision 0027), which a lookup
 * would only replace. One batch; running it twice is harmless.
 */
export async function sweepRetention(db: Db, now: number): Promise<RetentionSweep> {
  const before = (days: number) => new Date(now - days * DAY_MS);
  const trusted = and(geoGeocodes.found, sql`${geoGeocodes.source} = 'geocoder'`);
  const [feedback, links, events, geocodes, routes] = await db.batch([
    db.delete(feedbackMessages).where(lte(feedbackMessages.createdAt, before(RETENTION_DAYS.feedback))),
    db
      .delete(partnerLinks)
      .where(
        and(
          isNull(partnerLinks.usedAt),
          lte(partnerLinks.createdAt, before(RETENTION_DAYS.unusedPartnerLinks)),
        ),
      ),
    db.delete(analyticsEvents).where(lte(analyticsEvents.createdAt, before(RETENTION_DAYS.analyticsEvents))),
    db
      .delete(geoGeocodes)
      .where(
        or(
          and(trusted, lte(geoGeocodes.createdAt, new Date(now - FOUND_TTL_MS))),
          and(not(trusted!), lte(geoGeocodes.createdAt, new Date(now - WEAK_TTL_MS))),
        ),
      ),
    db.delete(geoRoutes).where(lte(geoRoutes.createdAt, new Date(now - FOUND_TTL_MS))),
  ]);
  return {
    feedback: feedback.rowsAffected,
    partnerLinks: links.rowsAffected,
    analyticsEvents: events.rowsAffected,
    geocodes: geocodes.rowsAffected,
    routes: routes.rowsAffected,
  };
}
