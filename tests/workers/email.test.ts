// E-mail for real and the links it carries (issue 25 items 1-2; decision 0073): registration's
// confirmation letter and «Забыли пароль?» through the queue, the jobs Worker and the sandbox
// Unisender Go, read back from the sandbox mailbox as a person would read their mail.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deadJobs, emailTokens, sessions, users } from "../../db/schema";
import { changePassword, prepareResetLetter, RESET_TTL_MS } from "../../workers/core/auth/email-links";
import { hashToken } from "../../workers/core/auth/tokens";
import type { JobMessage } from "../../workers/core/jobs/messages";
import { SAME_ORIGIN } from "./page-actions";
import {
  callWeb,
  createCompanyUser,
  deliver,
  drain,
  postJson,
  sessionFor,
  testDb,
  type SentMessage,
} from "./support";

const SANDBOX = new URL(env.EMAIL_API_URL).origin;
const PASSWORD = "Gruz2025ok";
const NEW_PASSWORD = "Novyi2026ok";
const DAY_MS = 24 * 60 * 60 * 1000;

type Letter = { to: string; subject: string; text: string; html: string; links: string[] };

async function mailbox(to: string): Promise<Letter[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/mail.json?to=${encodeURIComponent(to)}`);
  return (await response.json<{ letters: Letter[] }>()).letters;
}

async function switchMail(mode: "none" | "error500") {
  await fetch(`${SANDBOX}/__sandbox/failures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "unisender-go", mode }),
  });
}

afterEach(() => switchMail("none"));

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, ...headers },
  body: new URLSearchParams(fields),
  redirect: "manual",
});

/** The path of the letter's only link into the site (the links lead to the origin asked on). */
function linkPath(letter: Letter, page: string): string {
  const link = letter.links.find((l) => l.startsWith(`http://reys.test${page}?token=`));
  expect(link, `a ${page} link in «${letter.subject}»`).toBeDefined();
  expect(letter.text).toContain(link);
  expect(letter.html).toContain(link);
  return link!.slice("http://reys.test".length);
}

const tokenOf = (path: string) => new URL(path, "http://reys.test").searchParams.get("token")!;

async function register(email: string) {
  const fields = {
    firstName: "Ольга",
    lastName: "Кузнецова",
    email,
    phone: "+7 (912) 345-67-89",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName: "ООО «Быстрый груз»",
    inn: "",
    kpp: "",
    ogrn: "",
    address: "г. Самара",
  };
  return callWeb("/register", formPost(fields));
}

async function apiLoginStatus(email: string, password: string) {
  return (await callWeb("/api/auth/login", postJson({ email, password }))).response.status;
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("reys_session="))
    ?.split(";")[0];

const newAddress = () => `mail.${crypto.randomUUID().slice(0, 8)}@example.ru`;

/** Registers through the page and delivers what it queued: the letter lands in the mailbox. */
async function registeredWithLetter(email = newAddress()) {
  const { response, sent } = await register(email);
  expect(response.status).toBe(302);
  expect(sent.map((m) => m.body)).toEqual([
    expect.objectContaining({ kind: "email.confirmation", origin: "http://reys.test" }),
  ]);
  await drain(sent);
  const [user] = await testDb().select().from(users).where(eq(users.email, email));
  return { email, user };
}

