import { describe, expect, it } from "vitest";
import { HELP_ARTICLES } from "./articles";
import { helpArticle, helpQueryOf, searchHelp } from "./search";
import { HELP_CATEGORIES } from "./types";

const ids = (q: string, category: string | null = null) =>
  searchHelp(helpQueryOf(new URLSearchParams({ q, ...(category ? { category } : {}) }))).map((a) => a.id);

describe("the help centre's articles", () => {
  it("are the spec's eight, in its five categories, with each type, under unique addresses", () => {
    expect(HELP_ARTICLES).toHaveLength(8);
    expect(new Set(HELP_ARTICLES.map((a) => a.category))).toEqual(new Set(HELP_CATEGORIES.map((c) => c.id)));
    expect(new Set(HELP_ARTICLES.map((a) => a.type))).toEqual(new Set(["article", "video", "faq"]));
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(8);
    for (const article of HELP_ARTICLES) expect(article.id).toMatch(/^[a-z0-9-]+$/);
  });
});

describe("searchHelp", () => {
  it("finds Cyrillic words whatever their case, with ё as е", () => {
    expect(ids("ЭТРН")).toEqual(ids("этрн"));
    expect(ids("этрн")).toContain("edo-connection");
    // «пробного» is written with е; «ПРОБНЫЙ» in capitals still finds the plans.
    expect(ids("ПРОБНЫЙ ПЕРИОД")).toContain("plans-and-partners");
    expect(ids("счёт-фактуру")).toEqual(ids("счет-фактуру"));
    expect(ids("счет-фактуру")).toEqual(["quick-payment"]);
  });

  it("needs every word, and puts articles with them in the title first", () => {
    expect(ids("комиссия 2 %")).toEqual(expect.arrayContaining(["quick-payment"]));
    expect(ids("быстрая оплата")[0]).toBe("quick-payment");
    expect(ids("ИНН роли")).toEqual(["edo-faq"]);
    expect(ids("логин зашифрованном")).toEqual(["platforms-and-orders", "edo-faq"]);
    expect(ids("бананы")).toEqual([]);
  });

  it("filters by category, and an unknown category is no filter", () => {
    expect(ids("", "edo")).toEqual(["edo-connection", "edo-faq"]);
    expect(ids("", "nonsense")).toHaveLength(8);
    expect(ids("оплат", "getting-started")).toEqual(["getting-started", "product-tour"]);
  });

  it("finds an article by its address, and nothing for an unknown one", () => {
    expect(helpArticle("product-tour")?.type).toBe("video");
    expect(helpArticle("no-such-article")).toBeNull();
  });
});
