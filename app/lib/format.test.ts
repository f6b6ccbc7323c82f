import { describe, expect, it } from "vitest";
import { describeUserAgent, formatRub, plural } from "./format";

describe("ru-RU formatting", () => {
  it("formats kopecks as rubles", () => {
    expect(formatRub(99_000).replace(/\s/g, " ")).toBe("990,00 ₽");
  });

  it("picks Russian plural forms", () => {
    const forms: [string, string, string] = ["сеанс", "сеанса", "сеансов"];
    expect([1, 2, 5, 11, 21, 22].map((n) => plural(n, forms))).toEqual([
      "сеанс",
      "сеанса",
      "сеансов",
      "сеансов",
      "сеанс",
      "сеанса",
    ]);
  });

  it("describes common browsers", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      ),
    ).toBe("Chrome, Windows");
    expect(describeUserAgent(null)).toBe("Неизвестное устройство");
  });
});
