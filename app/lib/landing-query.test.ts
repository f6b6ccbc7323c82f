import { describe, expect, it } from "vitest";
import { isPlainQuery, parseLandingQuery, registrationHref } from "./landing-query";

const parse = (search: string) => parseLandingQuery(new URLSearchParams(search));

describe("the landing page's query (spec 1 §2, §5)", () => {
  it("shows a known partner with its default discount, or the URL's clamped to 0–50", () => {
    expect(parse("partner=magnit").partner).toEqual({ code: "magnit", name: "Магнит", discountPercent: 15 });
    expect(parse("partner=magnit&discount=90").partner?.discountPercent).toBe(50);
    expect(parse("partner=metro&discount=-5").partner?.discountPercent).toBe(0);
    expect(parse("partner=lenta&discount=7.6").partner?.discountPercent).toBe(8);
    expect(parse("partner=lenta&discount=много").partner?.discountPercent).toBe(10);
    expect(parse("ref=Pyaterochka").partner).toEqual({
      code: "pyaterochka",
      name: "Пятёрочка",
      discountPercent: 12,
    });
  });

  it("ignores an unknown partner code", () => {
    expect(parse("partner=unknown&discount=30").partner).toBeNull();
    expect(parse("partner=constructor").partner).toBeNull();
    expect(parse("").partner).toBeNull();
  });

  it("reads campaign or utm_campaign, and only a tidy one", () => {
    expect(parse("campaign=spring-2026").campaign).toBe("spring-2026");
    expect(parse("utm_campaign=осень_2026").campaign).toBe("осень_2026");
    expect(parse("campaign=&utm_campaign=b2b").campaign).toBe("b2b");
    expect(parse("campaign=<script>").campaign).toBeNull();
    expect(parse(`campaign=${"a".repeat(65)}`).campaign).toBeNull();
  });

  it("reads a plan by its id or by the landing tier's name", () => {
    expect(parse("plan=extended").plan).toBe("extended");
    expect(parse("plan=starter").plan).toBe("basic");
    expect(parse("plan=Enterprise").plan).toBe("corporate");
    expect(parse("plan=gold").plan).toBeNull();
  });

  it("carries partner, discount, campaign and plan to the registration page", () => {
    const query = parse("partner=magnit&discount=90&utm_campaign=spring&plan=professional&vehicles=3");
    expect(registrationHref(query)).toBe(
      "/register?partner=magnit&discount=50&campaign=spring&plan=extended",
    );
    expect(registrationHref(query, "corporate")).toBe(
      "/register?partner=magnit&discount=50&campaign=spring&plan=corporate",
    );
    expect(registrationHref(parse("partner=nobody"))).toBe("/register");
  });

  it("calls a page without any query the same for everyone", () => {
    expect(isPlainQuery(new URLSearchParams(""))).toBe(true);
    expect(isPlainQuery(new URLSearchParams("utm_source=x"))).toBe(false);
  });
});
