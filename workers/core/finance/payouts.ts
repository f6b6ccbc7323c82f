import { and, asc, eq, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { appMeta, companies } from "../../../db/schema";
import {
  companyRequisites,
  ledgerEntries,
  payouts,
  quickPayments,
  type PayoutKind,
  type PayoutPayee,
} from "../../../db/schema/finance";
import { platformOrders } from "../../../db/schema/platforms";
import type { JobMessage } from "../jobs/messages";
import {
  BankRefusedError,
  BankUnavailableError,
  type PayoutBank,
  type PayoutNotice,
  type PayoutOrder,
} from "../../providers/payout-bank";
import { checkDocuments } from "./documents-check";
import { finishMovement, recordMovement } from "./ledger";
import { PAYOUT_DEADLINE_MS } from "./quick-payments";
import type { HoldReason } from "./quick-payment-views";

// The quick-payment pipeline (decision 0054): requested → documents checked → approved → paid
// out, or held / failed, moved by the jobs Worker (a message per request) and the 30 s cron
// check (the bank's notices, payouts due, missed deadlines, held requests looked at again).
// Every step is a conditional update on the request's status and the ledger's writes are keyed
// by movement and state, so a redelivered message or two checks at once do nothing twice.

export type PayoutDeps = {
  db: Db;
  now: () => number;
  bank: PayoutBank;
  enqueue: (message: JobMessage) => Promise<void>;
};

type QuickPaymentRow = typeof quickPayments.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;
type Statement = BatchItem<"sqlite">;

/** Where the bank's notices were read up to (PayoutBank.notices' cursor). */
const NOTICES_CURSOR_KEY = "bank_notices_cursor";
/** Sends at once while paying out many: the bank answers each in ~10 ms; more gains little. */
const PARALLEL_SENDS = 8;
/** Payouts sent, requests looked at, notices applied per database batch, per check. */
export const CHECK_LIMIT = 2_000;
const NOTICES_PER_BATCH = 100;
/** A held request is looked at again this long after it was last held. */
export const HELD_RECHECK_MS = 5 * 60_000;
/** A request still at its first step after this long lost its message: the check moves it. */
const STALLED_MS = 60_000;

/** Retry of a payout the bank could not take: 30 s, 1 min, 2 min … capped at 30 minutes. */
export const payoutRetryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 1_800_000);

/** Field 3 of a payment order: up to six digits, from the payout's Рейс-wide number. */
const orderNumberOf = (seq: number) => String(((seq - 1) % 999_999) + 1);

const payoutMovement = (payoutId: string) => `payout:${payoutId}`;
const quickMovement = (id: string, part: "quick" | "fee" | "fee_refund") => `qp:${id}:${part}`;

/** The order as documents name it: its number people know, else the platform's id. */
const orderLabel = (order: { orderNumber: string | null; externalOrderId: string }) =>
  order.orderNumber ?? order.externalOrderId;

