import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { quickPaymentDocuments, quickPayments } from "../../db/schema/finance";
import { sandboxProviderVars } from "../../sandbox/vars";
import { startTestSandbox } from "../../tests/support/sandbox";
import { seededDbForBlock } from "../../tests/support/test-db";
import { generateKeyBase64 } from "../../workers/core/crypto/secret-box";
import { balanceOf } from "../../workers/core/finance/ledger";
import { quickPaymentsOf } from "../../workers/core/finance/quick-payment-views";
import { readyOrders } from "../../workers/core/finance/ready-orders";
import { createEdoApi } from "../../workers/providers/edo-api";
import { payoutBankFor } from "../../workers/providers/bank-config";
import { DEMO_ACCOUNTS } from "./demo";
import { seedDemoEdo } from "./edo";
import { seedDemoFinance } from "./finance";
import { seedDemoPlatforms } from "./platforms";
import { platformApis } from "../../workers/providers/platforms-config";

describe("demo finance", () => {
  const db = seededDbForBlock(Date.parse("2026-11-25T08:00:00Z"));
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it("gives the demo company requisites, quick payments paid out by the bank, one waiting, and orders still ready", async () => {
    const vars = sandboxProviderVars(sandbox.url);
    const credentialsKey = generateKeyBase64();
    await seedDemoPlatforms({
      db: db(),
      credentialsKey,
      platformApi: platformApis(vars),
      now: () => Date.now(),
    });
    await seedDemoEdo({
      db: db(),
      credentialsKey,
      edo: createEdoApi({ baseUrl: `${sandbox.url}/edo` }),
      now: () => Date.now(),
    });
    const deps = { db: db(), bank: payoutBankFor(vars), vars, feeRateBp: 200, now: () => Date.now() };
    expect(await seedDemoFinance(deps)).toBe(true);
    const [director] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.director.email));

    const requests = await quickPaymentsOf(db(), director.companyId, { limit: 10, now: Date.now() });
    expect(requests.map((r) => r.status).sort()).toEqual([
      "held",
      "paid_out",
      "paid_out",
      "paid_out",
      "paid_out",
    ]);
    expect(requests.find((r) => r.status === "held")?.hold?.code).toBe("chain_not_found");
    // 85 000 + 120 500,50 + 64 300 + 97 800 ₽ received, less 2 % paid out.
    expect(await balanceOf(db(), director.companyId)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 36_760_050,
      totalPaidOutKopecks: 36_760_050 - 735_201,
    });
    const documents = await db()
      .select({ id: quickPaymentDocuments.quickPaymentId })
      .from(quickPaymentDocuments);
    expect(documents).toHaveLength(4 * 3);
    const ready = await readyOrders(db(), director.companyId, { limit: 50 });
    expect(ready.orders.filter((o) => o.payable && !o.quickPayment).length).toBeGreaterThan(5);

    expect(await seedDemoFinance(deps)).toBe(false);
    expect(await db().select().from(quickPayments)).toHaveLength(5);
  }, 90_000);
});
