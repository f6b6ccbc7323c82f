import { and, asc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { throttleHits } from "../../db/schema";

/** At most `limit` hits under `key` in any `windowMs`. */
export type ThrottleRule = { key: string; limit: number; windowMs: number };

export type SlotResult = { ok: true; hitIds: number[] } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one hit under every rule at once, or none when any rule is at its limit. It is one
 * INSERT…SELECT that counts and inserts under SQLite's write lock, so N parallel callers can
 * never take more than `limit` hits: the count is charged before the slow work (a password
 * hash), not after it. Callers release the hits of work that turned out not to count.
 */
export async function takeSlot(db: Db, rules: ThrottleRule[], now: number): Promise<SlotResult> {
  if (rules.length === 0) return { ok: true, hitIds: [] };
  const keys = sql.join(
    rules.map((rule) => sql`(${rule.key})`),
    sql`, `,
  );
  const underLimits = sql.join(
    rules.map(
      (rule) =>
        sql`(SELECT count(*) FROM ${throttleHits} WHERE ${throttleHits.key} = ${rule.key} AND ${throttleHits.createdAt} > ${now - rule.windowMs}) < ${rule.limit}`,
    ),
    sql` AND `,
  );
  const inserted = await db.all<{ id: number }>(
    sql`INSERT INTO ${throttleHits} (key, created_at) SELECT column1, ${now} FROM (VALUES ${keys}) WHERE ${underLimits} RETURNING id`,
  );
  if (inserted.length > 0) return { ok: true, hitIds: inserted.map((row) => row.id) };
  return { ok: false, retryAfterSeconds: Math.max(1, await secondsUntilFree(db, rules, now)) };
}

/** Gives back hits taken for work that does not count (a correct password, a refused payload). */
export async function releaseSlot(db: Db, hitIds: number[]): Promise<void> {
  if (hitIds.length > 0) await db.delete(throttleHits).where(inArray(throttleHits.id, hitIds));
}

/** Forgets every hit under `key` (a user who signed in is no longer guessing). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttleHits).where(eq(throttleHits.key, key));
}

/** Seconds until every rule has a free slot again; 0 when all have one now. */
export async function secondsUntilFree(db: Db, rules: ThrottleRule[], now: number): Promise<number> {
  const rows = await db
    .select({ key: throttleHits.key, createdAt: throttleHits.createdAt })
    .from(throttleHits)
    .where(
      or(
        ...rules.map((rule) =>
          and(eq(throttleHits.key, rule.key), gt(throttleHits.createdAt, new Date(now - rule.windowMs))),
        ),
      ),
    )
    .orderBy(asc(throttleHits.createdAt));
  let freeAt = 0;
  for (const rule of rules) {
    const hits = rows.filter((row) => row.key === rule.key);
    if (hits.length >= rule.limit) {
      // Free again once enough of the oldest hits leave the window.
      freeAt = Math.max(freeAt, hits[hits.length - rule.limit].createdAt.getTime() + rule.windowMs);
    }
  }
  return freeAt > now ? Math.ceil((freeAt - now) / 1000) : 0;
}

/** No throttle may use a longer window: the hourly sweep deletes hits older than this. */
export const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** Deletes hits that no window can see any more. */
export function deleteStaleHits(db: Db, now: number) {
  return db.delete(throttleHits).where(lt(throttleHits.createdAt, new Date(now - LONGEST_WINDOW_MS)));
}

/**
 * The part of an address that names one client: an IPv4 address whole, an IPv6 address by its
 * /64 (one customer's network gets a whole /64 and can pick any address in it).
 */
export function ipThrottleKey(ip: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mappedIpv4) return mappedIpv4;
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = ip.includes("::")
    ? [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
