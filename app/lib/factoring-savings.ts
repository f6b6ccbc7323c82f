// The partner landing's savings calculator (decision 0034 has the formula and why).

/** The factoring commission and payout delay of the offer (spec 1 §1, §9). */
export const FACTORING_COMMISSION = 0.02;
export const PAYOUT_DAYS = 1;
/** How long customers make carriers wait without factoring (spec 1 §1: 30–60 days). */
export const USUAL_WAIT_DAYS = { min: 30, max: 60 } as const;
const DAYS_IN_MONTH = 30;

export const SAVINGS_INPUTS = {
  tripsPerMonth: { min: 1, max: 500, step: 1, default: 20 },
  averageTripPrice: { min: 1_000, max: 1_000_000, step: 1_000, default: 15_000 },
} as const;

export type SavingsInput = { tripsPerMonth: number; averageTripPrice: number };

export type Savings = {
  /** Rubles a month the trips earn. */
  monthlyRevenue: number;
  /** The 2 % commission on that, rubles a month. */
  monthlyCommission: number;
  /** What reaches the carrier within 24 hours of each trip, rubles a month. */
  monthlyPayout: number;
  /** Working capital no longer waiting at customers, rubles (for a 30-day and a 60-day wait). */
  freedMin: number;
  freedMax: number;
  /** Days of waiting saved per trip. */
  daysSavedMin: number;
  daysSavedMax: number;
};

/** A value the user typed, brought into the input's range (non-numbers give the default). */
export function clampInput(name: keyof typeof SAVINGS_INPUTS, value: number): number {
  const range = SAVINGS_INPUTS[name];
  if (!Number.isFinite(value)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}

/**
 * Money in transit equals revenue per day times the days it waits: a 30–60-day wait keeps
 * revenue × 30/30 … 60/30 at customers, a 24-hour payout only revenue × 1/30. The difference is
 * freed; the price of it is the 2 % commission on every trip.
 */
export function factoringSavings(input: SavingsInput): Savings {
  const trips = clampInput("tripsPerMonth", input.tripsPerMonth);
  const price = clampInput("averageTripPrice", input.averageTripPrice);
  const monthlyRevenue = trips * price;
  const monthlyCommission = Math.round(monthlyRevenue * FACTORING_COMMISSION);
  const freed = (waitDays: number) => Math.round((monthlyRevenue * (waitDays - PAYOUT_DAYS)) / DAYS_IN_MONTH);
  return {
    monthlyRevenue,
    monthlyCommission,
    monthlyPayout: monthlyRevenue - monthlyCommission,
    freedMin: freed(USUAL_WAIT_DAYS.min),
    freedMax: freed(USUAL_WAIT_DAYS.max),
    daysSavedMin: USUAL_WAIT_DAYS.min - PAYOUT_DAYS,
    daysSavedMax: USUAL_WAIT_DAYS.max - PAYOUT_DAYS,
  };
}
