import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { chromiumPerFile } from "../support/browser";
import { pdfText } from "../support/pdf-text";
import { testUsers } from "./fixtures/users";
import { signedInPage, SYNC_WAIT, toast, WAIT } from "./helpers";

const web = inject("webUrl");

const chromium = chromiumPerFile();
const accounts = testUsers();

// This file alone uses the sandbox's `carrier-2` EDO account (1,500 documents), and only reads it.
const EDO_LOGIN = { login: "carrier-2", password: "edo-demo-2025" };

/** Spec 2 §5's viewing priority, as the viewer must apply it. */
const PRIORITY = [
  "ON_TRNACLPPRIN",
  "ON_TRNACLGROT",
  "ON_TRNAPERAK",
  "ON_TRNAPERAK_GIS_COMPLETE",
  "ON_TRNAPERAK_GIS_LOAD",
];
const rank = (type: string) => (PRIORITY.includes(type) ? PRIORITY.indexOf(type) : PRIORITY.length);

const digits = (text: string) => Number(text.replace(/\D/g, ""));

describe("EDO documents: content, print forms and orders", () => {
  it("viewer opens a chain in priority → switch titles → PDF and chain downloads → sync to orders → see them", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page.goto(`${web}/edo`);
    await page.getByRole("button", { name: "Пропустить" }).click();
    const login = page.getByRole("dialog", { name: "Подключение к ЭДО" });
    await login.getByLabel("Логин ЭДО").fill(EDO_LOGIN.login);
    await login.getByLabel("Пароль").fill(EDO_LOGIN.password);
    await login.getByRole("button", { name: "Подключить", exact: true }).click();
    await toast(page, "Подключение к ЭДО выполнено успешно!").waitFor(WAIT);
    await page.getByTestId("edo-sync-state").getByText("Документы обновлены").waitFor(SYNC_WAIT);

    // Chains handed over to the receiver: every title signed.
    await page.goto(`${web}/edo?status=ON_TRNACLPVYN`);
    const card = page.getByTestId("edo-document").first();
    await card.waitFor(WAIT);
    const number = (await card.getByTestId("edo-document-number").textContent())!.replace("№ ", "");
    // What the list says about this chain, asked of our API as the page's own session.
    const listed = await page.request.get(
      `${web}/api/edo/documents?login=${EDO_LOGIN.login}&status=ON_TRNACLPVYN&limit=20`,
    );
    const { data } = (await listed.json()) as { data: { docs: WireDocument[] } };
    const doc = data.docs.find((candidate) => candidate.info.doc.num === number)!;
    const expectedFirst = [...doc.info.documents]
      .filter((title) => title.contentSize > 0)
      .sort((a, b) => rank(a.type) - rank(b.type))[0];

    // A desktop lists chains as rows (decision 0072): the row opens into the card.
    await card.getByTestId("edo-row").click();
    await card.getByRole("button", { name: "Просмотреть содержимое" }).click();
    const viewer = page.getByRole("dialog", { name: `Документ ${number}` });
    await viewer.waitFor(WAIT);
    const source = viewer.getByTestId("edo-content-source");
    await source.getByText(expectedFirst.type).waitFor(WAIT);
    const switcher = viewer.getByRole("group", { name: "Документы цепочки" });
    expect(await switcher.getByRole("button").count()).toBe(doc.info.documents.length);
    expect(await switcher.locator('[aria-pressed="true"]').count()).toBe(1);
    await viewer.getByText("Размер архива").waitFor(WAIT);
    await viewer.getByText("XML найден").waitFor(WAIT);
    await viewer.getByText("Подписи найдены").waitFor(WAIT);
    expect(await viewer.getByTestId("edo-content-file-list").getByRole("listitem").count()).toBe(2);

    // Switch to the transport waybill (title 1): its structured view.
    const waybill = switcher.getByRole("button", { name: "Транспортная накладная" });
    await waybill.click();
    await source.getByText("ON_TRNACLGROT").waitFor(WAIT);
    expect(await waybill.getAttribute("aria-pressed")).toBe("true");
    const fields = viewer.getByTestId("edo-content-waybill");
    await fields.waitFor(WAIT);
    for (const section of ["Основная информация", "Грузоотправитель", "Грузополучатель", "Перевозчик"]) {
      await fields.getByRole("heading", { name: section, exact: true }).waitFor(WAIT);
    }
    for (const section of ["Транспортное средство", "Водитель", "Груз", "Подписант"]) {
      await fields.getByRole("heading", { name: section, exact: true }).waitFor(WAIT);
    }
    await fields.getByText(doc.info.go!.inn, { exact: true }).first().waitFor(WAIT);
    await fields.getByText(doc.info.ts!.num.split(" / ")[0], { exact: true }).first().waitFor(WAIT);
    expect(await viewer.getByTestId("edo-content-type").textContent()).toMatch(/Транспортная накладная/);
    const signature = viewer.getByTestId("edo-content-signature").last();
    expect(await signature.textContent()).toMatch(/Первые 200 из [\d\s\u00a0]+ символ/);

    // Title 4 (handed over): an acceptance view with its signer.
    await switcher.getByRole("button", { name: "Выдача груза" }).click();
    await source.getByText("ON_TRNACLPVYN").waitFor(WAIT);
    await viewer
      .getByTestId("edo-content-acceptance")
      .getByRole("heading", { name: "Подписант" })
      .waitFor(WAIT);

    // The title's print form: a PDF with the document's Cyrillic number in it.
    const [pdf] = await Promise.all([
      page.waitForEvent("download", WAIT),
      viewer.getByRole("button", { name: "Скачать PDF" }).click(),
    ]);
    const t4 = doc.info.documents.find((title) => title.type === "ON_TRNACLPVYN")!;
    expect(pdf.suggestedFilename()).toBe(`document-${t4.id}.pdf`);
    await toast(page, "PDF документ скачан успешно").waitFor(WAIT);
    const text = (await pdfText(await readFile((await pdf.path())!))).join("\n");
    expect(text).toContain(number);

    // The whole chain as one archive, named by the document number.
    const [archive] = await Promise.all([
      page.waitForEvent("download", WAIT),
      viewer.getByRole("button", { name: "Скачать всю цепочку (ZIP)" }).click(),
    ]);
    expect(archive.suggestedFilename()).toBe(`${number}.zip`);

    // Escape closes the viewer.
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached", ...WAIT });

    // The card's own PDF button: the whole docflow's print form.
    const [whole] = await Promise.all([
      page.waitForEvent("download", WAIT),
      card.getByRole("button", { name: "Скачать PDF" }).click(),
    ]);
    expect(whole.suggestedFilename()).toBe(`document-${doc.id}.pdf`);

    // EDO → orders: the chains become orders of platform ЭДО, with progress, and a re-run
    // changes nothing.
    await page.goto(`${web}/dashboard/orders`);
    await page.getByTestId("edo-banner").getByText("ЭДО подключено").waitFor(WAIT);
    const syncButton = page.getByRole("button", { name: "Синхронизировать ЭДО" });
    await syncButton.click();
    const dialog = page.getByRole("dialog", { name: "Синхронизировать все ЭДО документы с заказами?" });
    await dialog.getByRole("button", { name: "Синхронизировать", exact: true }).click();

    // The job's progress, then how it ended.
    const panel = page.getByRole("region", { name: "Синхронизация ЭДО" });
    const bar = panel.getByRole("progressbar", { name: "Синхронизация ЭДО с заказами" });
    await bar.waitFor(WAIT);
    const total = Number(await bar.getAttribute("aria-valuemax"));
    expect(total).toBeGreaterThan(1000);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThanOrEqual(total);
    expect(await panel.getByTestId("edo-orders-progress").textContent()).toMatch(
      /^Обработано \d[\d\s]* из \d[\d\s]* документ(а|ов)$/,
    );
    await panel.getByText("Синхронизация завершена!").waitFor(SYNC_WAIT);
    const counts = (await panel.getByText(/^Создано: /).textContent())!;
    const [created, updated, failed] = counts.match(/\d[\d\s]*/g)!.map(digits);
    expect(created).toBeGreaterThan(1000);
    expect(updated).toBe(0);
    expect(failed).toBeGreaterThan(0);
    expect(created + failed).toBe(total);
    expect(await panel.getByText(/^Детали: Без адреса погрузки или выгрузки: ЭТрН-/).count()).toBe(1);

    // The list was reloaded with them: the metrics count them.
    const metric = page.getByTestId("metric-total").locator("dd");
    await expect.poll(async () => digits((await metric.textContent()) ?? ""), WAIT).toBe(created);

    // The platform filter's «ЭДО» lists them, each with its document's number and no price.
    await page.getByLabel("Платформа").selectOption({ label: "ЭДО" });
    await page.waitForURL(/platform=edo/, WAIT);
    await page.getByRole("heading", { name: `Заказы (${created})` }).waitFor(WAIT);
    const orderRow = page.getByTestId("order-row").first();
    expect(await orderRow.getByTestId("order-row-number").textContent()).toMatch(/^№ ЭТрН-20\d\d-\d{6}$/);
    await orderRow.getByText("ЭДО", { exact: true }).waitFor(WAIT);
    expect(await orderRow.locator("img").getAttribute("src")).toBe("/platforms/edo.svg");
    // Its card (the row opened) says how it is paid.
    await orderRow.getByRole("button", { expanded: false }).click();
    await page.getByTestId("order-card").first().getByText("Оплата по факту").waitFor(WAIT);

    // Again: nothing new, nothing changed.
    await panel.getByRole("button", { name: "Скрыть" }).click();
    await syncButton.click();
    await dialog.getByRole("button", { name: "Синхронизировать", exact: true }).click();
    await panel.getByText("Синхронизация завершена!").waitFor(SYNC_WAIT);
    expect(await panel.getByText(/^Создано: /).textContent()).toBe(
      `Создано: 0, обновлено: 0, ошибок: ${new Intl.NumberFormat("ru-RU").format(failed)}`,
    );

    // Handed to the receiver (spec 3 §4): payable, and said so. The status filter does not offer
    // «свободен» (spec 2 §2.1); a link asking for it lists them, and the select says so.
    const statusSelect = page.getByLabel("Статус");
    expect(await statusSelect.locator("option").allTextContents()).not.toContain("Готов к оплате");
    await page.goto(`${web}/dashboard/orders?platform=edo&status=${encodeURIComponent("свободен")}`);
    await expect.poll(() => statusSelect.inputValue(), WAIT).toBe("свободен");
    const handedOver = page.getByTestId("order-row").first();
    await handedOver.getByTestId("order-row-status").getByText("Выдан получателю (ЭДО)").waitFor(WAIT);
    await handedOver.getByRole("button", { name: "Получить деньги" }).waitFor(WAIT);

    // The chain opened in the viewer is one of the orders, under its document number.
    await page.goto(`${web}/dashboard/orders?platform=edo&q=${encodeURIComponent(number)}`);
    await page.getByRole("heading", { name: "Заказы (1)" }).waitFor(WAIT);
    expect(await page.getByTestId("order-row-number").textContent()).toBe(`№ ${number}`);
    expect(errors).toEqual([]);
  });
});
