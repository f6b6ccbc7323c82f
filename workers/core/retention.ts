import { and, isNotNull, isNull, lte, ne, not, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  analyticsEvents,
  deadJobs,
  feedbackMessages,
  geoGeocodes,
  geoRoutes,
  partnerLinks,
} from "../../db/schema";
import { FOUND_TTL_MS, WEAK_TTL_MS } from "./geo/geo";
import { sweepClosedCompanies, type ClosedCompaniesSweep } from "./privacy/erasure";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the privacy policy (/privacy, app/routes/privacy.tsx) keeps what this sweep deletes:
 * contact-form messages 1 year, an invited lead's details until the link is used (0 days after
 * its use) or 1 year from the link's creation, usage events up to 1 year (the daily roll-up keeps
 * only counts); and dead jobs, which may carry any of these, 30 days (decision 0043).
 */
export const RETENTION_DAYS = {
  feedback: 365,
  unusedPartnerLinks: 365,
  usedPartnerLinkLeads: 0,
  analyticsEvents: 365,
  deadJobs: 30,
} as const;

/**
 * A used link's lead as cleared: the columns the schema requires become empty, the rest null.
 * The link itself stays with its statistics (clicks, dates, the company it brought).
 */
export const CLEARED_LEAD = {
  companyName: "",
  companyInn: "",
  companyAddress: "",
  companyPhone: null,
  companyEmail: null,
  contactFirstName: "",
  contactLastName: "",
  contactPhone: null,
  contactEmail: "",
} as const;

/** A lead not cleared yet: any of its fields still holds something. */
const leadKept = or(
  ne(partnerLinks.companyName, ""),
  ne(partnerLinks.companyInn, ""),
  ne(partnerLinks.companyAddress, ""),
  isNotNull(partnerLinks.companyPhone),
  isNotNull(partnerLinks.companyEmail),
  ne(partnerLinks.contactFirstName, ""),
  ne(partnerLinks.contactLastName, ""),
  isNotNull(partnerLinks.contactPhone),
  ne(partnerLinks.contactEmail, ""),
);

export type RetentionSweep = {
  feedback: number;
  partnerLinks: number;
  usedLinkLeads: number;
  analyticsEvents: number;
  deadJobs: number;
  geocodes: number;
  routes: number;
  closedCompanies: ClosedCompaniesSweep;
};

/**
 * Deletes what is kept no longer (decisions 0039, 0043): personal data past the privacy policy's
 * terms (a used link's lead is cleared, the link stays), dead jobs, and geocoder and router
 * answers past the cache's own trust (decision 0027), which a lookup would only replace; then
 * closed companies past their term (decision 0079). Running it twice is harmless.
 */
export async function sweepRetention(db: Db, now: number): Promise<RetentionSweep> {
  const before = (days: number) => new Date(now - days * DAY_MS);
  const trusted = and(geoGeocodes.found, sql`${geoGeocodes.source} = 'geocoder'`);
  const [feedback, links, leads, events, dead, geocodes, routes] = await db.batch([
    db.delete(feedbackMessages).where(lte(feedbackMessages.createdAt, before(RETENTION_DAYS.feedback))),
    db
      .delete(partnerLinks)
      .where(
        and(
          isNull(partnerLinks.usedAt),
          lte(partnerLinks.createdAt, before(RETENTION_DAYS.unusedPartnerLinks)),
        ),
      ),
    db
      .update(partnerLinks)
      .set(CLEARED_LEAD)
      .where(and(lte(partnerLinks.usedAt, before(RETENTION_DAYS.usedPartnerLinkLeads)), leadKept)),
    db.delete(analyticsEvents).where(lte(analyticsEvents.createdAt, before(RETENTION_DAYS.analyticsEvents))),
    db.delete(deadJobs).where(lte(deadJobs.failedAt, before(RETENTION_DAYS.deadJobs))),
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
    usedLinkLeads: leads.rowsAffected,
    analyticsEvents: events.rowsAffected,
    deadJobs: dead.rowsAffected,
    geocodes: geocodes.rowsAffected,
    routes: routes.rowsAffected,
    closedCompanies: await sweepClosedCompanies(db, now),
  };
}
