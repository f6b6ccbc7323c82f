import { inArray, lt, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginFailures, refreshTokens, sessions } from "../../../db/schema";
import { LOGIN_WINDOW_MS } from "./rate-limit";

/**
 * Deletes what can no longer be used: expired sessions with their refresh tokens, and sign-in
 * failures older than the rate-limit window. Sessions are otherwise deleted only when someone
 * presents them after expiry, and an API client that signed in once and left never does.
 * Running it twice is harmless.
 */
export async function sweepExpiredAuth(
  db: Db,
  now: number,
): Promise<{ sessions: number; loginFailures: number }> {
  const isExpired = lte(sessions.expiresAt, new Date(now));
  const expired = db.select({ id: sessions.id }).from(sessions).where(isExpired);
  const [, deletedSessions, deletedFailures] = await db.batch([
    db.delete(refreshTokens).where(inArray(refreshTokens.sessionId, expired)),
    db.delete(sessions).where(isExpired),
    db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - LOGIN_WINDOW_MS))),
  ]);
  return { sessions: deletedSessions.rowsAffected, loginFailures: deletedFailures.rowsAffected };
}
