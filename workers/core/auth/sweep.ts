import { inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { refreshTokens, sessions } from "../../../db/schema";
import { deleteStaleHits } from "../throttle";

/**
 * Deletes what can no longer be used: expired sessions with their refresh tokens, and
 * throttle hits older than any throttle's window. Sessions are otherwise deleted only when
 * someone presents them after expiry, and an API client that signed in once and left never
 * does. Running it twice is harmless.
 */
export async function sweepExpiredAuth(
  db: Db,
  now: number,
): Promise<{ sessions: number; throttleHits: number }> {
  const isExpired = lte(sessions.expiresAt, new Date(now));
  const expired = db.select({ id: sessions.id }).from(sessions).where(isExpired);
  const [, deletedSessions, deletedHits] = await db.batch([
    db.delete(refreshTokens).where(inArray(refreshTokens.sessionId, expired)),
    db.delete(sessions).where(isExpired),
    deleteStaleHits(db, now),
  ]);
  return { sessions: deletedSessions.rowsAffected, throttleHits: deletedHits.rowsAffected };
}
