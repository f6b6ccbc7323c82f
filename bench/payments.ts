// `npm run bench:payments`: one payment-status check (the `payments.check` job, decision 0031)
// over 1,000 pending payments at the sandbox YooKassa, next to the limit measured in the same
// run: the same number of bare status reads through the same adapter at the same concurrency,
// with no database work. See bench/README.md.
import { performance } from "node:perf_hooks";
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { companies, payments, subscriptions, users } from "../db/schema";
import { stopChildren, type Child } from "../scripts/lib/processes";
import { CHECK_CONCURRENCY, checkPendingPayments } from "../workers/core/billing/payment-checks";
import { createPayment, type BillingDeps } from "../workers/core/billing/payments";
import { createYooKassa } from "../workers/providers/yookassa";
import { call, forEachLimited, postJson, round } from "./common";
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

const paymentCount = Math.floor(envNumber("BENCH_PAYMENTS", 1_000, 8, 20_000));
/** The cron asks for a check every 30 seconds (decision 0003): one check must fit in that window. */
const WINDOW_SECONDS = 30;
/** Of the payments made, every second is paid and every fourth declined at the sandbox; the rest stay pending. */
const PAYS = "5555555555554477";
const DECLINED = "5555555555554592";
const SANDBOX_SHOP = { shopId: "123456", secretKey: "test_reys_sandbox_secret" };
const SETUP_CONCURRENCY = 16;

const log = (line: string) => console.log(`[bench:payments] ${line}`);
// Only the temporary directory and cleanup of ownStack are used: this bench needs sqld and the
// sandbox, not the Workers (whose cron would run checks of its own during the measurement).
const { dataDir, cleanup: removeDataDir } = ownStack("bench:payments", log);
const children: Child[] = [];

/** One company (with a user) per payment, so the check's concurrent applications never share a subscription. */
async function createCompanies(db: Db, n: number): Promise<{ companyId: string; userId: string }[]> {
  const now = new Date();
  const members = Array.from({ length: n }, () => ({
    companyId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
  }));
  for (let i = 0; i < n; i += 100) {
    const slice = members.slice(i, i + 100);
    await db.batch([
      db
        .insert(companies)
        .values(slice.map((m, j) => ({ id: m.companyId, name: `ООО «Замер ${i + j}»`, createdAt: now }))),
      db.insert(users).values(
        slice.map((m) => ({
          id: m.userId,
          companyId: m.companyId,
          firstName: "Иван",
          lastName: "Замеров",
          email: `bench.${m.userId}@example.ru`,
          phone: "+79001234567",
          passwordHash: "none",
          createdAt: now,
        })),
      ),
    ]);
  }
  return members;
}

