import { describe, expect, it } from "vitest";
import { companies } from "../../../db/schema";
import { dbForBlock } from "../../../tests/support/test-db";
import { balanceOf, finishMovement, operationsOf, receiptsOf, recordMovement, type Movement } from "./ledger";

const getDb = dbForBlock();

async function newCompany(): Promise<string> {
  const id = crypto.randomUUID();
  await getDb()
    .insert(companies)
    .values({ id, name: `ООО «Касса ${id.slice(0, 6)}»`, createdAt: new Date() });
  return id;
}

/** A quick payment's money as the payout job moves it: the credit, the commission, the payout. */
function quickMovements(companyId: string, amount: number, fee: number): Movement[] {
  const qp = crypto.randomUUID();
  const base = { companyId, quickPaymentId: qp, orderId: `o-${qp}`, platformId: "magnit" as const };
  return [
    {
      ...base,
      movementId: `qp:${qp}:quick`,
      type: "quick",
      amountKopecks: amount,
      description: "Быстрая оплата заказа",
    },
    { ...base, movementId: `qp:${qp}:fee`, type: "fee", amountKopecks: fee, description: "Комиссия 2 %" },
    {
      ...base,
      movementId: `qp:${qp}:payout`,
      type: "payout",
      amountKopecks: amount - fee,
      description: "Выплата на р/с",
    },
  ];
}

describe("the ledger", () => {
  it("derives the balance from the movements' current states: pending payouts are on their way, executed ones paid out", async () => {
    const db = getDb();
    const company = await newCompany();
    const [quick, fee, payout] = quickMovements(company, 100_000_00, 2_000_00);
    await db.batch([
      recordMovement(db, quick, "completed", 1_000),
      recordMovement(db, fee, "completed", 1_000),
      recordMovement(db, payout, "pending", 1_000),
    ]);
    expect(await balanceOf(db, company)).toEqual({
      currentKopecks: 98_000_00,
      pendingKopecks: 98_000_00,
      totalReceivedKopecks: 100_000_00,
      totalPaidOutKopecks: 0,
    });

    await finishMovement(db, payout.movementId, "completed", 2_000, "BANK-TX-1");
    expect(await balanceOf(db, company)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 100_000_00,
      totalPaidOutKopecks: 98_000_00,
    });
    expect(await receiptsOf(db, company, 5)).toEqual([
      expect.objectContaining({
        amountKopecks: 98_000_00,
        status: "completed",
        transactionId: "BANK-TX-1",
        at: 2_000,
      }),
    ]);
  });

  it("writes a step once however often it is sent, and never ends a movement twice or both ways", async () => {
    const db = getDb();
    const company = await newCompany();
    const [, , payout] = quickMovements(company, 50_000_00, 1_000_00);
    for (let i = 0; i < 3; i++) await recordMovement(db, payout, "pending", 1_000);
    await finishMovement(db, payout.movementId, "completed", 2_000, "TX-A");
    await finishMovement(db, payout.movementId, "completed", 3_000, "TX-B");
    await finishMovement(db, payout.movementId, "failed", 4_000);
    const operations = await operationsOf(db, company, { limit: 10 });
    expect(operations).toEqual([
      expect.objectContaining({
        status: "completed",
        amountKopecks: -49_000_00,
        transactionId: "TX-A",
        at: 2_000,
      }),
    ]);
    expect((await balanceOf(db, company)).totalPaidOutKopecks).toBe(49_000_00);
  });

  it("leaves the balance untouched by a payout the bank rejected", async () => {
    const db = getDb();
    const company = await newCompany();
    const [, , payout] = quickMovements(company, 10_000_00, 200_00);
    await recordMovement(db, payout, "pending", 1_000);
    await finishMovement(db, payout.movementId, "failed", 2_000);
    expect(await balanceOf(db, company)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 0,
      totalPaidOutKopecks: 0,
    });
    expect(await operationsOf(db, company, { limit: 10, status: "failed" })).toHaveLength(1);
  });

  it("filters the history by type and status and pages it newest first", async () => {
    const db = getDb();
    const company = await newCompany();
    const other = await newCompany();
    for (let i = 0; i < 3; i++) {
      const [quick, fee, payout] = quickMovements(company, 10_000_00 * (i + 1), 200_00 * (i + 1));
      await db.batch([
        recordMovement(db, quick, "completed", 1_000 + i),
        recordMovement(db, fee, "completed", 1_000 + i),
        recordMovement(db, payout, i === 2 ? "pending" : "completed", 1_000 + i),
      ]);
    }
    await recordMovement(db, quickMovements(other, 99_00, 1_00)[0], "completed", 5_000);

    expect(await operationsOf(db, company, { limit: 50 })).toHaveLength(9);
    expect(
      (await operationsOf(db, company, { limit: 50, type: "payout" })).map((o) => o.amountKopecks),
    ).toEqual([-29_400_00, -19_600_00, -9_800_00]);
    expect(await operationsOf(db, company, { limit: 50, type: "payout", status: "pending" })).toHaveLength(1);
    expect(await operationsOf(db, company, { limit: 50, type: "payment" })).toEqual([]);
    expect(await operationsOf(db, company, { limit: 50, type: "quick" })).toHaveLength(9);

    const first = await operationsOf(db, company, { limit: 4 });
    const last = first[first.length - 1];
    const rest = await operationsOf(db, company, {
      limit: 50,
      after: { at: last.at, movementId: last.movementId },
    });
    expect([...first, ...rest].map((o) => o.movementId)).toEqual(
      (await operationsOf(db, company, { limit: 50 })).map((o) => o.movementId),
    );
  });

  it("moves only positive whole kopecks", () => {
    const [quick] = quickMovements("c", 100, 2);
    for (const amount of [0, -5, 1.5])
      expect(() => recordMovement(getDb(), { ...quick, amountKopecks: amount }, "completed", 1)).toThrow(
        RangeError,
      );
  });
});