/** Moscow date, YYYY-MM-DD: a payment order's date. */
function moscowDate(at: number): string {
  return new Date(at + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
const ruDate = (isoDate: string) => isoDate.split("-").reverse().join(".");

/** Field 24 of the payment order, at most 210 characters. */
function purposeOf(kind: PayoutKind, order: string, requestedAt: number): string {
  const text =
    kind === "net"
      ? `Оплата денежного требования по заказу № ${order} (быстрая оплата Рейс от ${ruDate(moscowDate(requestedAt))}). НДС не облагается`
      : `Возврат комиссии за быструю оплату по заказу № ${order}: нарушен срок выплаты. НДС не облагается`;
  return text.length <= 210 ? text : `${text.slice(0, 209)}…`;
}

function hold(db: Db, qp: QuickPaymentRow, reason: HoldReason, detail: string | null, at: number) {
  return db
    .update(quickPayments)
    .set({ status: "held", holdReason: reason, holdDetail: detail, updatedAt: new Date(at) })
    .where(and(eq(quickPayments.id, qp.id), inArray(quickPayments.status, ["requested", "held"])));
}

/**
 * Moves one request as far as it can go now: checks its documents (or holds it with the reason),
 * approves it with its 24-hour deadline and queues the payout, then sends the payout. Safe to run
 * any number of times, at once too.
 */
export async function advanceQuickPayment(deps: PayoutDeps, id: string): Promise<void> {
  const { db } = deps;
  const [qp] = await db.select().from(quickPayments).where(eq(quickPayments.id, id));
  if (!qp) return;
  if (qp.status === "requested" || qp.status === "held") {
    const now = deps.now();
    const check = await checkDocuments(db, qp, now);
    if (!check.ok) {
      if (qp.status === "requested" || qp.holdReason !== check.reason || qp.holdDetail !== check.detail) {
        await hold(db, qp, check.reason, check.detail, now);
      } else {
        // Looked at again, still held: only the time moves, so the next look waits its turn.
        await db
          .update(quickPayments)
          .set({ updatedAt: new Date(now) })
          .where(eq(quickPayments.id, qp.id));
      }
      return;
    }
    await db
      .update(quickPayments)
      .set({
        status: "documents_checked",
        checkedAt: new Date(now),
        edoDocumentId: check.edoDocumentId,
        holdReason: null,
        holdDetail: null,
        updatedAt: new Date(now),
      })
      .where(and(eq(quickPayments.id, qp.id), inArray(quickPayments.status, ["requested", "held"])));
  }
  await approve(deps, id);
  await sendDuePayouts(deps, { quickPaymentId: id });
}

/** What the payee of a company's payouts is now, or why there is none. */
async function payeeOf(db: Db, companyId: string): Promise<PayoutPayee | string> {
  const [row] = await db
    .select({
      name: companies.name,
      inn: companies.inn,
      kpp: companies.kpp,
      account: companyRequisites.account,
      bik: companyRequisites.bik,
      bankName: companyRequisites.bankName,
      correspondentAccount: companyRequisites.correspondentAccount,
    })
    .from(companies)
    .leftJoin(companyRequisites, eq(companyRequisites.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row?.account || !row.bik || !row.bankName || !row.correspondentAccount)
    return "укажите расчётный счёт компании";
  if (!row.inn) return "в профиле компании нет ИНН";
  return {
    name: row.name,
    inn: row.inn,
    kpp: row.kpp,
    account: row.account,
    bank: { bic: row.bik, name: row.bankName, correspondentAccount: row.correspondentAccount },
  };
}

/** A payout row for the request's `kind` unless one is live (not rejected): idempotent. */
async function queuePayout(
  deps: PayoutDeps,
  qp: QuickPaymentRow,
  kind: PayoutKind,
  amountKopecks: number,
  payee: PayoutPayee,
  at: number,
): Promise<void> {
  const [order] = await deps.db
    .select({ orderNumber: platformOrders.orderNumber, externalOrderId: platformOrders.externalOrderId })
    .from(platformOrders)
    .where(eq(platformOrders.id, qp.orderId));
  const id = crypto.randomUUID();
  await deps.db
    .insert(payouts)
    .values({
      id,
      seq: sql`(SELECT coalesce(max(seq), 0) + 1 FROM payouts)`,
      companyId: qp.companyId,
      quickPaymentId: qp.id,
      kind,
      amountKopecks,
      payee,
      purpose: purposeOf(kind, order ? orderLabel(order) : qp.orderId.slice(-8), qp.requestedAt.getTime()),
      documentId: await deps.bank.documentIdOf(id),
      status: "queued",
      nextAttemptAt: new Date(at),
      createdAt: new Date(at),
    })
    .onConflictDoNothing();
}

/** documents_checked → approved (deadline 24 h on), its net payout queued; or held without an account. */
async function approve(deps: PayoutDeps, id: string): Promise<void> {
  const { db } = deps;
  const [qp] = await db.select().from(quickPayments).where(eq(quickPayments.id, id));
  if (!qp || (qp.status !== "documents_checked" && qp.status !== "approved")) return;
  const now = deps.now();
  if (qp.status === "documents_checked") {
    const payee = await payeeOf(db, qp.companyId);
    if (typeof payee === "string") {
      await db
        .update(quickPayments)
        .set({
          status: "held",
          holdReason: "requisites_missing",
          holdDetail: payee,
          updatedAt: new Date(now),
        })
        .where(and(eq(quickPayments.id, id), eq(quickPayments.status, "documents_checked")));
      return;
    }
    const [approved] = await db
      .update(quickPayments)
      .set({
        status: "approved",
        approvedAt: new Date(now),
        deadlineAt: new Date(now + PAYOUT_DEADLINE_MS),
        updatedAt: new Date(now),
      })
      .where(and(eq(quickPayments.id, id), eq(quickPayments.status, "documents_checked")))
      .returning();
    if (!approved) return;
    await queuePayout(deps, approved, "net", approved.netKopecks, payee, now);
    try {
      await deps.enqueue({ kind: "quick_payment.documents", id });
    } catch (error) {
      console.error("payouts: the documents' job could not be queued", id, error);
    }
    return;
  }
  // Approved earlier: make sure its payout exists (a crash between the two writes).
  const [live] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.quickPaymentId, id), eq(payouts.kind, "net")));
  if (live) return;
  const payee = await payeeOf(db, qp.companyId);
  if (typeof payee !== "string") await queuePayout(deps, qp, "net", qp.netKopecks, payee, now);
}

