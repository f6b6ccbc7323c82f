export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start (inclusive) and end (exclusive) of a UTC day in ms. */
export function dayBounds(day: string): { start: number; end: number } {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return { start, end: start + DAY_MS };
}

/** Every day from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    days.push(utcDay(ms));
  }
  return days;
}

export function addDays(day: string, count: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS);
}
