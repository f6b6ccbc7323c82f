// The feedback dialog from the floating button, the admin reading it and marking it done, and a
// help article by its address (spec 1 §2 «Feedback», §4, §5, §8, §9; decisions 0066, 0067).
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { DESKTOP, PHONE_CONTEXT, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

describe("feedback and help", () => {
  for (const [name, context] of [
    ["desktop", { viewport: DESKTOP }],
    ["phone", PHONE_CONTEXT],
  ] as const)
    it(`${name}: sends feedback from the dialog, the admin reads it, and a help article opens by its URL`, async () => {
      const user = await accounts.create();
      const { page, errors } = await signedInPage(chromium(), user, context);
      await page.goto(`${web}/dashboard/orders`);
      await page.waitForLoadState("networkidle");

      const dialog = page.getByRole("dialog", { name: "Обратная связь" });
      // The button works once the page has hydrated (root.tsx marks it on <html>).
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", ...WAIT });
      await page.getByRole("button", { name: "Обратная связь" }).click();
      await dialog.waitFor(WAIT);
      await expect.poll(() => dialog.getByTestId("feedback-context").innerText()).toContain("Заказы");
      expect(await dialog.getByTestId("feedback-context").innerText()).toContain(user.email);

      const send = dialog.getByRole("button", { name: "Отправить" });
      const message = dialog.getByLabel("Сообщение");
      const counter = dialog.getByTestId("feedback-counter");
      expect(await counter.innerText()).toBe("0 / 2000");
      expect(await send.isDisabled()).toBe(true);
      await message.fill("   ");
      expect(await send.isDisabled()).toBe(true);
      await message.fill("я".repeat(1801));
      await expect.poll(() => counter.innerText()).toBe("1801 / 2000 · осталось 199 символов");
      await message.fill("Хочу видеть в списке заказов дату погрузки.");
      expect(await counter.innerText()).toBe("43 / 2000");
      expect(await send.isEnabled()).toBe(true);

      await send.click();
      await dialog.getByText("Спасибо! Ваше сообщение отправлено.").waitFor(WAIT);
      await dialog.waitFor({ state: "detached", timeout: 5_000 });

      const stored = await database.execute({
        sql: "SELECT screen, message, metadata FROM feedback_messages WHERE user_id = ?",
        args: [user.id],
      });
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]).toMatchObject({
        screen: "Заказы",
        message: "Хочу видеть в списке заказов дату погрузки.",
      });
      expect(JSON.parse(String(stored.rows[0]!.metadata))).toMatchObject({
        url: `${web}/dashboard/orders`,
        viewport: context.viewport,
      });

      // A help article by its own address, and the list's search from the URL.
      await page.goto(`${web}/help/edo-connection`);
      await page
        .getByRole("heading", { name: "Подключение ЭДО и электронные транспортные накладные", level: 1 })
        .waitFor(WAIT);
      await page.goto(`${web}/help?q=${encodeURIComponent("ПРОБНЫЙ")}`);
      await page.getByRole("link", { name: /Тарифы, пробный период и партнёрские ссылки/ }).waitFor(WAIT);
      expect(errors).toEqual([]);

      // The admin finds it in the panel.
      const admin = await accounts.create({ role: "admin" });
      const panel = await signedInPage(chromium(), admin);
      await panel.page.goto(`${web}/admin/feedback?user_id=${user.id}`);
      await panel.page.getByRole("heading", { name: "Обратная связь", level: 1 }).waitFor(WAIT);
      await panel.page
        .getByTestId("feedback-list")
        .getByText("Хочу видеть в списке заказов дату погрузки.")
        .waitFor(WAIT);
      // …and marks it done.
      await panel.page.getByRole("button", { name: "Отметить выполненным" }).click();
      await panel.page.getByTestId("feedback-done").waitFor(WAIT);
      await panel.page.getByRole("button", { name: "Вернуть в работу" }).waitFor(WAIT);
      const marked = await database.execute({
        sql: "SELECT done_at FROM feedback_messages WHERE user_id = ?",
        args: [user.id],
      });
      expect(marked.rows[0]!.done_at).not.toBeNull();
      await page.context().close();
      await panel.page.context().close();
    });
});
