// `npm run bench:payouts`: 1,000 approved quick payments paid out and confirmed by the payout
// check (decision 0054) — one check sends their payment orders to the sandbox bank over
// 1C:DirectBank, the next reads the bank's notices into the ledger — timed against the 30 s
// window of the cron, next to the limit measured in the same run: the same number of bare
// payment orders sent through the same adapter at the same concurrency and their notices read,
// with no database work. Then the bank's statement is reconciled with the ledger to the kopeck.
// See bench/README.md.
import { performance } from "node:perf_hooks";
import { and, count, eq, inArray, sum } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { appMeta, companies, ledgerEntries, payouts, quickPayments } from "../db/schema";
import { companyRequisites, type PayoutPayee } from "../db/schema/finance";
import { platformConnections, platformOrders } from "../db/schema/platforms";
import { BANK_SANDBOX_PAYER, sandboxProviderVars } from "../sandbox/vars";
import { CARRIER_ACCOUNTS } from "../sandbox/bank/accounts";
import { stopChildren, type Child } from "../scripts/lib/processes";
import { checkPayouts, type PayoutDeps } from "../workers/core/finance/payouts";
import { PAYOUT_DEADLINE_MS } from "../workers/core/finance/quick-payments";
import { payoutBankFor } from "../workers/providers/bank-config";
import { call, forEachLimited, round } from "./common";
import {
  envNumber,
  environment,
  fixed,
  ownStack,
  runBench,
  startDatabaseAndSandbox,
  table,
  writeResults,
} from "./harness";

const requestCount = Math.floor(envNumber("BENCH_PAYOUTS", 1_000, 8, 2_000));
/** The cron asks for a payout check every 30 seconds (decision 0054): paying out must fit in that window. */
const WINDOW_SECONDS = 30;
/** As many payment orders at once as the check sends. */
const SEND_CONCURRENCY = 8;
const ROWS_PER_INSERT = 100;

const log = (line: string) => console.log(`[bench:payouts] ${line}`);
// sqld and the sandbox only: the Workers' own cron would run checks during the measurement.
const { dataDir, cleanup: removeDataDir } = ownStack("bench:payouts", log);
const children: Child[] = [];

