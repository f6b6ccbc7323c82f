import { describe, expect, it } from "vitest";
import { financeTabOf, historyQueryOf, readyPeriodOf, withParams } from "./finance-query";

const params = (search: string) => new URLSearchParams(search);

describe("the finance page's URL", () => {
  it("names the tab, overview when it names none or one the page does not have", () => {
    expect(financeTabOf(params(""))).toBe("overview");
    expect(financeTabOf(params("tab=history"))).toBe("history");
    expect(financeTabOf(params("tab=requisites"))).toBe("requisites");
    expect(financeTabOf(params("tab=nonsense"))).toBe("overview");
    expect(financeTabOf(params("tab=requisites"), ["overview", "ready", "history"])).toBe("overview");
  });

  it("reads the history's type, status and page, ignoring what it cannot read", () => {
    expect(historyQueryOf(params("type=payout&status=failed"))).toEqual({
      type: "payout",
      status: "failed",
      after: undefined,
    });
    expect(historyQueryOf(params("type=quick&status=pending&after=1732440000000:qp:1:payout"))).toEqual({
      type: "quick",
      status: "pending",
      after: { at: 1732440000000, movementId: "qp:1:payout" },
    });
    expect(historyQueryOf(params("type=all&status=done&after=yesterday"))).toEqual({
      type: undefined,
      status: undefined,
      after: undefined,
    });
    expect(historyQueryOf(params("type=fee"))).toEqual({
      type: undefined,
      status: undefined,
      after: undefined,
    });
  });

  it("reads the ready tab's EDO period: 2024 and 2025 quarters or all", () => {
    expect(readyPeriodOf(params(""))).toBe(0);
    expect(readyPeriodOf(params("period=20243"))).toBe(20243);
    expect(readyPeriodOf(params("period=20254"))).toBe(20254);
    expect(readyPeriodOf(params("period=20231"))).toBe(0);
    expect(readyPeriodOf(params("period=20245"))).toBe(0);
  });

  it("changes a filter keeping the others and starting the list again from its first page", () => {
    const now = params("tab=history&type=payout&after=1:m");
    expect(withParams(now, { status: "failed" })).toBe("?tab=history&type=payout&status=failed");
    expect(withParams(now, { type: null })).toBe("?tab=history");
    expect(withParams(now, { after: "2:n" })).toBe("?tab=history&type=payout&after=2%3An");
    expect(withParams(params("tab=history"), { tab: null })).toBe("?");
  });
});