/**
 * Sends queued payouts whose time has come (all, or one request's), a few at once. A bank that is
 * down leaves them queued with a later time; nothing is lost and nothing is sent twice (the
 * payout's id makes a resend the same order at the bank).
 */
export async function sendDuePayouts(
  deps: PayoutDeps,
  scope: { quickPaymentId?: string; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const conditions: SQL[] = [eq(payouts.status, "queued"), lte(payouts.nextAttemptAt, new Date(now))];
  if (scope.quickPaymentId) conditions.push(eq(payouts.quickPaymentId, scope.quickPaymentId));
  const due = await deps.db
    .select({ payout: payouts, qp: quickPayments })
    .from(payouts)
    .innerJoin(quickPayments, eq(quickPayments.id, payouts.quickPaymentId))
    .where(and(...conditions))
    .orderBy(asc(payouts.nextAttemptAt))
    .limit(scope.limit ?? CHECK_LIMIT);
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < due.length; i += PARALLEL_SENDS) {
    const results = await Promise.all(
      due.slice(i, i + PARALLEL_SENDS).map((row) => sendPayout(deps, row.payout, row.qp)),
    );
    sent += results.filter(Boolean).length;
    failed += results.filter((ok) => !ok).length;
  }
  return { sent, failed };
}

async function sendPayout(deps: PayoutDeps, payout: PayoutRow, qp: QuickPaymentRow): Promise<boolean> {
  const { db } = deps;
  try {
    await deps.bank.sendPayout({
      id: payout.id,
      number: orderNumberOf(payout.seq),
      date: moscowDate(deps.now()),
      amountKopecks: payout.amountKopecks,
      payee: payout.payee,
      purpose: payout.purpose,
    });
  } catch (error) {
    if (!(error instanceof BankUnavailableError || error instanceof BankRefusedError)) throw error;
    const attempts = payout.attempts + 1;
    console.error(`payouts: the bank did not take ${payout.id} (attempt ${attempts}): ${error.message}`);
    await db
      .update(payouts)
      .set({
        attempts,
        lastError: error.message,
        nextAttemptAt: new Date(deps.now() + payoutRetryDelayMs(attempts)),
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "queued")));
    return false;
  }
  const at = deps.now();
  await db.batch([
    db
      .update(payouts)
      .set({ status: "sent", sentAt: new Date(at), attempts: payout.attempts + 1, lastError: null })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "queued"))),
    recordMovement(db, payoutMovementOf(payout, qp), "pending", at),
  ]);
  return true;
}

