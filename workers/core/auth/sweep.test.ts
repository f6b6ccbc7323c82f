import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { refreshTokens, sessions, throttleHits } from "../../../db/schema";
import { DEMO_ACCOUNTS } from "../../../scripts/seed/demo";
import { seededDbForBlock } from "../../../tests/support/test-db";
import { signIn } from "./accounts";
import { LONGEST_WINDOW_MS, type SlotResult } from "../throttle";
import { takeLoginAttempt, takeRegistrationSlot } from "./rate-limit";
import { rotateRefreshToken, startApiSession } from "./refresh";
import { createSession, SESSION_MAX_AGE_MS, validateSession } from "./sessions";
import { sweepExpiredAuth } from "./sweep";
import { hashToken } from "./tokens";

const SECRET = "test-secret-test-secret-test-secret!";
const NOW = Date.parse("2026-11-21T10:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

/** The ids in each table the sweep deletes from, sorted. */
async function authRowIds(db: Db) {
  const [sessionRows, tokenRows, hitRows] = await Promise.all([
    db.select({ id: sessions.id }).from(sessions),
    db.select({ id: refreshTokens.id }).from(refreshTokens),
    db.select({ id: throttleHits.id }).from(throttleHits),
  ]);
  return {
    sessions: sessionRows.map((r) => r.id).sort(),
    refreshTokens: tokenRows.map((r) => r.id).sort(),
    throttleHits: hitRows.map((r) => r.id).sort((a, b) => a - b),
  };
}

async function sessionOfRefreshToken(db: Db, refreshToken: string): Promise<string> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, hashToken(refreshToken)));
  return row.sessionId;
}

async function hitIdsOf(slot: Promise<SlotResult>): Promise<number[]> {
  const taken = await slot;
  if (!taken.ok) throw new Error("throttled");
  return taken.hitIds;
}

describe("sweepExpiredAuth", () => {
  const db = seededDbForBlock(NOW);

  it("deletes expired sessions with their refresh tokens and throttle hits no window sees, and keeps the rest", async () => {
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    if (!director.ok) throw new Error("sign-in failed");
    const userId = director.user.id;
    // Past the hard end of every session signed in at NOW.
    const later = NOW + SESSION_MAX_AGE_MS;

    // An API client that signed in once, refreshed once (a used and a live token) and never came back.
    const first = await startApiSession(db(), SECRET, { userId, now: NOW });
    const rotated = await rotateRefreshToken(db(), SECRET, first.refreshToken, NOW);
    if (!rotated.ok) throw new Error("refresh failed");
    const abandoned = await sessionOfRefreshToken(db(), first.refreshToken);
    // A browser used yesterday, and an API client that signed in yesterday.
    const recent = await createSession(db(), { userId, kind: "browser", now: later - DAY_MS });
    const live = await startApiSession(db(), SECRET, { userId, now: later - DAY_MS });
    const liveSession = await sessionOfRefreshToken(db(), live.refreshToken);

    // A wrong password keeps its charged attempt (per e-mail and per IP).
    const staleHits = await hitIdsOf(takeLoginAttempt(db(), "nobody@reys.demo", "6.6.6.6", NOW));
    const recentFailure = await hitIdsOf(
      takeLoginAttempt(db(), "nobody@reys.demo", "6.6.6.6", later - 60_000),
    );
    // Past the sign-in window but inside the registration window: still counted, so kept.
    const registration = await hitIdsOf(takeRegistrationSlot(db(), "6.6.6.6", later - LONGEST_WINDOW_MS + 1));
    const keptHits = [...recentFailure, ...registration];
    expect([staleHits.length, keptHits.length]).toEqual([2, 3]);

    expect(await authRowIds(db())).toEqual({
      sessions: [abandoned, recent.session.id, liveSession].sort(),
      refreshTokens: [first.refreshToken, rotated.tokens.refreshToken, live.refreshToken]
        .map(hashToken)
        .sort(),
      throttleHits: [...staleHits, ...keptHits],
    });

    expect(await sweepExpiredAuth(db(), later)).toEqual({ sessions: 1, throttleHits: 2 });

    expect(await authRowIds(db())).toEqual({
      sessions: [recent.session.id, liveSession].sort(),
      refreshTokens: [hashToken(live.refreshToken)],
      throttleHits: keptHits,
    });
    expect(await validateSession(db(), recent.session.id, later)).not.toBeNull();
    expect(await sweepExpiredAuth(db(), later)).toEqual({ sessions: 0, throttleHits: 0 });
  });
});
