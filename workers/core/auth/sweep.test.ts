import { describe, expect, it } from "vitest";
import { loginFailures, refreshTokens, sessions } from "../../../db/schema";
import { DEMO_ACCOUNTS } from "../../../db/seed";
import { seededDbForBlock } from "../../../tests/support/test-db";
import { signIn } from "./accounts";
import { startApiSession } from "./refresh";
import { createSession, SESSION_TTL_MS, validateSession } from "./sessions";
import { sweepExpiredAuth } from "./sweep";

const SECRET = "test-secret-test-secret-test-secret!";
const NOW = Date.parse("2026-11-21T10:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("sweepExpiredAuth", () => {
  const db = seededDbForBlock(NOW);

  it("deletes expired sessions with their refresh tokens and stale sign-in failures, and keeps the rest", async () => {
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    if (!director.ok) throw new Error("sign-in failed");
    const userId = director.user.id;
    // An API client that signed in once and never came back, and a browser used yesterday.
    await startApiSession(db(), SECRET, { userId, now: NOW });
    const recent = await createSession(db(), { userId, kind: "browser", now: NOW + SESSION_TTL_MS - DAY_MS });
    await signIn(db(), { email: "nobody@reys.demo", password: "Wrong2025", ip: "6.6.6.6", now: NOW });

    // Failures are otherwise pruned only when the next one is recorded.
    const later = NOW + SESSION_TTL_MS + 1;
    expect(await sweepExpiredAuth(db(), later)).toEqual({ sessions: 1, loginFailures: 2 });

    expect((await db().select().from(sessions)).map((s) => s.id)).toEqual([recent.session.id]);
    expect(await db().select().from(refreshTokens)).toEqual([]);
    expect(await db().select().from(loginFailures)).toEqual([]);
    expect(await validateSession(db(), recent.session.id, later)).not.toBeNull();
    expect(await sweepExpiredAuth(db(), later)).toEqual({ sessions: 0, loginFailures: 0 });
  });
});
