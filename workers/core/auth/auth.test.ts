import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoData } from "../../../scripts/seed/demo";
import { seededDbForBlock } from "../../../tests/support/test-db";
import { signAccessToken, verifyAccessToken } from "./access-token";
import { registerAccount, signIn } from "./accounts";
import { DECOY_HASH, hashPassword, verifyPassword } from "./passwords";
import { rotateRefreshToken, startApiSession } from "./refresh";
import { hashToken } from "./tokens";
import {
  createSession,
  endOtherSessions,
  endSessionByHandle,
  listSessions,
  validateSession,
} from "./sessions";

const SECRET = "test-secret-test-secret-test-secret!";
const NOW = Date.parse("2026-11-21T10:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("passwords", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const a = await hashPassword("Reys2025demo");
    const b = await hashPassword("Reys2025demo");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$16384$8$5$")).toBe(true);
    expect(await verifyPassword("Reys2025demo", a)).toBe(true);
    expect(await verifyPassword("reys2025demo", a)).toBe(false);
  });

  it("keeps the decoy an unknown e-mail is checked against on the current parameters, so both cost the same", async () => {
    const parameters = (hash: string) => hash.split("$").slice(0, 4);
    expect(parameters(DECOY_HASH)).toEqual(parameters(await hashPassword("Reys2025demo")));
    expect(await verifyPassword("Reys2025demo", DECOY_HASH)).toBe(false);
  });
});

describe("access tokens", () => {
  it("carry user, session and a 15-minute expiry, and fail when tampered with or expired", async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, { userId: "u", sessionId: "s" }, NOW);
    expect(expiresAt).toBe(NOW + 15 * 60 * 1000);
    expect(await verifyAccessToken(SECRET, token, NOW)).toMatchObject({ sub: "u", sid: "s" });
    expect(await verifyAccessToken(SECRET, token, expiresAt)).toBeNull();
    expect(await verifyAccessToken("another-secret-another-secret-12345", token, NOW)).toBeNull();
    const [h, p, s] = token.split(".");
    const forged = btoa(JSON.stringify({ sub: "admin", sid: "s", iat: 0, exp: 9e9 })).replace(/=+$/, "");
    expect(await verifyAccessToken(SECRET, `${h}.${forged}.${s}`, NOW)).toBeNull();
    expect(p).toBeTruthy();
  });
});