function payoutMovementOf(payout: PayoutRow, qp: QuickPaymentRow) {
  return {
    movementId: payoutMovement(payout.id),
    companyId: payout.companyId,
    type: "payout" as const,
    amountKopecks: payout.amountKopecks,
    description:
      payout.kind === "net"
        ? "Выплата быстрой оплаты на расчётный счёт"
        : "Возврат комиссии на расчётный счёт: срок выплаты нарушен",
    platformId: qp.platformId,
    orderId: qp.orderId,
    quickPaymentId: qp.id,
    transactionId: payout.documentId,
  };
}

/**
 * Applies the bank's notices since the stored cursor: an executed payout completes its ledger
 * movement and (for a request's net payout) records the quick payment and its commission and
 * marks the request paid out; a rejected one fails the movement and the request with the bank's
 * reason, charging nothing. Then stores the cursor. Applying a notice twice changes nothing.
 */
export async function applyBankNotices(deps: PayoutDeps): Promise<{ applied: number }> {
  const { db } = deps;
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, NOTICES_CURSOR_KEY));
  const { notices, cursor } = await deps.bank.notices(stored?.value ?? null);
  let applied = 0;
  for (let i = 0; i < notices.length; i += NOTICES_PER_BATCH) {
    const chunk = notices.slice(i, i + NOTICES_PER_BATCH);
    const rows = await db
      .select({ payout: payouts, qp: quickPayments })
      .from(payouts)
      .innerJoin(quickPayments, eq(quickPayments.id, payouts.quickPaymentId))
      .where(inArray(payouts.documentId, [...new Set(chunk.map((n) => n.documentId))]));
    const byDocument = new Map(rows.map((row) => [row.payout.documentId, row]));
    const statements: Statement[] = [];
    const refunds: { qp: QuickPaymentRow; payee: PayoutPayee }[] = [];
    for (const notice of chunk) {
      const row = byDocument.get(notice.documentId);
      if (!row) continue;
      statements.push(...noticeStatements(deps, row.payout, row.qp, notice, refunds));
      applied++;
    }
    if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
    for (const refund of refunds)
      await queuePayout(deps, refund.qp, "fee_refund", refund.qp.feeKopecks, refund.payee, deps.now());
  }
  if (cursor !== null && cursor !== stored?.value)
    await db
      .insert(appMeta)
      .values({ key: NOTICES_CURSOR_KEY, value: cursor })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: cursor } });
  return { applied };
}

/** The bank's time (its clock, Moscow) as ms since epoch; ours when it cannot be read. */
function noticeTime(notice: PayoutNotice, fallback: number): number {
  const at = Date.parse(`${notice.at}+03:00`);
  return Number.isFinite(at) ? at : fallback;
}