describe("the confirmation letter", () => {
  it("registration sends one in Russian to the sandbox mailbox; its link confirms the address once, and the banner goes", async () => {
    const { email, user } = await registeredWithLetter();
    expect(user.emailConfirmedAt).toBeNull();
    const letters = await mailbox(email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toBe("Подтвердите адрес электронной почты — Рейс");
    expect(letters[0].text).toContain("Здравствуйте, Ольга!");
    const path = linkPath(letters[0], "/confirm-email");

    // The account works at once; the signed-in pages ask to confirm.
    const { cookie } = await sessionFor(user.id);
    const before = await (await callWeb("/dashboard", { headers: { cookie } })).response.text();
    expect(before).toContain('data-testid="email-confirmation-banner"');
    expect(before).toContain("Отправить письмо ещё раз");

    // Opening the link changes nothing (mail scanners open links); the button confirms.
    const page = await callWeb(path);
    expect(page.response.status).toBe(200);
    expect(await page.response.text()).toContain("Подтвердить адрес");
    const [still] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(still.emailConfirmedAt).toBeNull();

    const confirmed = await callWeb("/confirm-email", formPost({ token: tokenOf(path) }));
    expect(confirmed.response.status).toBe(302);
    expect(confirmed.response.headers.get("location")).toBe("/dashboard");
    const [after] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(after.emailConfirmedAt).not.toBeNull();

    const again = await callWeb("/confirm-email", formPost({ token: tokenOf(path) }));
    expect(again.response.status).toBe(410);
    expect(await again.response.text()).toContain("Ссылка уже использована.");
    expect((await callWeb(path)).response.status).toBe(410);

    const later = await (await callWeb("/dashboard", { headers: { cookie } })).response.text();
    expect(later).not.toContain("email-confirmation-banner");
  });

  it("an unknown or mistyped link is refused with a Russian page, nothing confirmed", async () => {
    const page = await callWeb("/confirm-email?token=not-a-token");
    expect(page.response.status).toBe(404);
    expect(await page.response.text()).toContain("Ссылка недействительна");
    const posted = await callWeb("/confirm-email", formPost({ token: "not-a-token" }));
    expect(posted.response.status).toBe(404);
  });

  it("the banner sends the letter again, three an hour at most", async () => {
    const { email, user } = await registeredWithLetter();
    const { cookie } = await sessionFor(user.id);
    const resend = () =>
      callWeb("/confirm-email", formPost({ intent: "resend", redirectTo: "/finance" }, { cookie }));
    const first = await resend();
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("location")).toBe("/finance");
    await drain(first.sent);
    expect(await mailbox(email)).toHaveLength(2);
    expect((await resend()).sent).toHaveLength(1);
    const refused = await resend();
    expect(refused.sent).toEqual([]);
  });

  it("an unconfirmed user cannot ask for a quick payment: 403 with the reason, nothing written", async () => {
    const { userId } = await createCompanyUser();
    await testDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId));
    const { bearer } = await sessionFor(userId);
    const { response, sent } = await callWeb(
      "/api/factoring/quick-payment",
      postJson(
        { orderId: crypto.randomUUID(), amount: 1000, userConsent: { accepted: true } },
        { authorization: `Bearer ${bearer}` },
      ),
    );
    expect(response.status).toBe(403);
    expect((await response.json<{ error: string }>()).error).toContain("Подтвердите адрес электронной почты");
    expect(sent).toEqual([]);
  });
});

