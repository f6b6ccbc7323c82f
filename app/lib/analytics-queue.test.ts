import { describe, expect, it } from "vitest";
import { AnalyticsQueue, type AnalyticsTransport, type QueuedEvent } from "./analytics-queue";

function setup(statuses: (number | "offline")[] = [], beaconAccepts = true) {
  const posted: QueuedEvent[][] = [];
  const beaconed: QueuedEvent[][] = [];
  let n = 0;
  const transport: AnalyticsTransport = {
    async post(events) {
      posted.push(events);
      const status = statuses.shift() ?? 202;
      if (status === "offline") throw new TypeError("Failed to fetch");
      return status;
    },
    beacon(events) {
      if (beaconAccepts) beaconed.push(events);
      return beaconAccepts;
    },
  };
  const queue = new AnalyticsQueue({
    transport,
    sessionId: () => "session-1",
    page: () => ({ pageUrl: "http://localhost/dashboard", referrer: "" }),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    now: () => 1_700_000_000_000,
  });
  return { queue, posted, beaconed };
}

const click = { eventType: "click", eventCategory: "dashboard" };

describe("AnalyticsQueue", () => {
  it("waits until 10 events, then sends all of them in one batch", async () => {
    const { queue, posted } = setup();
    for (let i = 0; i < 9; i++) queue.track(click);
    expect(posted).toHaveLength(0);
    queue.track(click);
    await queue.flush();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toHaveLength(10);
    expect(new Set(posted[0].map((e) => e.id)).size).toBe(10);
    expect(posted[0][0]).toMatchObject({
      sessionId: "session-1",
      pageUrl: "http://localhost/dashboard",
      eventType: "click",
    });
    expect(queue.size).toBe(0);
  });

  it("puts a batch back in order when the network or the server fails, and resends the same ids", async () => {
    const { queue, posted } = setup(["offline", 503]);
    queue.track(click);
    queue.track({ eventType: "second" });
    await queue.flush();
    expect(queue.pending().map((e) => e.eventType)).toEqual(["click", "second"]);
    await queue.flush();
    expect(queue.size).toBe(2);
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(posted.map((b) => b.map((e) => e.id))).toEqual([
      posted[0].map((e) => e.id),
      posted[0].map((e) => e.id),
      posted[0].map((e) => e.id),
    ]);
  });

  it("drops a batch the server rejects as invalid instead of resending it forever", async () => {
    const { queue } = setup([400]);
    queue.track(click);
    await queue.flush();
    expect(queue.size).toBe(0);
  });

  it("sends more than 100 waiting events as several batches of at most 100", async () => {
    const offline = setup(["offline"]);
    for (let i = 0; i < 9; i++) offline.queue.track(click);
    const kept = Array.from({ length: 17 }, () => offline.queue.pending())
      .flat()
      .slice(0, 150);
    const { queue, posted } = setup();
    queue.restore(kept);
    await queue.flush();
    expect(posted.map((b) => b.length)).toEqual([100, 50]);
  });

  it("hands everything to sendBeacon on page hide, and keeps what the browser refuses", () => {
    const accepted = setup([], true);
    accepted.queue.track(click);
    accepted.queue.flushOnHide();
    expect(accepted.beaconed[0]).toHaveLength(1);
    expect(accepted.queue.size).toBe(0);

    const refused = setup([], false);
    refused.queue.track(click);
    refused.queue.flushOnHide();
    expect(refused.queue.size).toBe(1);
  });

  it("restores events kept from an earlier page without changing their ids", async () => {
    const first = setup(["offline"]);
    first.queue.track(click);
    await first.queue.flush();
    const kept = first.queue.pending();
    const second = setup();
    second.queue.restore(kept);
    await second.queue.flush();
    expect(second.posted[0].map((e) => e.id)).toEqual(kept.map((e) => e.id));
  });
});
