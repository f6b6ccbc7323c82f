import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  analyticsEvents,
  companies,
  companyRequisites,
  edoConnections,
  feedbackMessages,
  invitations,
  onboardingStates,
  partnerLinks,
  payments,
  platformConnections,
  sessions,
  userSettings,
  users,
  x5Tokens,
} from "../../../db/schema";

/** The export's format; a field's meaning never changes under one version. */
export const EXPORT_FORMAT = "reys-personal-data/1";

/** The file's name: the day it was made, in UTC. */
export const exportFileName = (now: number) =>
  `reys-personal-data-${new Date(now).toISOString().slice(0, 10)}.json`;

const invitationColumns = {
  email: invitations.email,
  role: invitations.role,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  usedAt: invitations.usedAt,
};

/**
 * What Рейс holds about the user (152-ФЗ ст. 14; decision 0079): their account, sessions,
 * invitations they sent and the one they accepted, messages, settings, onboarding, payments they
 * made and their usage events. A director also gets what their company entered about other
 * people and its own details: the company card, requisites, partner links' contacts, the
 * company's invitations, and the names of its platform, X5 and EDO accounts (never a password or
 * a token). Orders and EDO documents are the company's business data and have their own exports.
 * Nothing of another company: every read is by the user's id or their company's.
 */
export async function personalDataExport(db: Db, userId: string, now: number) {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      companyRole: users.companyRole,
      createdAt: users.createdAt,
      emailConfirmedAt: users.emailConfirmedAt,
      companyId: users.companyId,
      companyName: companies.name,
      companyInn: companies.inn,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!user) return null;
  const { companyId, companyName, companyInn, ...profile } = user;
  const [ownSessions, sent, accepted, feedback, settings, onboarding, ownPayments, events] = await db.batch([
    db
      .select({
        kind: sessions.kind,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db.select(invitationColumns).from(invitations).where(eq(invitations.invitedBy, userId)),
    db.select(invitationColumns).from(invitations).where(eq(invitations.userId, userId)),
    db
      .select({
        screen: feedbackMessages.screen,
        userName: feedbackMessages.userName,
        userEmail: feedbackMessages.userEmail,
        phone: feedbackMessages.phone,
        message: feedbackMessages.message,
        createdAt: feedbackMessages.createdAt,
      })
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userId, userId)),
    db
      .select({ edoListView: userSettings.edoListView, updatedAt: userSettings.updatedAt })
      .from(userSettings)
      .where(eq(userSettings.userId, userId)),
    db
      .select({
        tourDoneAt: onboardingStates.tourDoneAt,
        tourOutcome: onboardingStates.tourOutcome,
        checklistDismissedAt: onboardingStates.checklistDismissedAt,
        analyticsViewedAt: onboardingStates.analyticsViewedAt,
        dismissedHints: onboardingStates.dismissedHints,
        achievements: onboardingStates.achievements,
        updatedAt: onboardingStates.updatedAt,
      })
      .from(onboardingStates)
      .where(eq(onboardingStates.userId, userId)),
    db
      .select({
        description: payments.description,
        amountKopecks: payments.amountKopecks,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.companyId, companyId))),
    db
      .select({
        eventType: analyticsEvents.eventType,
        eventCategory: analyticsEvents.eventCategory,
        eventAction: analyticsEvents.eventAction,
        eventLabel: analyticsEvents.eventLabel,
        metadata: analyticsEvents.metadata,
        pageUrl: analyticsEvents.pageUrl,
        referrer: analyticsEvents.referrer,
        createdAt: analyticsEvents.createdAt,
      })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId))
      .orderBy(asc(analyticsEvents.createdAt)),
  ]);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date(now),
    user: { ...profile, company: { name: companyName, inn: companyInn } },
    sessions: ownSessions,
    invitations: { sent, accepted: accepted[0] ?? null },
    feedback,
    settings: settings[0] ?? null,
    onboarding: onboarding[0] ?? null,
    payments: ownPayments,
    analyticsEvents: events,
    company: profile.companyRole === "director" ? await companyPersonalData(db, companyId) : null,
  };
}

export type PersonalDataExport = NonNullable<Awaited<ReturnType<typeof personalDataExport>>>;

/** What a director is answerable for: the company's own details and other people's it entered. */
async function companyPersonalData(db: Db, companyId: string) {
  const [company, requisites, links, pending, connections, edo, x5] = await db.batch([
    db
      .select({
        name: companies.name,
        inn: companies.inn,
        kpp: companies.kpp,
        ogrn: companies.ogrn,
        address: companies.address,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db
      .select({
        account: companyRequisites.account,
        bik: companyRequisites.bik,
        bankName: companyRequisites.bankName,
        correspondentAccount: companyRequisites.correspondentAccount,
        updatedAt: companyRequisites.updatedAt,
      })
      .from(companyRequisites)
      .where(eq(companyRequisites.companyId, companyId)),
    db
      .select({
        companyName: partnerLinks.companyName,
        companyInn: partnerLinks.companyInn,
        companyAddress: partnerLinks.companyAddress,
        companyPhone: partnerLinks.companyPhone,
        companyEmail: partnerLinks.companyEmail,
        contactFirstName: partnerLinks.contactFirstName,
        contactLastName: partnerLinks.contactLastName,
        contactPhone: partnerLinks.contactPhone,
        contactEmail: partnerLinks.contactEmail,
        createdAt: partnerLinks.createdAt,
        usedAt: partnerLinks.usedAt,
      })
      .from(partnerLinks)
      .where(eq(partnerLinks.companyId, companyId))
      .orderBy(asc(partnerLinks.createdAt)),
    db
      .select(invitationColumns)
      .from(invitations)
      .where(and(eq(invitations.companyId, companyId), isNull(invitations.usedAt))),
    db
      .select({
        platformId: platformConnections.platformId,
        connectionName: platformConnections.connectionName,
        createdAt: platformConnections.createdAt,
      })
      .from(platformConnections)
      .where(eq(platformConnections.companyId, companyId)),
    db
      .select({
        login: edoConnections.login,
        userName: edoConnections.userName,
        createdAt: edoConnections.createdAt,
      })
      .from(edoConnections)
      .where(eq(edoConnections.companyId, companyId)),
    db
      .select({ userName: x5Tokens.userName, expiresAt: x5Tokens.expiresAt, createdAt: x5Tokens.createdAt })
      .from(x5Tokens)
      .where(eq(x5Tokens.companyId, companyId)),
  ]);
  return {
    ...company[0],
    requisites: requisites[0] ?? null,
    partnerLinks: links,
    pendingInvitations: pending,
    platformConnections: connections,
    edoConnection: edo[0] ?? null,
    x5Account: x5[0] ?? null,
  };
}
