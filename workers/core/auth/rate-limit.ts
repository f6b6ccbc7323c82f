import { and, asc, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginFailures } from "../../../db/schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures one e-mail may have in the window before its sign-in is blocked. */
export const MAX_LOGIN_FAILURES = 5;
/**
 * Failures one IP may have in the window. Higher than per e-mail: a carrier's office signs in
 * from one address, and one dispatcher's typos must not lock out the rest of the staff, while
 * an attacker trying many e-mails from one address is still stopped after a few dozen.
 */
export const MAX_LOGIN_FAILURES_PER_IP = 20;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

function keys(email: string, ip: string | null): string[] {
  return [emailKey(email), ...(ip ? [ipKey(ip)] : [])];
}

function limitOf(key: string): number {
  return key.startsWith("ip:") ? MAX_LOGIN_FAILURES_PER_IP : MAX_LOGIN_FAILURES;
}

/** Seconds until sign-in is allowed again for this e-mail or IP; 0 when it is allowed now. */
export async function loginBlockedFor(
  db: Db,
  email: string,
  ip: string | null,
  now: number,
): Promise<number> {
  const since = new Date(now - LOGIN_WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys(email, ip)), gt(loginFailures.createdAt, since)))
    .orderBy(asc(loginFailures.createdAt));
  let blockedUntil = 0;
  for (const key of new Set(rows.map((r) => r.key))) {
    const failures = rows.filter((r) => r.key === key);
    const limit = limitOf(key);
    if (failures.length >= limit) {
      // Allowed again once enough of the oldest failures leave the window.
      const release = failures[failures.length - limit].createdAt.getTime() + LOGIN_WINDOW_MS;
      blockedUntil = Math.max(blockedUntil, release);
    }
  }
  return blockedUntil > now ? Math.ceil((blockedUntil - now) / 1000) : 0;
}

export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string | null,
  now: number,
): Promise<void> {
  await db.batch([
    db.insert(loginFailures).values(keys(email, ip).map((key) => ({ key, createdAt: new Date(now) }))),
    db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - LOGIN_WINDOW_MS))),
  ]);
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [emailKey(email)]));
}
