import { describe, expect, it } from "vitest";
import { factoringSavings } from "./factoring-savings";

describe("factoring savings", () => {
  it("frees the revenue of the wait, less the day of the payout, for 2 % commission", () => {
    expect(factoringSavings({ tripsPerMonth: 20, averageTripPrice: 15_000 })).toEqual({
      monthlyRevenue: 300_000,
      monthlyCommission: 6_000,
      monthlyPayout: 294_000,
      freedMin: 290_000,
      freedMax: 590_000,
      daysSavedMin: 29,
      daysSavedMax: 59,
    });
  });

  it("keeps inputs in their ranges", () => {
    expect(factoringSavings({ tripsPerMonth: 0, averageTripPrice: 10 }).monthlyRevenue).toBe(1_000);
    expect(factoringSavings({ tripsPerMonth: Number.NaN, averageTripPrice: 2e9 }).monthlyRevenue).toBe(
      20 * 1_000_000,
    );
  });
});
