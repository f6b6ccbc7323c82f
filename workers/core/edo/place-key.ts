// The place part of an address, pure so the browser can use it too (the EDO list's compact
// rows name a route by it; decision 0072) without the mirror's database code.

/**
 * Where an address's street or house part starts («…, ул Тверская, д 7»): what follows names no
 * city or region the gazetteer reads, so the mirror keeps what comes before (without a leading
 * postal code) as the address's place key, which the analytics group by and the gazetteer reads
 * once per key (decisions 0058, 0059). An address without one is its own key. The commonest five
 * only: over the sandbox's 186,628 addresses the keys are 208 and read the same as the whole.
 */
export const STREET_STARTS = [", ул ", ", ш ", ", пр-кт ", ", пер ", ", д "];

/**
 * The place key of an address, exactly as SQL computes it (`placeKey`, migration 0023's
 * backfill): cut at the first street start, drop a leading «123456,» postal code, trim spaces
 * (SQLite's trim() removes spaces only).
 */
export function addressPlaceKey(address: string): string {
  const cuts = STREET_STARTS.map((start) => address.indexOf(start)).filter((at) => at >= 0);
  const head = cuts.length === 0 ? address : address.slice(0, Math.min(...cuts));
  const place = /^[0-9]{6},/.test(head) ? head.slice(7) : head;
  return place.replace(/^ +| +$/g, "");
}

/** The last part of an address's place («Краснодарский край, Краснодар» → «Краснодар»). */
export function shortPlace(address: string): string {
  const place = addressPlaceKey(address).replace(/,+$/, "");
  const parts = place
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? address.trim();
}
