import { and, eq, inArray, isNotNull, isNull, lte, notExists, notInArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import {
  companies,
  companyRequisites,
  edoConnections,
  edoDocumentsCounts,
  invitations,
  jobRuns,
  ledgerEntries,
  partnerLinks,
  paymentRequests,
  payments,
  payouts,
  platformConnections,
  platformOrders,
  quickPaymentDocuments,
  quickPayments,
  subscriptions,
  x5Tokens,
} from "../../../db/schema";
import { mirrorRemoval } from "../edo/connection";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a closed company's personal data and credentials are kept after its last member
 * deleted their account (decision 0079; /privacy): 30 days, the term 152-ФЗ ст. 21 ч. 4–5 gives
 * for destroying data whose purpose has ended.
 */
export const CLOSED_COMPANY_RETENTION_DAYS = 30;

/**
 * Accounting records (payments, the ledger, quick payments with their acts and invoices, payment
 * orders) are kept 5 years after the year they were made in (402-ФЗ ст. 29), without anyone's
 * personal data; a closed company is deleted altogether once none of its records is that recent.
 */
export const ACCOUNTING_YEARS = 5;

/** A closed company's order keeps only what identifies the deal, not the people at its ends. */
const CLEARED_ORDER = {
  pickupContactName: null,
  pickupContactPhone: null,
  deliveryContactName: null,
  deliveryContactPhone: null,
} as const;

export type ClosedCompaniesSweep = { erased: number; deleted: number };

/**
 * Part of the hourly retention sweep. Companies closed more than CLOSED_COMPANY_RETENTION_DAYS
 * ago: one with no accounting record inside the 402-ФЗ term is deleted with everything it had;
 * any other is erased — its credentials (platform logins, X5 and EDO tokens), requisites,
 * address, partner links' contacts, invitations, EDO mirror and files, sync runs and orders go,
 * except the orders its quick payments were for, which stay without their contacts — and
 * marked, so it is done once. One batch; running it twice is harmless.
 */
export async function sweepClosedCompanies(db: Db, now: number): Promise<ClosedCompaniesSweep> {
  const closedBefore = new Date(now - CLOSED_COMPANY_RETENTION_DAYS * DAY_MS);
  const horizon = new Date(Date.UTC(new Date(now).getUTCFullYear() - ACCOUNTING_YEARS, 0, 1));
  const expired = and(isNotNull(companies.closedAt), lte(companies.closedAt, closedBefore))!;
  const recent = (table: { companyId: SQLiteColumn }, at: SQLiteColumn) =>
    sql`exists (select 1 from ${table} where ${table.companyId} = ${companies.id} and ${at} >= ${horizon.getTime()})`;
  const keptForAccounting = or(
    recent(payments, payments.createdAt),
    recent(ledgerEntries, ledgerEntries.createdAt),
    recent(quickPayments, quickPayments.requestedAt),
    recent(payouts, payouts.createdAt),
  )!;
  const gone = db
    .select({ id: companies.id })
    .from(companies)
    .where(and(expired, sql`not ${keptForAccounting}`));
  const due = db
    .select({ id: companies.id })
    .from(companies)
    .where(and(expired, or(isNull(companies.erasedAt), sql`not ${keptForAccounting}`)));
  const of = (column: SQLiteColumn, set: typeof gone) => inArray(column, set);
  const paidOrders = db.select({ id: quickPayments.orderId }).from(quickPayments);
  const unused = (column: SQLiteColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(platformOrders)
        .where(or(eq(platformOrders.connectionId, column), eq(platformOrders.edoConnectionId, column))),
    );

  const results = await db.batch([
    // Personal data and credentials (foreign keys are not relied upon: each table is named).
    db.delete(companyRequisites).where(of(companyRequisites.companyId, due)),
    db.delete(x5Tokens).where(of(x5Tokens.companyId, due)),
    db.delete(partnerLinks).where(of(partnerLinks.companyId, due)),
    db.delete(invitations).where(of(invitations.companyId, due)),
    db.delete(jobRuns).where(of(jobRuns.companyId, due)),
    ...mirrorRemoval(db, (column) => of(column, due)),
    db.delete(edoDocumentsCounts).where(of(edoDocumentsCounts.companyId, due)),
    db.delete(paymentRequests).where(of(paymentRequests.companyId, due)),
    db
      .delete(platformOrders)
      .where(and(of(platformOrders.companyId, due), notInArray(platformOrders.id, paidOrders))),
    db.update(platformOrders).set(CLEARED_ORDER).where(of(platformOrders.companyId, due)),
    db
      .delete(platformConnections)
      .where(and(of(platformConnections.companyId, due), unused(platformConnections.id))),
    db
      .update(platformConnections)
      .set({ connectionName: "", credentials: "" })
      .where(of(platformConnections.companyId, due)),
    db.delete(edoConnections).where(and(of(edoConnections.companyId, due), unused(edoConnections.id))),
    db
      .update(edoConnections)
      .set({ login: "", token: "", userName: "", tokenExpiresAt: new Date(0) })
      .where(of(edoConnections.companyId, due)),
    // Past the accounting term too: the records and the company go, children first.
    db
      .delete(quickPaymentDocuments)
      .where(
        inArray(
          quickPaymentDocuments.quickPaymentId,
          db.select({ id: quickPayments.id }).from(quickPayments).where(of(quickPayments.companyId, gone)),
        ),
      ),
    db.delete(payouts).where(of(payouts.companyId, gone)),
    db.delete(quickPayments).where(of(quickPayments.companyId, gone)),
    db.delete(ledgerEntries).where(of(ledgerEntries.companyId, gone)),
    db.delete(payments).where(of(payments.companyId, gone)),
    db.delete(subscriptions).where(of(subscriptions.companyId, gone)),
    db.delete(platformOrders).where(of(platformOrders.companyId, gone)),
    db.delete(platformConnections).where(of(platformConnections.companyId, gone)),
    db.delete(edoConnections).where(of(edoConnections.companyId, gone)),
    db
      .update(partnerLinks)
      .set({ registeredCompanyId: null })
      .where(of(partnerLinks.registeredCompanyId, gone)),
    db
      .update(companies)
      .set({ address: null, erasedAt: new Date(now) })
      .where(and(expired, isNull(companies.erasedAt)))
      .returning({ id: companies.id }),
    db
      .delete(companies)
      .where(and(expired, sql`not ${keptForAccounting}`))
      .returning({ id: companies.id }),
  ]);
  const [erased, deleted] = results.slice(-2) as [{ id: string }[], { id: string }[]];
  return { erased: erased.length, deleted: deleted.length };
}
