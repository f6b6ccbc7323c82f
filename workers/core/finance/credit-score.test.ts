import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { NEUTRAL_SCORE, scoreFrom, type CreditInputs } from "./credit-score";

const NONE: CreditInputs = {
  deliveredOrders: 0,
  deliveredVolumeKopecks: 0,
  decidedChains: 0,
  closedChains: 0,
  quickPaymentsPaidOut: 0,
  quickPaymentsFailed: 0,
  historyDays: 0,
};

const inputs = fc
  .record({
    deliveredOrders: fc.nat(500),
    deliveredVolumeKopecks: fc.nat(10_000_000_000),
    decidedChains: fc.nat(300),
    closedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    quickPaymentsPaidOut: fc.nat(50),
    quickPaymentsFailed: fc.nat(50),
    historyDays: fc.nat(3_000),
  })
  .map(({ closedShare, ...rest }) => ({
    ...rest,
    closedChains: Math.floor(rest.decidedChains * closedShare),
  }));

/** The score before rounding and clamping, as the factors explain it. */
const unclamped = (i: CreditInputs) =>
  scoreFrom(i).factors.reduce(
    (sum, f) => sum + (f.effect === "raises" ? f.weight : -f.weight),
    NEUTRAL_SCORE,
  );

describe("the credit score", () => {
  it("gives a company without history a low score, no advance, and says why", () => {
    const result = scoreFrom(NONE);
    expect(result.score).toBe(30);
    expect(result.maxAdvanceKopecks).toBe(0);
    expect(result.factors).toEqual([
      { code: "history_age", label: "Нет истории перевозок", effect: "lowers", weight: 10 },
      {
        code: "delivered_orders",
        label: "Доставлено 0 заказов за 180 дней",
        effect: "lowers",
        weight: 10,
      },
    ]);
  });

  it("names what raised and lowered it, with Russian figures", () => {
    const result = scoreFrom({
      deliveredOrders: 74,
      deliveredVolumeKopecks: 9_265_000_00,
      decidedChains: 45,
      closedChains: 41,
      quickPaymentsPaidOut: 2,
      quickPaymentsFailed: 1,
      historyDays: 430,
    });
    expect(result.factors.map((f) => [f.code, f.effect, f.weight])).toEqual([
      ["delivered_orders", "raises", 20],
      ["closed_chains", "raises", 12.3],
      ["quick_failed", "lowers", 5],
      ["quick_paid_out", "raises", 4],
      ["history_age", "raises", 1.8],
    ]);
    expect(result.factors.map((f) => f.label)).toEqual([
      "Доставлено 74 заказа за 180 дней",
      "Закрыто 41 из 45 цепочек ЭТрН за 180 дней",
      "Быстрых оплат отклонено: 1",
      "Выплачено быстрых оплат: 2",
      "История перевозок: 14 месяцев",
    ]);
    // 50 + 20 + 12.33 + 1.78 − 5 + 4 = 83.1 → 83; a month's volume (9 265 000 ₽ / 6) × 0.83.
    expect(result.score).toBe(83);
    expect(result.maxAdvanceKopecks).toBe(1_281_658_00);
  });

  test.prop([inputs])("stays within 0–100, and its factors add up to it", (i) => {
    const { score } = scoreFrom(i);
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
    // Each weight is rounded to a tenth: five of them are off by at most 0.25 together.
    expect(Math.abs(Math.max(0, Math.min(100, unclamped(i))) - score)).toBeLessThanOrEqual(0.75);
  });

  test.prop([inputs, fc.integer({ min: 1, max: 50 })])(
    "never falls for another closed chain, delivered order, paid-out quick payment or day of history",
    (i, more) => {
      const before = scoreFrom(i).score;
      const better = [
        { ...i, decidedChains: i.decidedChains + more, closedChains: i.closedChains + more },
        { ...i, deliveredOrders: i.deliveredOrders + more },
        { ...i, quickPaymentsPaidOut: i.quickPaymentsPaidOut + more },
        { ...i, historyDays: i.historyDays + more },
      ];
      for (const next of better) expect(scoreFrom(next).score).toBeGreaterThanOrEqual(before);
    },
  );

  test.prop([inputs, fc.integer({ min: 1, max: 50 })])(
    "never rises for a chain left open or refused, or a failed quick payment",
    (i, more) => {
      const before = scoreFrom(i).score;
      const worse = [
        { ...i, decidedChains: i.decidedChains + more },
        { ...i, quickPaymentsFailed: i.quickPaymentsFailed + more },
      ];
      for (const next of worse) expect(scoreFrom(next).score).toBeLessThanOrEqual(before);
    },
  );

  test.prop([inputs, fc.nat(1_000_000_000)])(
    "advances more for more volume and a higher score, in whole rubles, nothing without volume",
    (i, extra) => {
      const { maxAdvanceKopecks } = scoreFrom(i);
      expect(maxAdvanceKopecks % 100).toBe(0);
      expect(maxAdvanceKopecks).toBeLessThanOrEqual(i.deliveredVolumeKopecks / 6);
      expect(
        scoreFrom({ ...i, deliveredVolumeKopecks: i.deliveredVolumeKopecks + extra }).maxAdvanceKopecks,
      ).toBeGreaterThanOrEqual(maxAdvanceKopecks);
      expect(scoreFrom({ ...i, closedChains: i.decidedChains }).maxAdvanceKopecks).toBeGreaterThanOrEqual(
        maxAdvanceKopecks,
      );
      expect(scoreFrom({ ...i, deliveredVolumeKopecks: 0 }).maxAdvanceKopecks).toBe(0);
    },
  );
});