async function main() {
  log("starting sqld and the sandbox…");
  // No YOOKASSA_WEBHOOK_URL: no notifications, so only the check settles payments.
  const { database, sandbox } = await startDatabaseAndSandbox(
    dataDir,
    { YOOKASSA_WEBHOOK_URL: "" },
    children,
  );

  const db = createDb({ url: database });
  const provider = createYooKassa({ apiUrl: `${sandbox}/v3`, ...SANDBOX_SHOP });
  const deps: BillingDeps = { db, provider, now: () => Date.now() };

  log(`creating ${paymentCount} payments (one company each) through the real create…`);
  const members = await createCompanies(db, paymentCount);
  const created: string[] = new Array<string>(paymentCount);
  const createStarted = performance.now();
  await forEachLimited(members, CHECK_CONCURRENCY, async (member, index) => {
    const result = await createPayment(
      deps,
      member,
      {
        planId: index % 3 === 0 ? "basic" : index % 3 === 1 ? "extended" : "corporate",
        returnUrl: "http://bench.test/payment/success",
      },
      "http://bench.test",
    );
    if (!result.ok) throw new Error(`create ${index}: ${result.reason}`);
    created[index] = result.payment.id;
  });
  const createSeconds = (performance.now() - createStarted) / 1000;
  const rows = await db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(inArray(payments.id, created));
  const providerIds = new Map(rows.map((row) => [row.id, row.providerPaymentId!]));

  log("paying every second payment and declining every fourth at the sandbox…");
  const outcomes = created.map((_, index) => (index % 2 === 0 ? PAYS : index % 4 === 1 ? DECLINED : null));
  await forEachLimited(created, SETUP_CONCURRENCY, async (id, index) => {
    const card = outcomes[index];
    if (card)
      await call(`${sandbox}/__sandbox/yookassa/payments/${providerIds.get(id)}/pay`, postJson({ card }));
  });
  const expectedPaid = outcomes.filter((card) => card === PAYS).length;
  const expectedDeclined = outcomes.filter((card) => card === DECLINED).length;

  log(`limit: ${paymentCount} bare status reads, ${CHECK_CONCURRENCY} at a time…`);
  const rawStarted = performance.now();
  await forEachLimited(created, CHECK_CONCURRENCY, async (id) => {
    await provider.getPayment(providerIds.get(id)!);
  });
  const rawSeconds = (performance.now() - rawStarted) / 1000;

  log("one payments.check…");
  const checkStarted = performance.now();
  const report = await checkPendingPayments(deps);
  const checkSeconds = (performance.now() - checkStarted) / 1000;

  const statusCount = async (status: "pending" | "succeeded" | "canceled") =>
    (
      await db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.status, status), inArray(payments.id, created)))
    )[0].n;
  const [succeeded, canceled, pending] = [
    await statusCount("succeeded"),
    await statusCount("canceled"),
    await statusCount("pending"),
  ];
  const [{ n: activated }] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(isNotNull(subscriptions.currentPeriodEnd));
  if (succeeded !== expectedPaid || activated !== expectedPaid || canceled !== expectedDeclined)
    throw new Error(
      `expected ${expectedPaid} succeeded (and as many plans activated) and ${expectedDeclined} canceled; got ${succeeded}, ${activated}, ${canceled}`,
    );

  const perSecond = (n: number, seconds: number) => round(n / seconds, 1);
  console.log(
    `\n${table(
      ["measure", "payments", "provider calls", "seconds", "calls/s"],
      [
        [
          "one payments.check",
          String(report.checked),
          String(report.providerCalls),
          fixed(checkSeconds, 2),
          fixed(perSecond(report.providerCalls, checkSeconds), 1),
        ],
        [
          "limit: bare status reads, same adapter",
          String(paymentCount),
          String(paymentCount),
          fixed(rawSeconds, 2),
          fixed(perSecond(paymentCount, rawSeconds), 1),
        ],
        [
          "creating them (for scale)",
          String(paymentCount),
          String(paymentCount),
          fixed(createSeconds, 2),
          fixed(perSecond(paymentCount, createSeconds), 1),
        ],
      ],
    )}`,
  );
  console.log(
    `\ncheck ÷ limit: ${fixed(checkSeconds / rawSeconds, 2)}x the time of the bare reads; ` +
      `window ${WINDOW_SECONDS} s: ${checkSeconds <= WINDOW_SECONDS ? "inside" : "OUTSIDE"}. ` +
      `Applied ${report.applied} outcomes (${succeeded} paid, ${canceled} declined), ${pending} still pending, ${report.failed} not answered.`,
  );
  const file = writeResults("payments-", {
    environment: {
      ...environment(),
      server: "Node (checkPendingPayments), sqld and the sandbox as processes",
    },
    settings: { payments: paymentCount, concurrency: CHECK_CONCURRENCY, windowSeconds: WINDOW_SECONDS },
    check: { ...report, seconds: round(checkSeconds, 3) },
    limit: { reads: paymentCount, seconds: round(rawSeconds, 3) },
    create: { payments: paymentCount, seconds: round(createSeconds, 3) },
    outcome: { succeeded, canceled, pending, activated },
  });
  log(`results: ${file}`);
}

await runBench(
  "bench:payments",
  main,
  async () => {
    await stopChildren([...children].reverse());
    await removeDataDir();
  },
  15 * 60_000,
);
