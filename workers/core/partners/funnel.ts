// The partner funnel in product analytics (issue 12, item 6): the server records a link's views
// and registrations, the page records the first input into the form. All three travel the
// ordinary pipeline (an analytics.ingest message → ingestEvents), so metrics count them by type.
import type { AnalyticsEventRecord } from "../analytics/event";
import { withoutLinkSecretsOrNull } from "./link-secrets";
import type { Utm } from "./quick-registration-schema";

export const FUNNEL_CATEGORY = "partner_funnel";

export const FUNNEL_EVENTS = {
  linkViewed: "partner_link_viewed",
  formStarted: "partner_form_started",
  registered: "partner_registered",
} as const;

/**
 * Events only the server records: a client posting one is refused (decision 0043), so the admin
 * metrics count real views and registrations. The form's start is the browser's to report.
 */
export const SERVER_RECORDED_EVENTS: readonly string[] = [FUNNEL_EVENTS.linkViewed, FUNNEL_EVENTS.registered];

/** The analytics session of events the server records for a link: one per link, so views group by it. */
export const funnelSessionId = (linkId: string) => `partner-link:${linkId}`;

function utmMetadata(utm: Utm): Record<string, string> {
  return Object.fromEntries(
    Object.entries(utm).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** A partner landing was shown for a live link (by the page's loader or GET /landing/landing). */
export function linkViewedEvent(
  link: { id: string; partnerCode: string | null },
  context: { utm: Utm; pageUrl: string | null; referrer: string | null; userId: string | null; now: number },
): AnalyticsEventRecord {
  return {
    id: crypto.randomUUID(),
    userId: context.userId,
    sessionId: funnelSessionId(link.id),
    eventType: FUNNEL_EVENTS.linkViewed,
    eventCategory: FUNNEL_CATEGORY,
    eventAction: "view",
    eventLabel: link.id,
    metadata: { ...utmMetadata(context.utm), ...(link.partnerCode ? { partnerCode: link.partnerCode } : {}) },
    // The landing's URL carries the link's token: never into analytics (decision 0043).
    pageUrl: withoutLinkSecretsOrNull(context.pageUrl),
    referrer: withoutLinkSecretsOrNull(context.referrer),
    createdAt: context.now,
    receivedAt: context.now,
  };
}

/** A quick registration through the link created its company and user. */
export function registeredEvent(
  link: { id: string; partnerCode: string | null },
  context: { utm: Utm; userId: string; companyId: string; channel: "page" | "api"; now: number },
): AnalyticsEventRecord {
  return {
    id: crypto.randomUUID(),
    userId: context.userId,
    sessionId: funnelSessionId(link.id),
    eventType: FUNNEL_EVENTS.registered,
    eventCategory: FUNNEL_CATEGORY,
    eventAction: "register",
    eventLabel: link.id,
    metadata: {
      ...utmMetadata(context.utm),
      ...(link.partnerCode ? { partnerCode: link.partnerCode } : {}),
      companyId: context.companyId,
      channel: context.channel,
    },
    pageUrl: null,
    referrer: null,
    createdAt: context.now,
    receivedAt: context.now,
  };
}