function noticeStatements(
  deps: PayoutDeps,
  payout: PayoutRow,
  qp: QuickPaymentRow,
  notice: PayoutNotice,
  refunds: { qp: QuickPaymentRow; payee: PayoutPayee }[],
): Statement[] {
  const { db } = deps;
  const now = deps.now();
  // The bank's clock has whole seconds: never before our own record of sending it.
  const at = Math.min(Math.max(noticeTime(notice, now), payout.sentAt?.getTime() ?? 0), now);
  const live = inArray(payouts.status, ["queued", "sent"]);
  if (notice.state === "accepted") {
    return [
      db
        .update(payouts)
        .set({ bankCode: notice.bankCode, bankReason: notice.reason })
        .where(and(eq(payouts.id, payout.id), live)),
    ];
  }
  if (payout.status === "executed" || payout.status === "rejected") return [];
  const movement = payoutMovementOf(payout, qp);
  const ended = notice.state === "executed" ? "completed" : "failed";
  const statements: Statement[] = [
    db
      .update(payouts)
      .set({
        status: notice.state === "executed" ? "executed" : "rejected",
        bankCode: notice.bankCode,
        bankReason: notice.reason,
        finishedAt: new Date(at),
      })
      .where(and(eq(payouts.id, payout.id), live)),
    // The pending row first, in case the notice overtook the send's answer.
    recordMovement(db, movement, "pending", payout.sentAt?.getTime() ?? at),
    finishMovement(db, movement.movementId, ended, at, payout.documentId),
  ];
  if (payout.kind !== "net") return statements;
  const base = {
    companyId: qp.companyId,
    platformId: qp.platformId,
    orderId: qp.orderId,
    quickPaymentId: qp.id,
  };
  if (notice.state === "rejected") {
    statements.push(
      db
        .update(quickPayments)
        .set({
          status: "failed",
          failureReason: `Банк отклонил выплату: ${notice.reason ?? `код ${notice.bankCode}`}`,
          failedAt: new Date(at),
          updatedAt: new Date(now),
        })
        .where(and(eq(quickPayments.id, qp.id), eq(quickPayments.status, "approved"))),
      finishMovement(db, quickMovement(qp.id, "fee_refund"), "failed", at),
    );
    return statements;
  }
  statements.push(
    recordMovement(
      db,
      {
        ...base,
        movementId: quickMovement(qp.id, "quick"),
        type: "quick",
        amountKopecks: qp.amountKopecks,
        description: "Быстрая оплата заказа: право требования продано Рейсу",
      },
      "completed",
      at,
    ),
    db
      .update(quickPayments)
      .set({ status: "paid_out", paidOutAt: new Date(at), updatedAt: new Date(now) })
      .where(and(eq(quickPayments.id, qp.id), eq(quickPayments.status, "approved"))),
  );
  if (qp.feeKopecks > 0) {
    statements.push(
      recordMovement(
        db,
        {
          ...base,
          movementId: quickMovement(qp.id, "fee"),
          type: "fee",
          amountKopecks: qp.feeKopecks,
          description: `Комиссия за быструю оплату, ${qp.feeRateBp / 100} %`.replace(".", ","),
        },
        "completed",
        at,
      ),
    );
    const late = qp.deadlineAt !== null && at > qp.deadlineAt.getTime();
    if (late || qp.feeRefundedAt !== null) {
      // The promise was missed: the commission comes back, and goes to the account with its own order.
      statements.push(
        recordMovement(db, refundMovement(qp), "pending", qp.feeRefundedAt?.getTime() ?? at),
        finishMovement(db, quickMovement(qp.id, "fee_refund"), "completed", at),
        db
          .update(quickPayments)
          .set({ feeRefundedAt: new Date(at) })
          .where(and(eq(quickPayments.id, qp.id), isNull(quickPayments.feeRefundedAt))),
      );
      refunds.push({ qp, payee: payout.payee });
    }
  }
  return statements;
}

function refundMovement(qp: QuickPaymentRow) {
  return {
    movementId: quickMovement(qp.id, "fee_refund"),
    companyId: qp.companyId,
    type: "fee_refund" as const,
    amountKopecks: qp.feeKopecks,
    description: "Возврат комиссии: выплата не уложилась в 24 часа",
    platformId: qp.platformId,
    orderId: qp.orderId,
    quickPaymentId: qp.id,
  };
}

/**
 * Approved requests past their 24-hour deadline and not yet paid out: the commission is owed
 * back. The refund is recorded pending now (the timeline says so at once) and completes when the
 * payout is executed (or fails with it: a commission never charged is not given back).
 */