describe("«Забыли пароль?»", () => {
  it("request → letter → new password: the old password fails, every other session ends, this browser is signed in", async () => {
    const { email, user } = await registeredWithLetter();
    const other = await sessionFor(user.id);
    const asked = await callWeb("/forgot-password", formPost({ email: email.toUpperCase() }));
    expect(asked.response.status).toBe(200);
    await drain(asked.sent);
    const [letter] = (await mailbox(email)).filter((l) => l.subject === "Восстановление пароля — Рейс");
    expect(letter.text).toContain("Ссылка действует 30 минут");
    const path = linkPath(letter, "/reset-password");

    const page = await callWeb(path);
    expect(page.response.status).toBe(200);
    expect(await page.response.text()).toContain("Новый пароль");

    const mismatch = await callWeb(
      "/reset-password",
      formPost({ token: tokenOf(path), password: NEW_PASSWORD, confirmPassword: "Other2026ok" }),
    );
    expect(mismatch.response.status).toBe(400);

    const reset = await callWeb(
      "/reset-password",
      formPost({ token: tokenOf(path), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(reset.response.status).toBe(302);
    expect(reset.response.headers.get("location")).toBe("/dashboard");
    const cookie = sessionCookie(reset.response);
    expect(cookie).toBeDefined();
    expect((await callWeb("/dashboard", { headers: { cookie: cookie! } })).response.status).toBe(200);

    const ended = await callWeb("/dashboard", { headers: { cookie: other.cookie }, redirect: "manual" });
    expect(ended.response.status).toBe(302);
    expect(await apiLoginStatus(email, PASSWORD)).toBe(401);
    expect(await apiLoginStatus(email, NEW_PASSWORD)).toBe(200);

    const again = await callWeb(
      "/reset-password",
      formPost({ token: tokenOf(path), password: "Third2026ok", confirmPassword: "Third2026ok" }),
    );
    expect(again.response.status).toBe(410);
    expect(await again.response.text()).toContain("Ссылка уже использована.");
    expect(await apiLoginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it("an unknown address gets the same status and words as a known one, and no letter goes", async () => {
    const { email } = await registeredWithLetter();
    const unknown = newAddress();
    const known = await callWeb("/forgot-password", formPost({ email }));
    const stranger = await callWeb("/forgot-password", formPost({ email: unknown }));
    expect(stranger.response.status).toBe(known.response.status);
    const words = "Если этот адрес зарегистрирован в Рейсе, мы отправили на него письмо";
    expect(await known.response.text()).toContain(words);
    expect(await stranger.response.text()).toContain(words);
    // The same work on the web side: one queue message each; the jobs Worker sends only one letter.
    expect(stranger.sent.map((m) => m.body.kind)).toEqual(known.sent.map((m) => m.body.kind));
    await drain([...known.sent, ...stranger.sent]);
    expect(await mailbox(unknown)).toEqual([]);
    expect((await mailbox(email)).filter((l) => l.subject.startsWith("Восстановление"))).toHaveLength(1);
  });

  it("refuses a burst: the fourth request for one address in an hour answers 429 in Russian", async () => {
    const email = newAddress();
    for (let i = 0; i < 3; i++) {
      expect((await callWeb("/forgot-password", formPost({ email }))).response.status).toBe(200);
    }
    const fourth = await callWeb("/forgot-password", formPost({ email }));
    expect(fourth.response.status).toBe(429);
    expect(fourth.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await fourth.response.text()).toContain("Слишком много запросов на смену пароля");
    expect(fourth.sent).toEqual([]);
  });

  it("an expired link is refused, and the password stays", async () => {
    const { email } = await registeredWithLetter();
    const queue: JobMessage[] = [];
    // A link made 31 minutes ago.
    await prepareResetLetter(
      {
        db: testDb(),
        now: () => Date.now() - RESET_TTL_MS - 60_000,
        enqueue: async (job) => void queue.push(job),
      },
      { email, origin: "http://reys.test" },
    );
    const [job] = queue;
    if (job?.kind !== "email.send") throw new Error("no letter queued");
    const link = job.letter.text.match(/http:\/\/reys\.test(\/reset-password\?token=\w+)/)![1];
    const page = await callWeb(link);
    expect(page.response.status).toBe(409);
    expect(await page.response.text()).toContain("Срок действия ссылки истёк");
    const posted = await callWeb(
      "/reset-password",
      formPost({ token: tokenOf(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(posted.response.status).toBe(409);
    expect(await apiLoginStatus(email, PASSWORD)).toBe(200);
  });
});

describe("the hourly sweep", () => {
  it("deletes links dead for more than a week, and an expired link still says it expired", async () => {
    const { userId, email } = await createCompanyUser();
    const db = testDb();
    const tokens = { old: crypto.randomUUID(), recent: crypto.randomUUID() };
    const made = (token: string, daysAgo: number) => ({
      hash: hashToken(token),
      kind: "password_reset" as const,
      userId,
      email,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS),
      expiresAt: new Date(Date.now() - daysAgo * DAY_MS + RESET_TTL_MS),
    });
    await db.insert(emailTokens).values([made(tokens.old, 8), made(tokens.recent, 1)]);
    const swept = await deliver([{ kind: "auth.sweep" }]);
    expect(swept.explicitAcks).toEqual(swept.ids);
    const left = await db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    expect(left.map((t) => t.hash)).toEqual([hashToken(tokens.recent)]);
    const page = await callWeb(`/reset-password?token=${tokens.recent}`);
    expect(page.response.status).toBe(409);
    expect(await page.response.text()).toContain("Срок действия ссылки истёк");
  });
});

describe("a password change", () => {
  it("checks the current password and ends every other session", async () => {
    const { userId } = await createCompanyUser({ password: PASSWORD });
    await sessionFor(userId);
    const { cookie } = await sessionFor(userId);
    const db = testDb();
    const kept = hashToken(cookie.slice("reys_session=".length));
    const wrong = await changePassword(db, {
      userId,
      sessionId: kept,
      currentPassword: "Wrong2025ok",
      newPassword: NEW_PASSWORD,
      now: Date.now(),
    });
    expect(wrong).toMatchObject({ ok: false, reason: "invalid", message: "Текущий пароль указан неверно" });
    expect((await db.select().from(sessions).where(eq(sessions.userId, userId))).length).toBe(4);

    const changed = await changePassword(db, {
      userId,
      sessionId: kept,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      now: Date.now(),
    });
    expect(changed.ok).toBe(true);
    const left = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((s) => s.id)).toEqual([kept]);
  });
});

describe("sending through the provider", () => {
  it("a failing provider is retried and the letter arrives once", async () => {
    const to = newAddress();
    const letter: SentMessage = {
      body: {
        kind: "email.send",
        letter: { id: crypto.randomUUID(), to, subject: "Проверка", text: "Текст", html: "<p>Текст</p>" },
      },
    };
    await switchMail("error500");
    const failed = await deliver([letter.body]);
    expect(failed.retryMessages.map((m) => m.msgId)).toEqual(failed.ids);
    expect(await mailbox(to)).toEqual([]);

    await switchMail("none");
    const retried = await deliver([letter.body], { attempts: 2 });
    expect(retried.explicitAcks).toEqual(retried.ids);
    // A redelivery of a message whose send succeeded (an ack lost) sends nothing twice.
    const redelivered = await deliver([letter.body], { attempts: 3 });
    expect(redelivered.explicitAcks).toEqual(redelivered.ids);
    const letters = await mailbox(to);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ subject: "Проверка", text: "Текст" });
  });

  it("a letter that runs out of retries is kept in dead_jobs", async () => {
    const body = {
      kind: "email.send",
      letter: { id: crypto.randomUUID(), to: newAddress(), subject: "Проверка", text: "Т", html: "<p>Т</p>" },
    };
    const outcome = await deliver([body], { queue: "reys-jobs-dlq" });
    expect(outcome.explicitAcks).toEqual(outcome.ids);
    const [row] = await testDb().select().from(deadJobs).where(eq(deadJobs.id, outcome.ids[0]));
    expect(row).toMatchObject({ kind: "email.send", body });
  });
});
