import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { describeUserAgent, formatRub, formatShortDateTime, plural } from "./format";

const intlShort = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

describe("ru-RU formatting", () => {
  it("writes a short date and time in Moscow time", () => {
    expect(formatShortDateTime("2025-03-05T11:00:00.000Z")).toBe("05.03.2025, 14:00");
    expect(formatShortDateTime("2026-12-31T21:30:00Z")).toBe("01.01.2027, 00:30");
    // Summer time before October 2014 (UTC+4 in 2011-2014, UTC+4 in summer before that).
    expect(formatShortDateTime("2013-07-01T12:00:00Z")).toBe("01.07.2013, 16:00");
    expect(formatShortDateTime("2014-10-25T21:59:00Z")).toBe("26.10.2014, 01:59");
    expect(formatShortDateTime(Date.UTC(2014, 9, 25, 23, 0))).toBe("26.10.2014, 02:00");
    expect(() => formatShortDateTime("not a date")).toThrow(RangeError);
  });

  test.prop([fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2100, 0, 1) })])(
    "writes every moment as Intl's Moscow formatter does",
    (ms) => {
      expect(formatShortDateTime(new Date(ms).toISOString())).toBe(intlShort.format(ms));
    },
  );

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
