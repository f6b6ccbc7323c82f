// The feedback dialog's API and the admin's panel (spec 1 §2 "Feedback", §5, §6, §7, §9; decision 0066).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedbackMessages } from "../../db/schema";
import { MAX_FEEDBACK_PER_USER } from "../../workers/core/feedback/messages";
import { textOf } from "../support/page-text";
import { SAME_ORIGIN } from "./page-actions";
import { callWeb, createCompanyUser, postJson, sessionFor, testDb } from "./support";

type Member = { userId: string; email: string; bearer: string; cookie: string };

async function member(role: "user" | "admin" = "user"): Promise<Member> {
  const { userId, email } = await createCompanyUser({ role });
  return { userId, email, ...(await sessionFor(userId)) };
}

type Answer<T> = { success: boolean; data: T; error?: string; message?: string; pagination?: Pagination };
type Pagination = { page: number; limit: number; total: number; totalPages: number };
type Stored = { id: string; screen: string; created_at: string };
type Listed = Stored & { user_id: string | null; user_name: string; user_email: string; message: string };

async function api<T>(who: Member | null, path: string, init: RequestInit = {}) {
  const headers = {
    ...(who ? { authorization: `Bearer ${who.bearer}` } : {}),
    ...(init.headers as Record<string, string>),
  };
  const { response } = await callWeb(`/api${path}`, { ...init, headers });
  return { status: response.status, headers: response.headers, body: await response.json<Answer<T>>() };
}

const METADATA = {
  url: "http://reys.test/dashboard/orders",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
  timestamp: "2026-11-25T08:00:00.000Z",
  viewport: { width: 1440, height: 900 },
};
const send = (who: Member | null, body: Record<string, unknown>) =>
  api<Stored>(who, "/feedback", postJson({ screen: "Заказы", metadata: METADATA, ...body }));

const rowsOf = (userId: string) =>
  testDb().select().from(feedbackMessages).where(eq(feedbackMessages.userId, userId));

