import { describe, expect, it } from "vitest";
import { newlyCompleted, orderLabel, thousandsOfRubles } from "./presentation";

describe("money received", () => {
  it("is a payout that was pending, or new since the last read, and is now completed; not one that failed or was completed already", () => {
    type Receipt = { id: string; status: "pending" | "completed" | "failed" };
    const before: Receipt[] = [
      { id: "a", status: "pending" },
      { id: "b", status: "pending" },
      { id: "c", status: "completed" },
    ];
    const after: Receipt[] = [
      { id: "a", status: "completed" },
      { id: "b", status: "failed" },
      { id: "c", status: "completed" },
      { id: "d", status: "completed" },
    ];
    expect(newlyCompleted(before, after).map((r) => r.id)).toEqual(["a", "d"]);
    expect(newlyCompleted(after, after)).toEqual([]);
  });
});

describe("the maximum advance", () => {
  it("is shown in whole thousands of rubles", () => {
    expect(thousandsOfRubles(0)).toBe("0 тыс. ₽");
    expect(thousandsOfRubles(125_049_999)).toBe("1\u00a0250 тыс. ₽");
    expect(thousandsOfRubles(99_999)).toBe("0 тыс. ₽");
  });
});

describe("an order's label", () => {
  it("is its number, else its external id, else the last 8 characters of its id", () => {
    const id = "3f1e2d4c-0000-4000-8000-1234abcd5678";
    expect(orderLabel({ id, order_number: "2025-0142", external_order_id: "X5-1" })).toBe("№ 2025-0142");
    expect(orderLabel({ id, order_number: null, external_order_id: "X5-1" })).toBe("№ X5-1");
    expect(orderLabel({ id, order_number: null, external_order_id: "" })).toBe("№ abcd5678");
  });
});