export async function refundMissedDeadlines(deps: PayoutDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const missed = await db
    .select()
    .from(quickPayments)
    .where(
      and(
        eq(quickPayments.status, "approved"),
        lt(quickPayments.deadlineAt, new Date(now)),
        isNull(quickPayments.feeRefundedAt),
        sql`${quickPayments.feeKopecks} > 0`,
      ),
    )
    .limit(CHECK_LIMIT);
  for (const qp of missed) {
    await db.batch([
      db
        .update(quickPayments)
        .set({ feeRefundedAt: new Date(now), updatedAt: new Date(now) })
        .where(and(eq(quickPayments.id, qp.id), isNull(quickPayments.feeRefundedAt))),
      recordMovement(db, refundMovement(qp), "pending", now),
    ]);
  }
  return missed.length;
}

/**
 * Requests to look at again: held ones whose cause may have gone (a sync closed the chain, an
 * account was entered), every HELD_RECHECK_MS; and ones whose step's message was lost.
 */
async function requestsToAdvance(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .select({ id: quickPayments.id })
    .from(quickPayments)
    .where(
      sql`(${quickPayments.status} = 'held' AND ${quickPayments.updatedAt} < ${now - HELD_RECHECK_MS})
        OR (${quickPayments.status} IN ('requested', 'documents_checked') AND ${quickPayments.updatedAt} < ${now - STALLED_MS})
        OR (${quickPayments.status} = 'approved' AND NOT EXISTS (SELECT 1 FROM ${payouts}
          WHERE ${payouts.quickPaymentId} = ${quickPayments.id} AND ${payouts.kind} = 'net'))`,
    )
    .limit(CHECK_LIMIT);
  return rows.map((row) => row.id);
}

/**
 * The 30-second check (cron, twice a minute): the bank's notices first (money that arrived),
 * then missed deadlines, requests to look at again, and payouts due. Each part's failure is
 * logged and the rest still runs; a bank that is down is simply asked again next time.
 */
export async function checkPayouts(
  deps: PayoutDeps,
): Promise<{ applied: number; sent: number; failed: number }> {
  let applied = 0;
  // The bank is asked only while a payout is on its way: an idle check costs one indexed read.
  if (await payoutsInFlight(deps.db)) {
    try {
      applied = (await applyBankNotices(deps)).applied;
    } catch (error) {
      if (!(error instanceof BankUnavailableError || error instanceof BankRefusedError)) throw error;
      console.error(`payouts: the bank's notices could not be read: ${error.message}`);
    }
  }
  await refundMissedDeadlines(deps);
  for (const id of await requestsToAdvance(deps.db, deps.now())) await advanceQuickPayment(deps, id);
  const { sent, failed } = await sendDuePayouts(deps);
  return { applied, sent, failed };
}

/**
 * The payment orders decided on a Moscow day (YYYY-MM-DD), rejected ones left out, in number
 * order: what a day's 1CClientBankExchange file carries to a bank without an API.
 */
export async function payoutOrdersOfDay(db: Db, day: string): Promise<PayoutOrder[]> {
  const start = Date.parse(`${day}T00:00:00+03:00`);
  const rows = await db
    .select()
    .from(payouts)
    .where(
      and(
        sql`${payouts.createdAt} >= ${start} AND ${payouts.createdAt} < ${start + 24 * 60 * 60 * 1000}`,
        sql`${payouts.status} <> 'rejected'`,
      ),
    )
    .orderBy(asc(payouts.seq));
  return rows.map((p) => ({
    id: p.id,
    number: orderNumberOf(p.seq),
    date: day,
    amountKopecks: p.amountKopecks,
    payee: p.payee,
    purpose: p.purpose,
  }));
}

/** Whether any payout is queued or sent: the bank may have something to say of it. */
async function payoutsInFlight(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(inArray(payouts.status, ["queued", "sent"]))
    .limit(1);
  return row !== undefined;
}

/** The ledger's entries of one request, for tests and the bench: movement, type, state, amount. */
export async function ledgerOfQuickPayment(db: Db, quickPaymentId: string) {
  return db
    .select({
      movementId: ledgerEntries.movementId,
      type: ledgerEntries.type,
      status: ledgerEntries.status,
      amountKopecks: ledgerEntries.amountKopecks,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.quickPaymentId, quickPaymentId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.movementId));
}
