import { describe, expect, it } from "vitest";
import { clampDiscountPercent, partnerDiscountPercent, PARTNER_DISCOUNTS } from "../partners/codes";
import { addMoscowMonth, moscowMonthBounds } from "./moscow-calendar";
import { planById, PLANS } from "./plans";
import { quotePlan } from "./pricing";
import { periodTakenBack } from "./refunds";
import { subscriptionState } from "./subscriptions";

const at = (iso: string) => Date.parse(iso);

describe("partner codes", () => {
  it("knows the eight partners and their default discounts", () => {
    expect(PARTNER_DISCOUNTS).toEqual({
      magnit: 15,
      pyaterochka: 12,
      lenta: 10,
      metro: 20,
      auchan: 8,
      perekrestok: 15,
      okey: 12,
      karusel: 10,
    });
    expect(partnerDiscountPercent(" Magnit ")).toBe(15);
    expect(partnerDiscountPercent("evil")).toBe(0);
    expect(partnerDiscountPercent("__proto__")).toBe(0);
    expect(partnerDiscountPercent(null)).toBe(0);
  });

  it("clamps a discount from a URL to 0–50 for display", () => {
    expect(clampDiscountPercent("80", 15)).toBe(50);
    expect(clampDiscountPercent("-5", 15)).toBe(0);
    expect(clampDiscountPercent("12.4", 15)).toBe(12);
    expect(clampDiscountPercent(undefined, 15)).toBe(15);
    expect(clampDiscountPercent("abc", 10)).toBe(10);
  });
});

describe("pricing", () => {
  it("takes the partner's discount off the plan's price, in whole kopecks", () => {
    const extended = planById("extended")!;
    expect(quotePlan(extended, "magnit")).toMatchObject({
      amountKopecks: 254_150,
      discountPercent: 15,
      partnerSource: "magnit",
    });
    // 990 ₽ − 8 % = 910.80 ₽; 9990 ₽ − 12 % = 8791.20 ₽
    expect(quotePlan(planById("basic")!, "auchan").amountKopecks).toBe(91_080);
    expect(quotePlan(planById("corporate")!, "okey").amountKopecks).toBe(879_120);
    expect(quotePlan(extended, "unknown")).toMatchObject({
      amountKopecks: 299_000,
      discountPercent: 0,
      partnerSource: null,
    });
    for (const plan of PLANS) {
      for (const code of Object.keys(PARTNER_DISCOUNTS)) {
        const quote = quotePlan(plan, code);
        expect(Number.isInteger(quote.amountKopecks)).toBe(true);
        expect(quote.description.length).toBeLessThanOrEqual(128);
      }
    }
  });
});

describe("Moscow calendar", () => {
  it("adds a calendar month on Moscow's calendar, ending short months on their last day", () => {
    expect(addMoscowMonth(at("2026-11-23T09:15:00Z"))).toBe(at("2026-12-23T09:15:00Z"));
    // 31 January 10:00 Moscow → 28 February 10:00 Moscow
    expect(addMoscowMonth(at("2027-01-31T07:00:00Z"))).toBe(at("2027-02-28T07:00:00Z"));
    // 22:30 UTC on 30 April is already 1 May in Moscow → 1 June
    expect(addMoscowMonth(at("2026-04-30T22:30:00Z"))).toBe(at("2026-05-31T22:30:00Z"));
    expect(addMoscowMonth(at("2026-12-15T12:00:00Z"))).toBe(at("2027-01-15T12:00:00Z"));
  });

  it("bounds a Moscow month", () => {
    expect(moscowMonthBounds(at("2026-11-30T21:30:00Z"))).toEqual({
      start: at("2026-11-30T21:00:00Z"),
      end: at("2026-12-31T21:00:00Z"),
    });
  });
});

describe("subscription state", () => {
  const now = at("2026-11-23T12:00:00Z");
  it("is active while paid, on trial before, expired after", () => {
    const trialEndsAt = now + 1000;
    expect(subscriptionState({ planId: null, trialEndsAt, currentPeriodEnd: null }, now)).toMatchObject({
      status: "trial",
      maxShipments: -1,
    });
    expect(
      subscriptionState({ planId: "basic", trialEndsAt: now - 1, currentPeriodEnd: now + 1 }, now),
    ).toMatchObject({ status: "active", maxShipments: 50, plan: { id: "basic" } });
    expect(
      subscriptionState({ planId: "basic", trialEndsAt: now - 1, currentPeriodEnd: now - 1 }, now),
    ).toMatchObject({ status: "expired", maxShipments: 0, plan: { id: "basic" } });
  });
});

describe("what a refund takes back", () => {
  const day = 24 * 60 * 60 * 1000;
  // A month of 30 days bought for 2,990 ₽.
  const paid = { start: at("2026-11-01T09:00:00Z"), end: at("2026-12-01T09:00:00Z"), amountKopecks: 299_000 };

  it("the refunded share of the month, while all of it is still ahead", () => {
    expect(periodTakenBack(paid, 0, 299_000, paid.start - day)).toBe(30 * day);
    expect(periodTakenBack(paid, 0, 149_500, paid.start - day)).toBe(15 * day);
    // A second half after the first: the rest, so the two together are the whole month.
    expect(periodTakenBack(paid, 149_500, 299_000, paid.start - day)).toBe(15 * day);
  });

  it("never time already used: a full refund ten days in takes the twenty left", () => {
    expect(periodTakenBack(paid, 0, 299_000, paid.start + 10 * day)).toBe(20 * day);
    // Half taken back ten days in (15 days) leaves 5 days of the month ahead for the other half.
    expect(periodTakenBack(paid, 149_500, 299_000, paid.start + 10 * day)).toBe(5 * day);
  });

  it("nothing of a month long past, whatever was paid after it", () => {
    expect(periodTakenBack(paid, 0, 299_000, paid.end + day)).toBe(0);
  });
});
