import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { refreshTokens, sessions } from "../../../db/schema";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "./access-token";
import {
  createSession,
  sessionEnd,
  slidExpiry,
  validateSession,
  type Session,
  type SessionContext,
} from "./sessions";
import { generateSecretToken, hashToken } from "./tokens";
import type { PublicUser } from "./users";

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, ms since epoch; `expiresIn` is the same in seconds from now. */
  accessTokenExpiresAt: number;
  expiresIn: number;
};

/** A new pair for the session; the refresh token expires with the session's hard end. */
async function issuePair(
  db: Db,
  secret: string,
  userId: string,
  session: Pick<Session, "id" | "createdAt">,
  now: number,
): Promise<TokenPair> {
  const refreshToken = generateSecretToken();
  await db.insert(refreshTokens).values({
    id: hashToken(refreshToken),
    sessionId: session.id,
    createdAt: new Date(now),
    expiresAt: sessionEnd(session),
  });
  const access = await signAccessToken(secret, { userId, sessionId: session.id }, now);
  return {
    accessToken: access.token,
    refreshToken,
    accessTokenExpiresAt: access.expiresAt,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** Starts an API session (the spec's Bearer flow) and returns its first token pair. */
export async function startApiSession(
  db: Db,
  secret: string,
  input: { userId: string; now: number } & SessionContext,
): Promise<TokenPair> {
  const { session } = await createSession(db, { ...input, kind: "api" });
  return issuePair(db, secret, input.userId, session, input.now);
}

export type RefreshResult =
  { ok: true; tokens: TokenPair; user: PublicUser } | { ok: false; reason: "unknown" | "expired" | "reused" };

/**
 * Trades a refresh token for a new pair. Each refresh token works once: presenting one that
 * was already used means it leaked, so the whole session (its token family) is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: string,
  refreshToken: string,
  now: number,
): Promise<RefreshResult> {
  const id = hashToken(refreshToken);
  const [stored] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  if (!stored) return { ok: false, reason: "unknown" };
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)));
  if (claimed.rowsAffected === 0) {
    await db.delete(sessions).where(eq(sessions.id, stored.sessionId));
    return { ok: false, reason: "reused" };
  }
  if (stored.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  const valid = await validateSession(db, stored.sessionId, now);
  if (!valid) return { ok: false, reason: "expired" };
  await db
    .update(sessions)
    .set({ expiresAt: slidExpiry(valid.session.createdAt, now) })
    .where(eq(sessions.id, stored.sessionId));
  return {
    ok: true,
    tokens: await issuePair(db, secret, valid.user.id, valid.session, now),
    user: valid.user,
  };
}

/** Ends the API session a refresh token belongs to (sign-out with an expired access token). */
export async function endSessionOfRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const [stored] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.id, hashToken(refreshToken)));
  if (stored) await db.delete(sessions).where(eq(sessions.id, stored.sessionId));
}