/** `n` carriers, each with a delivered order and its quick payment approved a moment ago, its payout queued. */
async function approvedRequests(db: Db, n: number, now: number): Promise<string[]> {
  const at = new Date(now);
  const ids: string[] = [];
  for (let start = 0; start < n; start += ROWS_PER_INSERT) {
    const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, n - start) }, (_, j) => {
      const i = start + j;
      const account = CARRIER_ACCOUNTS[i % CARRIER_ACCOUNTS.length];
      // 10,000.00–59,999.99 ₽, different kopecks each, so a kopeck lost anywhere shows.
      const amount = 1_000_000 + ((i * 7_919_333) % 5_000_000);
      const fee = Math.floor((amount * 200 + 5_000) / 10_000);
      const ids = { company: crypto.randomUUID(), order: crypto.randomUUID(), request: crypto.randomUUID() };
      const payee: PayoutPayee = {
        name: account.holder.name,
        inn: account.holder.inn,
        kpp: account.holder.kpp,
        account: account.account,
        bank: {
          bic: account.bic,
          name: account.bankName,
          correspondentAccount: account.correspondentAccount,
        },
      };
      return { i, account, amount, fee, ids, payee };
    });
    ids.push(...rows.map((r) => r.ids.request));
    await db.batch([
      db.insert(companies).values(
        rows.map((r) => ({
          id: r.ids.company,
          name: r.account.holder.name,
          inn: null,
          createdAt: at,
        })),
      ),
      db.insert(companyRequisites).values(
        rows.map((r) => ({
          companyId: r.ids.company,
          account: r.account.account,
          bik: r.account.bic,
          bankName: r.account.bankName,
          correspondentAccount: r.account.correspondentAccount,
          updatedAt: at,
        })),
      ),
      db.insert(platformConnections).values(
        rows.map((r) => ({
          id: r.ids.company,
          companyId: r.ids.company,
          platformId: "magnit" as const,
          connectionName: "Магнит",
          credentials: "sealed-elsewhere",
          createdAt: at,
        })),
      ),
      db.insert(platformOrders).values(
        rows.map((r) => ({
          id: r.ids.order,
          companyId: r.ids.company,
          connectionId: r.ids.company,
          platformId: "magnit" as const,
          externalOrderId: `MGN-BENCH-${r.i}`,
          pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
          deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
          documentsRequired: [],
          priceKopecks: r.amount,
          currency: "RUB",
          status: "delivered" as const,
          createdAt: at,
          syncedAt: at,
        })),
      ),
      db.insert(quickPayments).values(
        rows.map((r) => ({
          id: r.ids.request,
          companyId: r.ids.company,
          orderId: r.ids.order,
          platformId: "magnit" as const,
          amountKopecks: r.amount,
          feeRateBp: 200,
          feeKopecks: r.fee,
          netKopecks: r.amount - r.fee,
          status: "approved" as const,
          consentAt: at,
          requestedAt: at,
          checkedAt: at,
          approvedAt: at,
          deadlineAt: new Date(now + PAYOUT_DEADLINE_MS),
          updatedAt: at,
        })),
      ),
    ]);
    // The payouts as approval queues them (their document ids derived as the adapter derives them).
    const bank = payoutBankFor(sandboxProviderVars("http://unused"));
    const payoutRows = await Promise.all(
      rows.map(async (r) => {
        const id = crypto.randomUUID();
        return {
          id,
          seq: r.i + 1,
          companyId: r.ids.company,
          quickPaymentId: r.ids.request,
          kind: "net" as const,
          amountKopecks: r.amount - r.fee,
          payee: r.payee,
          purpose: `Оплата денежного требования по заказу № MGN-BENCH-${r.i}. НДС не облагается`,
          documentId: await bank.documentIdOf(id),
          status: "queued" as const,
          nextAttemptAt: at,
          createdAt: at,
        };
      }),
    );
    await db.insert(payouts).values(payoutRows);
  }
  return ids;
}

