import { describe, expect, it } from "vitest";
import { computeRoi, describeRoi, ROI_RULES, roiFor } from "./roi";

describe("the ROI calculator (spec 1 §9, decision 0032)", () => {
  it("computes the defaults: 5 vehicles × 20 trips × 15 000 ₽ at 15 % → 27 %", () => {
    const result = roiFor({});
    expect(result.input).toEqual({ vehicles: 5, tripsPerVehicle: 20, tripCost: 15_000, margin: 15 });
    expect(result.monthlyRevenue).toBe(1_500_000);
    expect(result.currentMonthlyProfit).toBe(225_000);
    expect(result.improvedMargin).toBe(27);
    expect(result.improvedMonthlyProfit).toBe(405_000);
    expect(result.extraYearlyProfit).toBe(2_160_000);
    // (2 160 000 − 120 000) ÷ 120 000 = 17 → 1 700 %.
    expect(result.roiPercent).toBe(1700);
    expect(result.paybackMonths).toBe(0.7);
    expect(result.band).toBe("excellent");
  });

  it("caps the improved margin at 35 %", () => {
    expect(roiFor({ margin: 30 }).improvedMargin).toBe(35);
    expect(roiFor({ margin: 23 }).improvedMargin).toBe(35);
    expect(roiFor({ margin: 22 }).improvedMargin).toBe(34);
  });

  it("puts each ROI in its band: ≥ 200 excellent, ≥ 100 very profitable, ≥ 50 good, else reconsider", () => {
    // 1 vehicle × 10 trips × cost at margin 5 %: extra 12 % of the revenue a month.
    const roiAt = (tripCost: number) => roiFor({ vehicles: 1, tripsPerVehicle: 10, tripCost, margin: 5 });
    // 10 trips × 5 000 = 50 000 a month → 6 000 extra → 72 000 a year → −40 %.
    expect(roiAt(5_000)).toMatchObject({
      roiPercent: -40,
      band: "reconsider",
      bandLabel: "Стоит пересмотреть",
    });
    // 15 000 → 18 000 extra a month → 216 000 a year → 80 %.
    expect(roiAt(15_000)).toMatchObject({ roiPercent: 80, band: "good", bandLabel: "Хорошо" });
    // 21 000 → 25 200 → 302 400 → 152 %.
    expect(roiAt(21_000)).toMatchObject({ roiPercent: 152, band: "very-profitable" });
    // 25 000 → 30 000 → 360 000 → exactly 200 %.
    expect(roiAt(25_000)).toMatchObject({ roiPercent: 200, band: "excellent", bandLabel: "Отлично" });
    // 1 × 25 × 5 000 = 125 000 → 15 000 → 180 000 → exactly 50 %.
    expect(roiFor({ vehicles: 1, tripsPerVehicle: 25, tripCost: 5_000, margin: 5 })).toMatchObject({
      roiPercent: 50,
      band: "good",
    });
  });

  it("snaps inputs to their ranges and steps; unreadable ones are the defaults", () => {
    expect(roiFor({ vehicles: "99", tripsPerVehicle: "3", tripCost: "15499", margin: "abc" }).input).toEqual({
      vehicles: 20,
      tripsPerVehicle: 10,
      tripCost: 15_000,
      margin: 15,
    });
    expect(roiFor({ tripCost: "15500" }).input.tripCost).toBe(16_000);
    expect(roiFor({ vehicles: "", margin: null }).input).toMatchObject({ vehicles: 5, margin: 15 });
  });

  it("describes the result in Russian, the same way in the browser as on the server", () => {
    const texts = describeRoi(roiFor({}));
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(texts.monthlyRevenue)).toBe("1 500 000 ₽");
    expect(plain(texts.roi)).toBe("1 700 %");
    expect(texts.margins).toBe("15 % → 27 %");
    expect(texts.payback).toBe("меньше месяца");
    expect(
      describeRoi(roiFor({ vehicles: 1, tripsPerVehicle: 10, tripCost: 5_000, margin: 5 })).payback,
    ).toBe("больше года");
  });

  it("runs from its own source text, as the landing page's script does", () => {
    const compute = new Function(`return (${computeRoi.toString()})`)() as typeof computeRoi;
    const describeText = new Function(`return (${describeRoi.toString()})`)() as typeof describeRoi;
    const rules = JSON.parse(JSON.stringify(ROI_RULES)) as typeof ROI_RULES;
    const input = { vehicles: "12", tripsPerVehicle: "31", tripCost: "27000", margin: "9" };
    expect(describeText(compute(input, rules))).toEqual(describeRoi(roiFor(input)));
  });
});