describe("POST /api/feedback", () => {
  it("stores the signed-in user's trimmed message with its screen, name, e-mail and metadata", async () => {
    const user = await member();
    const sent = await send(user, { message: "  Не видно фильтра по дате  " });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ success: true, message: "Спасибо! Ваше сообщение отправлено." });
    const [row] = await rowsOf(user.userId);
    expect(row).toMatchObject({
      id: sent.body.data.id,
      userName: "Тест Тестов",
      userEmail: user.email,
      screen: "Заказы",
      message: "Не видно фильтра по дате",
    });
    expect(JSON.parse(row!.metadata!)).toEqual(METADATA);
  });

  it("refuses a blank or too long message with the spec's texts, and a signed-out sender", async () => {
    const user = await member();
    const blank = await send(user, { message: " \n\t " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain("Пожалуйста, введите сообщение");
    const tooLong = await send(user, { message: "я".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("Сообщение не длиннее 2000 символов");
    expect((await send(user, { message: "я".repeat(2000) })).status).toBe(201);
    expect((await send(null, { message: "Без входа" })).status).toBe(401);
    expect(await rowsOf(user.userId)).toHaveLength(1);
  });

  it("stores a double click or a retry once and answers the stored message again", async () => {
    const user = await member();
    const message = { message: "Кнопка «Синхронизировать» не отвечает" };
    const [first, second] = await Promise.all([send(user, message), send(user, message)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const retry = await send(user, message);
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await rowsOf(user.userId)).toHaveLength(1);
    // The same words on another screen are another message.
    expect((await send(user, { ...message, screen: "ЭДО" })).status).toBe(201);
    expect(await rowsOf(user.userId)).toHaveLength(2);
  });

  it(`takes ${MAX_FEEDBACK_PER_USER} messages an hour from one user, then 429 with Retry-After`, async () => {
    const [user, other] = [await member(), await member()];
    for (let i = 1; i <= MAX_FEEDBACK_PER_USER; i++) {
      expect((await send(user, { message: `Замечание № ${i}` })).status).toBe(201);
    }
    const refused = await send(user, { message: "Ещё одно замечание" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Слишком много сообщений\. Попробуйте снова через \d+ мин\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A retry of a stored message is no new message: it is answered, not refused.
    expect((await send(user, { message: "Замечание № 3" })).status).toBe(200);
    // The limit is the user's own.
    expect((await send(other, { message: "Замечание № 1" })).status).toBe(201);
    expect(await rowsOf(user.userId)).toHaveLength(MAX_FEEDBACK_PER_USER);
  });
});

describe("the admin's feedback", () => {
  let admin: Member;
  let user: Member;
  beforeAll(async () => {
    [admin, user] = await Promise.all([member("admin"), member()]);
  });

  it("is closed to a user: 403 «Доступ запрещен» for the list and the stats, so no one reads another's messages", async () => {
    const author = await member();
    await send(author, { message: "Сообщение автора" });
    for (const path of ["/feedback", `/feedback?user_id=${author.userId}`, "/feedback/stats"]) {
      const answer = await api(user, path);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ success: false, error: "Доступ запрещен" });
      expect(JSON.stringify(answer.body)).not.toContain("Сообщение автора");
    }
    const page = await callWeb("/admin/feedback", { headers: { cookie: user.cookie } });
    expect(page.response.status).toBe(403);
    const html = await page.response.text();
    expect(textOf(html)).toContain("Доступ запрещен");
    expect(html).not.toContain("Сообщение автора");
  });

  it("lists 20 a page, newest first, filtered by user and by screen", async () => {
    const author = await member();
    const db = testDb();
    const base = Date.now() - 24 * 60 * 60 * 1000;
    await db.insert(feedbackMessages).values(
      Array.from({ length: 45 }, (_, i) => ({
        id: crypto.randomUUID(),
        userId: author.userId,
        userName: "Тест Тестов",
        userEmail: author.email,
        screen: i % 3 === 0 ? "Финансы" : "Заказы",
        message: `Сообщение ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await api<Listed[]>(admin, `/feedback?user_id=${author.userId}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3 });
    expect(first.body.data[0]).toMatchObject({ message: "Сообщение 44", user_id: author.userId });
    const last = await api<Listed[]>(admin, `/feedback?user_id=${author.userId}&page=3&limit=20`);
    expect(last.body.data.map((m) => m.message)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Сообщение ${4 - i}`),
    );
    const finance = await api<Listed[]>(
      admin,
      `/feedback?${new URLSearchParams({ user_id: author.userId, screen: "Финансы" })}`,
    );
    expect(finance.body.pagination?.total).toBe(15);
    expect(finance.body.data.every((m) => m.screen === "Финансы")).toBe(true);
  });

  it("counts the total and the top 5 screens and users; the panel cuts user ids to 8 characters", async () => {
    // Six users with 60…55 messages, each on a screen of its own: more than any other test writes.
    const authors = await Promise.all(Array.from({ length: 6 }, () => member()));
    const tag = crypto.randomUUID().slice(0, 6);
    const screens = authors.map((_, i) => `Экран ${tag} ${i}`);
    const db = testDb();
    const base = Date.now() - 24 * 60 * 60 * 1000;
    const rows = authors.flatMap((author, i) =>
      Array.from({ length: 60 - i }, (_, n) => ({
        id: crypto.randomUUID(),
        userId: author.userId,
        userName: "Тест Тестов",
        userEmail: author.email,
        screen: screens[i]!,
        message: `Сообщение ${n}`,
        createdAt: new Date(base + n),
      })),
    );
    for (let i = 0; i < rows.length; i += 100)
      await db.insert(feedbackMessages).values(rows.slice(i, i + 100));

    const stats = await api<{
      total: number;
      by_screen: Record<string, number>;
      by_user: Record<string, number>;
    }>(admin, "/feedback/stats");
    expect(stats.status).toBe(200);
    expect(stats.body.data.total).toBeGreaterThanOrEqual(rows.length);
    expect(Object.entries(stats.body.data.by_screen)).toEqual(screens.slice(0, 5).map((s, i) => [s, 60 - i]));
    expect(Object.entries(stats.body.data.by_user)).toEqual(
      authors.slice(0, 5).map((a, i) => [a.userId, 60 - i]),
    );

    const page = await callWeb("/admin/feedback", { headers: { cookie: admin.cookie } });
    expect(page.response.status).toBe(200);
    const text = textOf(await page.response.text());
    expect(text).toContain("Топ-5 пользователей");
    for (const author of authors.slice(0, 5)) {
      expect(text).toContain(author.userId.slice(0, 8));
      expect(text).not.toContain(author.userId);
    }
    expect(text).not.toContain(authors[5]!.userId.slice(0, 8));
  });

  it("lets the admin mark a message done and open it again, by the API and from the panel", async () => {
    const author = await member();
    const { id } = (await send(author, { message: "Не приходит письмо" })).body.data;
    const mark = (who: Member, body: Record<string, unknown>) =>
      api<{ id: string; done_at: string | null }>(who, "/feedback/done", postJson(body));
    const listed = async (status: string) =>
      (await api<Listed[]>(admin, `/feedback?${new URLSearchParams({ user_id: author.userId, status })}`))
        .body.data;

    expect((await mark(user, { id })).status).toBe(403);
    expect(await listed("done")).toEqual([]);
    const done = await mark(admin, { id });
    expect(done.status).toBe(200);
    expect(done.body.data.done_at).not.toBeNull();
    // Marked again: the first time stays.
    expect((await mark(admin, { id, done: true })).body.data.done_at).toBe(done.body.data.done_at);
    expect((await listed("done")).map((m) => m.id)).toEqual([id]);
    expect(await listed("open")).toEqual([]);
    expect((await mark(admin, { id, done: false })).body.data.done_at).toBeNull();
    expect((await listed("open")).map((m) => m.id)).toEqual([id]);
    const missing = await mark(admin, { id: "no-such-message" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Сообщение не найдено");

    const fromPanel = (who: Member) =>
      callWeb("/admin/feedback", {
        method: "POST",
        headers: { cookie: who.cookie, ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id, done: "true" }).toString(),
      });
    expect((await fromPanel(user)).response.status).toBe(403);
    expect((await rowsOf(author.userId))[0]!.doneAt).toBeNull();
    expect((await fromPanel(admin)).response.status).toBe(200);
    expect((await rowsOf(author.userId))[0]!.doneAt).not.toBeNull();
  });
});
