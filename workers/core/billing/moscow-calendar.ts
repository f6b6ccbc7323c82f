// Plans are paid by the calendar month and limits counted per calendar month, both on Moscow's
// calendar (UTC+3 all year, no daylight saving since 2014).

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The same moment one Moscow calendar month later; a day the next month lacks becomes its last
 * day (31 January → 28 or 29 February), so a month is never more than a month.
 */
export function addMoscowMonth(ms: number): number {
  const local = new Date(ms + MOSCOW_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const next = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return next - MOSCOW_OFFSET_MS;
}

/** Start (inclusive) and end (exclusive) of the Moscow calendar month holding `ms`. */
export function moscowMonthBounds(ms: number): { start: number; end: number } {
  const local = new Date(ms + MOSCOW_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - MOSCOW_OFFSET_MS;
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - MOSCOW_OFFSET_MS;
  return { start, end };
}