describe("accounts and sessions on libSQL", () => {
  // One database for the block: every hash costs ~0.5 s of CPU by design.
  const db = seededDbForBlock(NOW);

  const registration = {
    firstName: "Иван",
    lastName: "Петров",
    email: "Ivan@Example.ru",
    phone: "+79990001122",
    password: "Parol2025",
    companyName: "ООО «Тест»",
    inn: "",
    kpp: "",
    ogrn: "",
    address: "",
  };

  it("seeds the demo director and admin once", async () => {
    expect(await seedDemoData(db())).toBe(false);
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    const admin = await signIn(db(), { ...DEMO_ACCOUNTS.admin, ip: null, now: NOW });
    expect(director.ok && director.user.role).toBe("user");
    expect(admin.ok && admin.user.role).toBe("admin");
  });

  it("registers a company and its user; the e-mail is unique whatever its case", async () => {
    const first = await registerAccount(db(), registration, { ip: null, now: NOW });
    expect(first.ok && first.user).toMatchObject({
      email: "ivan@example.ru",
      company: { name: "ООО «Тест»", inn: null },
    });
    const again = await registerAccount(
      db(),
      { ...registration, email: "IVAN@example.RU" },
      { ip: null, now: NOW },
    );
    expect(again).toMatchObject({ ok: false, message: "Пользователь с таким email уже зарегистрирован" });
  });

  it("does not let a newcomer join an existing company by its INN", async () => {
    const result = await registerAccount(
      db(),
      { ...registration, email: "other@example.ru", inn: "7704123450" },
      { ip: null, now: NOW },
    );
    expect(result).toMatchObject({ ok: false, reason: "inn_taken" });
  });

  it("answers unknown e-mail and wrong password alike, and blocks after 5 failures in 15 minutes", async () => {
    const account = { ...registration, email: "limited@example.ru", inn: "" };
    await registerAccount(db(), account, { ip: null, now: NOW });
    const unknown = await signIn(db(), {
      email: "nobody@reys.demo",
      password: "x".repeat(8),
      ip: "1.1.1.1",
      now: NOW,
    });
    const wrong = await signIn(db(), {
      email: account.email,
      password: "Wrong2025",
      ip: "2.2.2.2",
      now: NOW,
    });
    expect(unknown).toEqual(wrong);
    for (let i = 0; i < 4; i++) {
      await signIn(db(), { email: account.email, password: "Wrong2025", ip: "2.2.2.2", now: NOW + i });
    }
    const blocked = await signIn(db(), {
      email: account.email,
      password: account.password,
      ip: "3.3.3.3",
      now: NOW + 10,
    });
    expect(blocked).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(blocked.ok === false && blocked.message).toMatch(/^Слишком много попыток входа/);
    // A colleague in the same office (same IP) still signs in.
    const colleague = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: "2.2.2.2", now: NOW + 10 });
    expect(colleague.ok).toBe(true);
    const later = await signIn(db(), {
      email: account.email,
      password: account.password,
      ip: "3.3.3.3",
      now: NOW + 15 * 60 * 1000 + 10,
    });
    expect(later.ok).toBe(true);
  });

  it("blocks an IP after 20 failures in 15 minutes, whatever e-mails it tries", async () => {
    for (let i = 0; i < 20; i++) {
      const attempt = await signIn(db(), {
        email: `guess${i}@example.ru`,
        password: "Guess2025",
        ip: "4.4.4.4",
        now: NOW + i,
      });
      expect(attempt).toMatchObject({ ok: false, reason: "invalid" });
    }
    const blocked = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: "4.4.4.4", now: NOW + 30 });
    expect(blocked).toMatchObject({ ok: false, reason: "rate_limited" });
    const elsewhere = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: "5.5.5.5", now: NOW + 30 });
    expect(elsewhere.ok).toBe(true);
  });

  it("slides a session's expiry while it is used, but ends it 30 days after sign-in", async () => {
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    if (!director.ok) throw new Error("sign-in failed");
    const userId = director.user.id;
    const { token, session } = await createSession(db(), { userId, kind: "browser", now: NOW });
    expect(session.expiresAt.getTime()).toBe(NOW + 14 * DAY_MS);

    // Used with less than 7 of its 14 idle days left, it gets 14 days from now…
    const renewed = await validateSession(db(), hashToken(token), NOW + 8 * DAY_MS);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.session.expiresAt.getTime()).toBe(NOW + 22 * DAY_MS);
    expect((await validateSession(db(), hashToken(token), NOW + 8 * DAY_MS + 1000))?.renewed).toBe(false);
    // …but never past 30 days from sign-in, however often it is used.
    const capped = await validateSession(db(), hashToken(token), NOW + 20 * DAY_MS);
    expect(capped?.session.expiresAt.getTime()).toBe(NOW + 30 * DAY_MS);
    expect(await validateSession(db(), hashToken(token), NOW + 29 * DAY_MS)).not.toBeNull();
    expect(await validateSession(db(), hashToken(token), NOW + 30 * DAY_MS)).toBeNull();

    // A session left alone for its 14 idle days ends, and is deleted when presented.
    const idle = await createSession(db(), { userId, kind: "browser", now: NOW });
    expect(await validateSession(db(), hashToken(idle.token), NOW + 14 * DAY_MS)).toBeNull();
    expect(await validateSession(db(), hashToken(idle.token), NOW)).toBeNull();
  });

  it("never lets a refresh token outlive its session's 30 days", async () => {
    const admin = await signIn(db(), { ...DEMO_ACCOUNTS.admin, ip: null, now: NOW });
    if (!admin.ok) throw new Error("sign-in failed");
    let tokens = await startApiSession(db(), SECRET, { userId: admin.user.id, now: NOW });
    // A client that refreshes every 10 days keeps its session alive until day 30, not beyond.
    for (const day of [10, 20, 29]) {
      const result = await rotateRefreshToken(db(), SECRET, tokens.refreshToken, NOW + day * DAY_MS);
      if (!result.ok) throw new Error(`refresh on day ${day} failed: ${result.reason}`);
      tokens = result.tokens;
    }
    expect(await rotateRefreshToken(db(), SECRET, tokens.refreshToken, NOW + 30 * DAY_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("rotates refresh tokens and revokes the session when a used one comes back", async () => {
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    if (!director.ok) throw new Error("sign-in failed");
    const first = await startApiSession(db(), SECRET, { userId: director.user.id, now: NOW });
    const second = await rotateRefreshToken(db(), SECRET, first.refreshToken, NOW + 1000);
    if (!second.ok) throw new Error("rotation failed");
    expect(second.tokens.refreshToken).not.toBe(first.refreshToken);
    const claims = await verifyAccessToken(SECRET, second.tokens.accessToken, NOW + 1000);
    expect(await validateSession(db(), claims!.sid, NOW + 1000)).not.toBeNull();

    expect(await rotateRefreshToken(db(), SECRET, first.refreshToken, NOW + 2000)).toEqual({
      ok: false,
      reason: "reused",
    });
    expect(await validateSession(db(), claims!.sid, NOW + 2000)).toBeNull();
    expect((await rotateRefreshToken(db(), SECRET, second.tokens.refreshToken, NOW + 3000)).ok).toBe(false);
  });

  it("lists a user's sessions and ends all but the current one", async () => {
    const director = await signIn(db(), { ...DEMO_ACCOUNTS.director, ip: null, now: NOW });
    if (!director.ok) throw new Error("sign-in failed");
    const a = await createSession(db(), {
      userId: director.user.id,
      kind: "browser",
      now: NOW,
      userAgent: "A",
    });
    await createSession(db(), { userId: director.user.id, kind: "browser", now: NOW, userAgent: "B" });
    const list = await listSessions(db(), director.user.id, a.session.id, NOW);
    expect(list.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      ["A", true],
      ["B", false],
    ]);
    const admin = await signIn(db(), { ...DEMO_ACCOUNTS.admin, ip: null, now: NOW });
    if (!admin.ok) throw new Error("sign-in failed");
    const handle = list.find((x) => !x.current)!.id;
    expect(await endSessionByHandle(db(), admin.user.id, handle)).toBe(false);
    expect(await listSessions(db(), director.user.id, a.session.id, NOW)).toHaveLength(2);
    expect(await endOtherSessions(db(), director.user.id, a.session.id)).toBe(1);
    expect(await listSessions(db(), director.user.id, a.session.id, NOW)).toHaveLength(1);
  });
});
