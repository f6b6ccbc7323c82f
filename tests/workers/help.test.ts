// The help centre's pages (spec 1 §3 «Help article», §9; decision 0067), rendered by the web Worker.
import { beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../support/page-text";
import { callWeb, createCompanyUser, sessionFor } from "./support";

let cookie: string;
beforeAll(async () => {
  cookie = (await sessionFor((await createCompanyUser()).userId)).cookie;
});

const page = async (path: string) => {
  const { response } = await callWeb(path, { headers: { cookie } });
  return { status: response.status, text: textOf(await response.text()) };
};

describe("the help centre", () => {
  it("searches from the URL in any case, within a category", async () => {
    const all = await page("/help");
    expect(all.status).toBe(200);
    expect(all.text).toContain("Быстрая оплата рейса: деньги за 24 часа, комиссия 2 %");
    const found = await page(`/help?${new URLSearchParams({ q: "ЭТРН ЗАМЕНЯЕТ" })}`);
    expect(found.text).toContain("Подключение ЭДО и электронные транспортные накладные");
    expect(found.text).not.toContain("Тарифы, пробный период и партнёрские ссылки");
    const billing = await page("/help?category=billing");
    expect(billing.text).toContain("Тарифы, пробный период и партнёрские ссылки");
    expect(billing.text).not.toContain("С чего начать работу в Рейсе");
    const none = await page(`/help?${new URLSearchParams({ q: "бананы" })}`);
    expect(none.text).toContain("Ничего не нашлось по запросу «бананы»");
  });

  it("gives each article its own address, the video as the product's walkthrough, and 404 for an unknown one", async () => {
    const article = await page("/help/quick-payment");
    expect(article.status).toBe(200);
    expect(article.text).toContain("Что проверяет Рейс");
    const video = await page("/help/product-tour");
    expect(video.text).toContain("Смотреть демо · 1:30");
    expect(video.text).toContain("Заявка на быструю оплату в один клик");
    const missing = await page("/help/no-such-article");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Статья не найдена");
  });

  it("is for signed-in users", async () => {
    const { response } = await callWeb("/help/quick-payment", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login?redirectTo=%2Fhelp%2Fquick-payment");
  });
});
