import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { throttleHits } from "../../db/schema";
import { createTestDb } from "../../tests/support/test-db";
import { deleteStaleHits, ipThrottleKey, releaseSlot, takeSlot } from "./throttle";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const MINUTE = 60_000;

describe("ipThrottleKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::/64"],
    ["2001:DB8:85A3:8D3::1", "2001:db8:85a3:8d3::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:abcd::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
  ])("keys %s as %s", (ip, key) => {
    expect(ipThrottleKey(ip)).toBe(key);
  });
});

describe("takeSlot on libSQL", () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  beforeAll(async () => {
    handle = await createTestDb();
    db = handle.db;
  });
  afterAll(() => handle.close());

  const rule = (key: string, limit: number) => ({ key, limit, windowMs: 15 * MINUTE });

  it("gives out at most `limit` hits in the window, then says when the next one frees", async () => {
    for (let i = 0; i < 3; i++) expect((await takeSlot(db, [rule("a", 3)], NOW + i * MINUTE)).ok).toBe(true);
    expect(await takeSlot(db, [rule("a", 3)], NOW + 5 * MINUTE)).toEqual({
      ok: false,
      retryAfterSeconds: 600,
    });
    // The first hit leaves the window 15 minutes after it was taken.
    expect((await takeSlot(db, [rule("a", 3)], NOW + 15 * MINUTE + 1)).ok).toBe(true);
  });

  it("takes a hit under every rule or under none", async () => {
    await takeSlot(db, [rule("full", 1)], NOW);
    expect((await takeSlot(db, [rule("free", 5), rule("full", 1)], NOW)).ok).toBe(false);
    expect(await db.select().from(throttleHits).all()).not.toContainEqual(
      expect.objectContaining({ key: "free" }),
    );
    const taken = await takeSlot(db, [rule("free", 5), rule("other", 5)], NOW);
    expect(taken.ok && taken.hitIds).toHaveLength(2);
  });

  it("frees a released hit at once", async () => {
    const first = await takeSlot(db, [rule("released", 1)], NOW);
    expect((await takeSlot(db, [rule("released", 1)], NOW)).ok).toBe(false);
    if (first.ok) await releaseSlot(db, first.hitIds);
    expect((await takeSlot(db, [rule("released", 1)], NOW)).ok).toBe(true);
  });

  it("never gives out more than the limit to parallel callers", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => takeSlot(db, [rule("burst", 5)], NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it("sweeps only hits older than the longest window", async () => {
    const old = await takeSlot(db, [rule("sweep-old", 5)], NOW - 61 * MINUTE);
    const recent = await takeSlot(db, [rule("sweep-recent", 5)], NOW - 59 * MINUTE);
    await deleteStaleHits(db, NOW);
    const ids = (await db.select({ id: throttleHits.id }).from(throttleHits).all()).map((r) => r.id);
    expect(old.ok && ids.includes(old.hitIds[0])).toBe(false);
    expect(recent.ok && ids.includes(recent.hitIds[0])).toBe(true);
  });
});
