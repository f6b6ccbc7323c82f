import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { analyticsEvents } from "../../../db/schema";
import { createTestDb } from "../../../tests/support/test-db";
import {
  analyticsBatchSchema,
  chunkForQueue,
  MAX_EVENT_AGE_MS,
  toEventRecord,
  type AnalyticsEventRecord,
} from "./event";
import { ingestEvents } from "./ingest";
import { metricsQuerySchema, readMetrics } from "./metrics";
import { rollUpDirtyDays } from "./rollup";

const NOON = Date.parse("2026-11-20T12:00:00Z");

function record(overrides: Partial<AnalyticsEventRecord> = {}): AnalyticsEventRecord {
  return {
    id: crypto.randomUUID(),
    userId: null,
    sessionId: "session-a",
    eventType: "page_view",
    eventCategory: "navigation",
    eventAction: null,
    eventLabel: null,
    metadata: null,
    pageUrl: "http://localhost/",
    referrer: null,
    createdAt: NOON,
    receivedAt: NOON,
    ...overrides,
  };
}

describe("analytics event schema", () => {
  const valid = { id: crypto.randomUUID(), eventType: "click", sessionId: "s" };

  it("accepts a batch of 1 to 100 events and rejects 0 or 101 with a Russian message", () => {
    expect(analyticsBatchSchema.safeParse({ events: [valid] }).success).toBe(true);
    const empty = analyticsBatchSchema.safeParse({ events: [] });
    expect(empty.error?.issues[0].message).toBe("Пакет должен содержать хотя бы одно событие");
    const tooMany = analyticsBatchSchema.safeParse({
      events: Array.from({ length: 101 }, () => ({ ...valid, id: crypto.randomUUID() })),
    });
    expect(tooMany.error?.issues[0].message).toBe("В пакете не больше 100 событий");
  });

  it("requires a UUID id, an event type and a session", () => {
    const result = analyticsBatchSchema.safeParse({ events: [{ id: "1", eventType: " ", sessionId: "" }] });
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual([
      "Идентификатор события должен быть UUID",
      "Укажите тип события",
      "Укажите идентификатор сессии",
    ]);
  });

  it("rejects oversized metadata", () => {
    const result = analyticsBatchSchema.safeParse({
      events: [{ ...valid, metadata: { blob: "x".repeat(5000) } }],
    });
    expect(result.success).toBe(false);
  });
});

describe("toEventRecord", () => {
  const event = { id: "6F1C1B9E-8C1B-4D7A-9A0F-1C2B3D4E5F60", eventType: "click", sessionId: "s" };

  it("keeps a plausible client time and attributes the event to the signed-in user, not the claimed one", () => {
    const r = toEventRecord(
      { ...event, userId: "someone-else", timestamp: NOON - 5000 },
      { userId: "u1", receivedAt: NOON },
    );
    expect(r).toMatchObject({ createdAt: NOON - 5000, userId: "u1", id: event.id.toLowerCase() });
  });

  it("dates future or too old events when they were received", () => {
    expect(
      toEventRecord({ ...event, timestamp: NOON + 60_000 }, { userId: null, receivedAt: NOON }).createdAt,
    ).toBe(NOON);
    expect(
      toEventRecord({ ...event, timestamp: NOON - MAX_EVENT_AGE_MS - 1 }, { userId: null, receivedAt: NOON })
        .createdAt,
    ).toBe(NOON);
  });
});

describe("chunkForQueue", () => {
  it("splits by serialized size and keeps every item in order", () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ i, pad: "x".repeat(10_000) }));
    const chunks = chunkForQueue(items, 50_000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => JSON.stringify(c).length <= 50_000)).toBe(true);
    expect(chunks.flat()).toEqual(items);
  });
});

describe("ingest, roll-up and metrics on libSQL", () => {
  let db: Db;
  let close: () => void;
  beforeEach(async () => ({ db, close } = await createTestDb()));
  afterEach(() => close());

  it("stores a batch once even when it is delivered twice", async () => {
    const batch = [record(), record({ eventType: "click" })];
    await ingestEvents(db, batch);
    await ingestEvents(db, batch);
    expect(await db.$count(analyticsEvents)).toBe(2);
  });

  it("rolls up each day with events, sessions, users and errors, and reads them back by range", async () => {
    await ingestEvents(db, [
      record({ sessionId: "a", userId: "u1" }),
      record({ sessionId: "a", userId: "u1", eventType: "click", eventCategory: "orders" }),
      record({ sessionId: "b", eventType: "error", eventCategory: "error" }),
      record({ sessionId: "c", createdAt: NOON - 86_400_000 }),
    ]);
    expect((await rollUpDirtyDays(db, NOON)).sort()).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await rollUpDirtyDays(db, NOON)).toEqual([]);

    const metrics = await readMetrics(db, { dateFrom: "2026-11-18", dateTo: "2026-11-20" });
    expect(metrics.byDay).toEqual([
      { date: "2026-11-18", events: 0, sessions: 0, users: 0, errors: 0 },
      { date: "2026-11-19", events: 1, sessions: 1, users: 0, errors: 0 },
      { date: "2026-11-20", events: 3, sessions: 2, users: 1, errors: 1 },
    ]);
    expect(metrics.totals).toEqual({ events: 4, sessions: 3, users: 1, errors: 1 });
    expect(metrics.byType[0]).toEqual({
      eventType: "page_view",
      eventCategory: "navigation",
      events: 2,
      sessions: 2,
    });
  });

  it("recomputes a day when late events arrive after its roll-up", async () => {
    await ingestEvents(db, [record()]);
    await rollUpDirtyDays(db, NOON);
    await ingestEvents(db, [record({ sessionId: "late" })]);
    await rollUpDirtyDays(db, NOON);
    const metrics = await readMetrics(db, { dateFrom: "2026-11-20", dateTo: "2026-11-20" });
    expect(metrics.totals.events).toBe(2);
    expect(metrics.totals.sessions).toBe(2);
  });
});

describe("metrics query", () => {
  it("rejects a reversed or malformed range in Russian", () => {
    expect(
      metricsQuerySchema.safeParse({ dateFrom: "2026-11-20", dateTo: "2026-11-01" }).error?.issues[0].message,
    ).toBe("Дата начала периода позже даты окончания");
    expect(metricsQuerySchema.safeParse({ dateFrom: "20.11.2026" }).error?.issues[0].message).toBe(
      "Дата должна быть в формате ГГГГ-ММ-ДД",
    );
  });

  it("defaults to the last 30 days", () => {
    const query = metricsQuerySchema.parse({ dateTo: "2026-11-30" });
    expect(query).toEqual({ dateFrom: "2026-11-01", dateTo: "2026-11-30" });
  });
});