async function main() {
  log("starting sqld and the sandbox (the bank executing orders at once)…");
  const { database, sandbox } = await startDatabaseAndSandbox(
    dataDir,
    { SANDBOX_BANK_EXECUTION_DELAY_MS: "0" },
    children,
  );
  // Enough money for both runs: the limit's orders and the product's.
  await call(`${sandbox}/__sandbox/bank/accounts/${BANK_SANDBOX_PAYER.account}/balance`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ balanceKopecks: 1_000_000_000_000 }),
  });

  const db = createDb({ url: database });
  const bank = payoutBankFor(sandboxProviderVars(sandbox));
  const deps: PayoutDeps = { db, now: () => Date.now(), bank, enqueue: async () => {} };

  log(`limit: ${requestCount} bare payment orders, ${SEND_CONCURRENCY} at a time, then their notices…`);
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const account = CARRIER_ACCOUNTS[0];
  const rawStarted = performance.now();
  await forEachLimited(
    Array.from({ length: requestCount }, (_, i) => i),
    SEND_CONCURRENCY,
    async (i) => {
      await bank.sendPayout({
        id: crypto.randomUUID(),
        number: String(900_000 + i),
        date: today,
        amountKopecks: 100_00 + i,
        payee: {
          name: account.holder.name,
          inn: account.holder.inn,
          kpp: account.holder.kpp,
          account: account.account,
          bank: {
            bic: account.bic,
            name: account.bankName,
            correspondentAccount: account.correspondentAccount,
          },
        },
        purpose: "Замер: платёжное поручение без базы данных. НДС не облагается",
      });
    },
  );
  const rawSendSeconds = (performance.now() - rawStarted) / 1000;
  const rawNotices = await bank.notices(null);
  const rawSeconds = (performance.now() - rawStarted) / 1000;

  log(`${requestCount} approved requests with their payouts queued…`);
  const requests = await approvedRequests(db, requestCount, Date.now());
  // The product starts reading notices after the limit's: its cursor, as if it had read them.
  await db.insert(appMeta).values({ key: "bank_notices_cursor", value: rawNotices.cursor! });

  log("payout check 1 (sends), check 2 (reads the notices)…");
  const started = performance.now();
  const first = await checkPayouts(deps);
  const firstSeconds = (performance.now() - started) / 1000;
  const second = await checkPayouts(deps);
  const windowSeconds = (performance.now() - started) / 1000;

  const [{ paid }] = await db
    .select({ paid: count() })
    .from(quickPayments)
    .where(and(inArray(quickPayments.id, requests), eq(quickPayments.status, "paid_out")));
  const [{ paidOut }] = await db
    .select({ paidOut: sum(ledgerEntries.amountKopecks).mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, "payout"), eq(ledgerEntries.status, "completed")));
  const ours = new Set(
    (await db.select({ documentId: payouts.documentId }).from(payouts)).map((row) => row.documentId),
  );
  const statementStarted = performance.now();
  const statement = await bank.statement({ from: today, to: today });
  const statementSeconds = (performance.now() - statementStarted) / 1000;
  const atBank = statement.operations
    .filter((o) => o.direction === "out" && o.documentId !== null && ours.has(o.documentId))
    .reduce((total, o) => total + o.amountKopecks, 0);
  const reconciled = atBank === paidOut;
  if (paid !== requestCount || !reconciled)
    throw new Error(
      `expected ${requestCount} paid out and the ledger equal to the statement; got ${paid} paid out, ledger ${paidOut}, bank ${atBank}`,
    );

  const rub = (kopecks: number) =>
    new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB" }).format(kopecks / 100);
  console.log(
    `\n${table(
      ["measure", "orders", "seconds", "orders/s"],
      [
        [
          "check 1: send the payment orders",
          String(first.sent),
          fixed(firstSeconds, 2),
          fixed(first.sent / firstSeconds, 1),
        ],
        [
          "checks 1 + 2: sent and confirmed (ledger, paid out)",
          String(paid),
          fixed(windowSeconds, 2),
          fixed(paid / windowSeconds, 1),
        ],
        [
          "limit: bare orders sent + notices read, same adapter",
          String(requestCount),
          fixed(rawSeconds, 2),
          fixed(requestCount / rawSeconds, 1),
        ],
        [
          "  of which sending",
          String(requestCount),
          fixed(rawSendSeconds, 2),
          fixed(requestCount / rawSendSeconds, 1),
        ],
        [
          "the day's statement (for scale)",
          String(statement.operations.length),
          fixed(statementSeconds, 2),
          "",
        ],
      ],
    )}`,
  );
  console.log(
    `\npaid out ÷ limit: ${fixed(windowSeconds / rawSeconds, 2)}x the time of the bare calls; ` +
      `window ${WINDOW_SECONDS} s: ${windowSeconds <= WINDOW_SECONDS ? "inside" : "OUTSIDE"}. ` +
      `${second.applied} notices applied, ${first.failed + second.failed} sends failed. ` +
      `Ledger paid out ${rub(paidOut)} = bank statement ${rub(atBank)}: ${reconciled ? "to the kopeck" : "MISMATCH"}.`,
  );
  const file = writeResults("payouts-", {
    environment: { ...environment(), server: "Node (checkPayouts), sqld and the sandbox bank as processes" },
    settings: { requests: requestCount, concurrency: SEND_CONCURRENCY, windowSeconds: WINDOW_SECONDS },
    checks: { first, second, firstSeconds: round(firstSeconds, 3), windowSeconds: round(windowSeconds, 3) },
    limit: { orders: requestCount, sendSeconds: round(rawSendSeconds, 3), seconds: round(rawSeconds, 3) },
    reconciliation: { ledgerKopecks: paidOut, statementKopecks: atBank, reconciled },
  });
  log(`results: ${file}`);
}

await runBench(
  "bench:payouts",
  main,
  async () => {
    await stopChildren([...children].reverse());
    await removeDataDir();
  },
  15 * 60_000,
);
