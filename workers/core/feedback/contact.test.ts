import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { feedbackMessages } from "../../../db/schema";
import { createTestDb } from "../../../tests/support/test-db";
import { russianIssueMessage } from "../validation/russian-issues";
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  MAX_CONTACT_MESSAGES_PER_IP,
  submitContactMessage,
} from "./contact";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const message = {
  name: "Ольга",
  email: "Olga@Example.ru",
  phone: "+7 (916) 123-45-67",
  message: "Как подключить ЭДО?",
};

const errorsOf = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input, { error: russianIssueMessage });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the contact form", () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  beforeAll(async () => {
    handle = await createTestDb();
    db = handle.db;
  });
  afterAll(() => handle.close());

  it("refuses what it cannot use, in Russian", () => {
    expect(errorsOf({ ...message, message: "   " })).toEqual([CONTACT_MESSAGES.messageRequired]);
    expect(errorsOf({ ...message, message: "я".repeat(2001) })).toEqual([CONTACT_MESSAGES.messageTooLong]);
    expect(errorsOf({ ...message, email: "olga" })).toEqual(["Введите корректный email"]);
    expect(errorsOf({ ...message, phone: "0123" })).toEqual([CONTACT_MESSAGES.phoneInvalid]);
    expect(errorsOf({ ...message, name: "" })).toEqual(["Имя обязательно"]);
    expect(errorsOf({ ...message, phone: "" })).toEqual([]);
  });

  it("stores a message in the feedback store under the screen «contact»", async () => {
    const input = contactMessageSchema.parse(message);
    expect(
      await submitContactMessage(db, input, { ip: "203.0.113.9", userId: null, userAgent: "UA", now: NOW }),
    ).toEqual({
      ok: true,
    });
    const rows = await db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userEmail, "olga@example.ru"));
    expect(rows).toEqual([
      expect.objectContaining({
        userName: "Ольга",
        phone: "+79161234567",
        screen: "contact",
        message: "Как подключить ЭДО?",
      }),
    ]);
  });

  it("answers a bot that filled the honeypot as a person and stores nothing", async () => {
    const input = contactMessageSchema.parse({ ...message, email: "bot@example.ru", website: "http://spam" });
    expect(
      await submitContactMessage(db, input, { ip: "203.0.113.10", userId: null, userAgent: null, now: NOW }),
    ).toEqual({
      ok: true,
    });
    expect(
      await db.select().from(feedbackMessages).where(eq(feedbackMessages.userEmail, "bot@example.ru")),
    ).toEqual([]);
  });

  it(`takes at most ${MAX_CONTACT_MESSAGES_PER_IP} messages an hour from one IP`, async () => {
    const input = contactMessageSchema.parse(message);
    const send = (ip: string, now: number) =>
      submitContactMessage(db, input, { ip, userId: null, userAgent: null, now });
    const burst = await Promise.all(
      Array.from({ length: MAX_CONTACT_MESSAGES_PER_IP + 3 }, () => send("198.51.100.4", NOW)),
    );
    expect(burst.filter((result) => result.ok)).toHaveLength(MAX_CONTACT_MESSAGES_PER_IP);
    expect(burst.find((result) => !result.ok)).toEqual({
      ok: false,
      retryAfterSeconds: 3600,
      message: CONTACT_MESSAGES.rateLimited,
    });
    expect((await send("198.51.100.5", NOW)).ok).toBe(true);
    expect((await send("198.51.100.4", NOW + 60 * 60 * 1000 + 1)).ok).toBe(true);
  });
});
