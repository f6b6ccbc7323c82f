import { describe, expect, it } from "vitest";
import { isJobMessage, retryDelaySeconds } from "./messages";

describe("job messages", () => {
  it("backs off exponentially from 10 s and never waits more than 10 minutes", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(600);
  });

  it("knows every job kind and nothing else", () => {
    expect(isJobMessage({ kind: "analytics.rollup" })).toBe(true);
    expect(isJobMessage({ kind: "payments.check", scheduledAt: 1 })).toBe(true);
    expect(isJobMessage({ kind: "auth.sweep" })).toBe(true);
    expect(isJobMessage({ kind: "drop.tables" })).toBe(false);
    expect(isJobMessage("analytics.rollup")).toBe(false);
  });
});
