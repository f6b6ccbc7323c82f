// The landing page's ROI calculator (spec 1 §9; the formula is decision 0032). Estimates in whole
// rubles for a marketing page, not stored money, so not kopecks.
//
// `computeRoi` and `describeRoi` are also sent to the browser as source text
// (`Function.prototype.toString`, see roi-island.ts), so each must stay self-contained: no
// imports, no module-level names, everything it needs comes in `rules`.

export type RoiRange = { min: number; max: number; step: number; default: number };

export const ROI_RULES = {
  vehicles: { min: 1, max: 20, step: 1, default: 5 },
  tripsPerVehicle: { min: 10, max: 40, step: 1, default: 20 },
  tripCost: { min: 5_000, max: 50_000, step: 1_000, default: 15_000 },
  margin: { min: 5, max: 30, step: 1, default: 15 },
  /** Percentage points the product adds to the margin… */
  marginGain: 12,
  /** …but never above this margin, percent. */
  maxMargin: 35,
  /** What the carrier spends on the product and its use in a year, rubles. */
  yearlyInvestment: 120_000,
  /** ROI bands, best first: at least `min` percent. */
  bands: [
    { min: 200, key: "excellent", label: "Отлично" },
    { min: 100, key: "very-profitable", label: "Очень выгодно" },
    { min: 50, key: "good", label: "Хорошо" },
  ],
  belowBands: { key: "reconsider", label: "Стоит пересмотреть" },
};

export type RoiRules = typeof ROI_RULES;
export type RoiInputName = "vehicles" | "tripsPerVehicle" | "tripCost" | "margin";
export const ROI_INPUT_NAMES: readonly RoiInputName[] = ["vehicles", "tripsPerVehicle", "tripCost", "margin"];
export type RoiInput = Record<RoiInputName, number>;

export type RoiResult = {
  input: RoiInput;
  monthlyRevenue: number;
  currentMargin: number;
  improvedMargin: number;
  currentMonthlyProfit: number;
  improvedMonthlyProfit: number;
  extraYearlyProfit: number;
  /** (extra profit a year − investment) ÷ investment, whole percent. */
  roiPercent: number;
  /** Months until the extra profit pays the year's investment; null when there is none. */
  paybackMonths: number | null;
  band: string;
  bandLabel: string;
};

/**
 * Each input snapped to its range and step (a missing or unreadable one is its default), then:
 * revenue = vehicles × trips × trip cost a month; profit at the current margin and at the
 * improved one (margin + 12, at most 35); ROI = (12 × extra monthly profit − 120 000) ÷ 120 000.
 */
export function computeRoi(raw: Partial<Record<RoiInputName, unknown>>, rules: RoiRules): RoiResult {
  function snap(value: unknown, range: RoiRange): number {
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof number !== "number" || !Number.isFinite(number)) return range.default;
    const stepped = range.min + Math.round((number - range.min) / range.step) * range.step;
    return Math.min(range.max, Math.max(range.min, stepped));
  }
  const input = {
    vehicles: snap(raw.vehicles, rules.vehicles),
    tripsPerVehicle: snap(raw.tripsPerVehicle, rules.tripsPerVehicle),
    tripCost: snap(raw.tripCost, rules.tripCost),
    margin: snap(raw.margin, rules.margin),
  };
  const monthlyRevenue = input.vehicles * input.tripsPerVehicle * input.tripCost;
  const improvedMargin = Math.min(input.margin + rules.marginGain, rules.maxMargin);
  const currentMonthlyProfit = Math.round((monthlyRevenue * input.margin) / 100);
  const improvedMonthlyProfit = Math.round((monthlyRevenue * improvedMargin) / 100);
  const extraMonthly = improvedMonthlyProfit - currentMonthlyProfit;
  const extraYearlyProfit = extraMonthly * 12;
  const roiPercent = Math.round(
    ((extraYearlyProfit - rules.yearlyInvestment) / rules.yearlyInvestment) * 100,
  );
  let band = rules.belowBands;
  for (const candidate of rules.bands) {
    if (roiPercent >= candidate.min) {
      band = candidate;
      break;
    }
  }
  return {
    input,
    monthlyRevenue,
    currentMargin: input.margin,
    improvedMargin,
    currentMonthlyProfit,
    improvedMonthlyProfit,
    extraYearlyProfit,
    roiPercent,
    paybackMonths: extraMonthly > 0 ? Math.round((rules.yearlyInvestment / extraMonthly) * 10) / 10 : null,
    band: band.key,
    bandLabel: band.label,
  };
}

/** What the calculator shows, as text: the same strings on the server and in the browser. */
export type RoiTexts = Record<
  | RoiInputName
  | "monthlyRevenue"
  | "currentProfit"
  | "improvedProfit"
  | "margins"
  | "extraYearlyProfit"
  | "roi"
  | "payback"
  | "band",
  string
>;

export function describeRoi(result: RoiResult): RoiTexts {
  const numbers = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });
  const rub = (value: number) => `${numbers.format(Math.round(value))} ₽`;
  const payback = result.paybackMonths;
  return {
    vehicles: numbers.format(result.input.vehicles),
    tripsPerVehicle: numbers.format(result.input.tripsPerVehicle),
    tripCost: rub(result.input.tripCost),
    margin: `${result.input.margin} %`,
    monthlyRevenue: rub(result.monthlyRevenue),
    currentProfit: rub(result.currentMonthlyProfit),
    improvedProfit: rub(result.improvedMonthlyProfit),
    margins: `${result.currentMargin} % → ${result.improvedMargin} %`,
    extraYearlyProfit: rub(result.extraYearlyProfit),
    roi: `${numbers.format(result.roiPercent)} %`,
    payback:
      payback === null
        ? "не окупается"
        : payback < 1
          ? "меньше месяца"
          : payback > 12
            ? "больше года"
            : `${numbers.format(payback)} мес.`,
    band: result.bandLabel,
  };
}

/** The calculator's answer for inputs from a query string or a form (rules of spec 1 §9). */
export const roiFor = (raw: Partial<Record<RoiInputName, unknown>>) => computeRoi(raw, ROI_RULES);
