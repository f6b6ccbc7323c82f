import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { and, desc, eq, inArray, like, ne } from "drizzle-orm";
import { edoConnections, edoDocuments } from "../../db/schema";
import { companyRequisites, quickPayments } from "../../db/schema/finance";
import { platformOrders } from "../../db/schema/platforms";
import { CARRIER_ACCOUNTS } from "../../sandbox/bank/accounts";
import { startEdoOrdersSync, syncEdoOrdersPage } from "../../workers/core/edo/orders";
import { documentMaker } from "../../workers/core/finance/documents/documents";
import { factorOf, type FactorVars } from "../../workers/core/finance/documents/factor";
import { advanceQuickPayment, applyBankNotices, type PayoutDeps } from "../../workers/core/finance/payouts";
import { checkDocuments } from "../../workers/core/finance/documents-check";
import { makeQuickPaymentDocuments } from "../../workers/core/finance/quick-payment-documents";
import { requestQuickPayment } from "../../workers/core/finance/quick-payments";
import type { PayoutBank } from "../../workers/providers/payout-bank";
import type { Db } from "../../db/client";
import { localQueue, seedDirectorOnce } from "./once";

const SEEDED_KEY = "demo_finance_seeded_at";
/** Amounts the demo carrier states for its EDO orders (their documents carry no price), kopecks. */
const DEMO_AMOUNTS = [85_000_00, 120_500_50, 64_300_00, 97_800_00];
/** How long the seed waits for the sandbox bank to execute the demo payouts (it takes ~5 s). */
const BANK_WAIT_MS = 20_000;

const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

/**
 * The demo company's money (issue 21, item 10), through the real steps: its settlement account;
 * its EDO docflows made orders; four delivered EDO orders sold by quick payment — checked against
 * their chains, approved, paid out by the sandbox bank and confirmed from its notices, with their
 * documents — and one platform order asked for whose waybill is not in EDO, so it waits with its
 * reason. The rest of its delivered orders stay ready for payment. Once per database.
 */
export function seedDemoFinance(deps: {
  db: Db;
  bank: PayoutBank;
  vars: FactorVars;
  feeRateBp: number;
  now: () => number;
}): Promise<boolean> {
  const { db } = deps;
  return seedDirectorOnce(db, SEEDED_KEY, deps.now(), async (companyId) => {
    const account = CARRIER_ACCOUNTS[0];
    await db
      .insert(companyRequisites)
      .values({
        companyId,
        account: account.account,
        bik: account.bic,
        bankName: account.bankName,
        correspondentAccount: account.correspondentAccount,
        updatedAt: new Date(deps.now()),
      })
      .onConflictDoNothing();

    // The EDO docflows become orders, as «Синхронизировать ЭДО» does.
    const queue = localQueue();
    const [connection] = await db
      .select({ id: edoConnections.id, companyId: edoConnections.companyId })
      .from(edoConnections)
      .where(eq(edoConnections.companyId, companyId));
    if (connection) {
      await startEdoOrdersSync({ db, enqueue: queue.enqueue, now: deps.now }, connection);
      await queue.drain(async (message) => {
        if (message.kind === "edo.orders")
          await syncEdoOrdersPage({ db, enqueue: queue.enqueue, now: deps.now }, message, 1);
      });
    }

    // Delivered EDO orders whose chains the consignee closed: these pass the documents check.
    const closed = await db
      .select({ id: platformOrders.id })
      .from(platformOrders)
      .innerJoin(
        edoDocuments,
        and(
          eq(edoDocuments.companyId, platformOrders.companyId),
          eq(edoDocuments.id, platformOrders.externalOrderId),
        ),
      )
      .where(
        and(
          eq(platformOrders.companyId, companyId),
          eq(platformOrders.platformId, "edo"),
          eq(platformOrders.status, "свободен"),
          eq(edoDocuments.deleted, false),
          like(edoDocuments.titleTypes, "%|ON_TRNACLGRPO|%"),
        ),
      )
      .orderBy(desc(platformOrders.createdAt))
      .limit(40);
    const [platformOrder] = await db
      .select({ id: platformOrders.id, priceKopecks: platformOrders.priceKopecks })
      .from(platformOrders)
      .where(
        and(
          eq(platformOrders.companyId, companyId),
          ne(platformOrders.platformId, "edo"),
          eq(platformOrders.status, "delivered"),
        ),
      )
      .limit(1);

    const payoutDeps: PayoutDeps = { db, now: deps.now, bank: deps.bank, enqueue: queue.enqueue };
    const asked: string[] = [];
    const ask = async (orderId: string, amountKopecks: number) => {
      const result = await requestQuickPayment(db, {
        companyId,
        requesterId: null,
        orderId,
        amountKopecks,
        consent: { accepted: true, timestamp: deps.now() },
        feeRateBp: deps.feeRateBp,
        now: deps.now(),
      });
      if (!result.ok) return null;
      await advanceQuickPayment(payoutDeps, result.quickPayment.id);
      return result.quickPayment.id;
    };
    for (const order of closed) {
      if (asked.length === DEMO_AMOUNTS.length) break;
      const amountKopecks = DEMO_AMOUNTS[asked.length];
      // Only chains the check approves: the demo's waiting request is the platform order below.
      const check = await checkDocuments(
        db,
        { companyId, orderId: order.id, amountKopecks, amountDeclared: true },
        deps.now(),
      );
      if (!check.ok) continue;
      const id = await ask(order.id, amountKopecks);
      if (id) asked.push(id);
    }
    if (platformOrder?.priceKopecks) await ask(platformOrder.id, platformOrder.priceKopecks);

    // The documents the approvals asked for.
    const make = documentMaker({
      regular: font("DejaVuSerifCondensed.ttf"),
      bold: font("DejaVuSerifCondensed-Bold.ttf"),
    });
    const factor = factorOf(deps.vars);
    await queue.drain(async (message) => {
      if (message.kind === "quick_payment.documents")
        await makeQuickPaymentDocuments(
          { db, now: deps.now, factor: () => factor, make: make.quickPaymentDocumentsFor },
          message.id,
        );
    });

    // The sandbox bank executes them after its delay; its notices mark them paid out.
    const until = deps.now() + BANK_WAIT_MS;
    for (;;) {
      await applyBankNotices(payoutDeps);
      const paid = asked.length
        ? await db
            .select({ id: quickPayments.id })
            .from(quickPayments)
            .where(and(inArray(quickPayments.id, asked), eq(quickPayments.status, "paid_out")))
        : [];
      if (paid.length === asked.length || deps.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });
}
