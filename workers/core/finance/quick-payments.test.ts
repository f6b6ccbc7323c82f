import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { deferralDaysOf, feeOf, feeRateFor, quote, whyNotPayable } from "./quick-payments";

describe("the quick payment's price", () => {
  it("takes 2 % by default, in whole kopecks, half a kopeck up", () => {
    expect(quote(100_000_00, 200)).toMatchObject({
      totalAmountKopecks: 100_000_00,
      feeRateBp: 200,
      feeKopecks: 2_000_00,
      netKopecks: 98_000_00,
    });
    expect(feeOf(25, 200)).toBe(1); // 0.5 kopeck → 1
    expect(feeOf(24, 200)).toBe(0); // 0.48 kopeck → 0
    expect(feeOf(123_456_78, 150)).toBe(1_851_85); // 185,185.17 kopecks
  });

  test.prop([fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 0, max: 9_999 })])(
    "never loses or makes a kopeck: commission and net add up to the amount, the commission within half a kopeck of the rate",
    (amount, bp) => {
      const q = quote(amount, bp);
      expect(q.feeKopecks + q.netKopecks).toBe(amount);
      expect(Math.abs(q.feeKopecks - (amount * bp) / 10_000)).toBeLessThanOrEqual(0.5);
    },
  );

  it("refuses amounts and rates it cannot price", () => {
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53])
      expect(() => feeOf(amount, 200)).toThrow(RangeError);
    for (const bp of [-1, 10_000, 2.5]) expect(() => feeOf(100, bp)).toThrow(RangeError);
  });

  it("states the commission as a yearly rate over the order's payment deferral", () => {
    // 2 % for money 30 days early: 2/98 × 365/30 ≈ 24.8 % a year.
    expect(quote(100_000_00, 200).annualRatePercent).toBe(24.8);
    expect(quote(100_000_00, 200, "Оплата 60 календарных дней").annualRatePercent).toBe(12.4);
    expect(quote(100_000_00, 200).terms).toMatch(/24 часов/);
  });

  it("reads the deferral from payment terms, 30 days when they name none", () => {
    expect(deferralDaysOf("отсрочка 45 дней")).toBe(45);
    expect(deferralDaysOf("14 банковских дней")).toBe(14);
    expect(deferralDaysOf("1 день")).toBe(1);
    expect(deferralDaysOf("по факту")).toBe(30);
    expect(deferralDaysOf(null)).toBe(30);
    expect(deferralDaysOf("0 дней")).toBe(30);
  });

  it("takes the rate from the server's configuration: the plan's, else the default, else 2 %", () => {
    expect(feeRateFor({}, null)).toBe(200);
    expect(feeRateFor({ defaultBp: 250 }, "basic")).toBe(250);
    expect(feeRateFor({ defaultBp: 250, byPlanBp: { corporate: 150 } }, "corporate")).toBe(150);
  });
});

describe("which orders can be paid at once (spec 3 §5)", () => {
  const order = {
    status: "delivered" as const,
    priceKopecks: 50_000_00,
    platformId: "magnit" as const,
    edoInfo: null,
  };

  it("takes a delivered, invoiced, paid or «свободен» order with a price", () => {
    for (const status of ["delivered", "invoiced", "paid", "свободен"] as const)
      expect(whyNotPayable({ ...order, status })).toBeNull();
  });

  it("says why not for any other status, or without a price", () => {
    for (const status of ["new", "reviewed", "accepted", "confirmed", "in_transit"] as const)
      expect(whyNotPayable({ ...order, status })).toMatch(/после доставки/);
    expect(whyNotPayable({ ...order, priceKopecks: null })).toBe("У заказа нет суммы к оплате");
    expect(whyNotPayable({ ...order, priceKopecks: 0 })).toBe("У заказа нет суммы к оплате");
  });

  it("takes an EDO order only once its chain holds the carrier's delivery title", () => {
    const edo = { ...order, platformId: "edo" as const };
    const chain = (...types: string[]) => ({
      edoId: "d1",
      documents: types.map((type, i) => ({ id: `t${i}`, type, dateTime: "2025-03-01T10:00:00Z" })),
    });
    expect(whyNotPayable({ ...edo, edoInfo: chain("ON_TRN", "ON_TRNACLGROT") })).toMatch(
      /ЭТрН ещё не закрыта/,
    );
    expect(whyNotPayable({ ...edo, edoInfo: null })).toMatch(/ЭТрН ещё не закрыта/);
    expect(whyNotPayable({ ...edo, edoInfo: chain("ON_TRN", "ON_TRNACLGRPO", "ON_TRNACLPVYN") })).toBeNull();
  });
});
