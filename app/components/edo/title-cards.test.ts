import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeXml, parseTitle, processTitleContent } from "../../../workers/core/edo/title-content";
import { titleCards } from "./title-cards";

/** Titles the sandbox operator serves (tests/fixtures/etrn, decision 0026). */
const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../../../tests/fixtures/etrn/${name}`, import.meta.url))),
  );

function recognised(parsed: ReturnType<typeof parseTitle>) {
  if (parsed.type === "unknown") throw new Error("expected a recognised title");
  return parsed;
}

describe("the content viewer's cards", () => {
  it("show the consignee's title with who composed it and the signer's simple signature on a card of its own", () => {
    const cards = titleCards(recognised(parseTitle(decodeXml(fixture("sandbox-t3.xml")))));
    expect(cards.map((card) => card.title)).toEqual([
      "Основная информация",
      "Составитель",
      "Ответ на титул",
      "Приём груза",
      "Замечания",
      "Отметки",
      "Подписант",
      "Простая электронная подпись",
    ]);
    const card = (title: string) => cards.find((each) => each.title === title)?.value;
    expect(card("Составитель")).toEqual({ Наименование: "ООО «Старт-Металл»", ИНН: "7722562668" });
    expect(card("Простая электронная подпись")).toMatchObject({ ФИО: "Литвиненко Аркадий Андреевич" });
    // Not twice: the signer's card no longer holds it.
    expect(card("Подписант")).toMatchObject({ ФИО: "Литвиненко Аркадий Андреевич", Должность: "Кладовщик" });
    expect(card("Подписант")).not.toHaveProperty("Простая электронная подпись");
  });

  it("show the shipper's waybill with who composed it, and no simple-signature card when the signer used a key", () => {
    const parsed = processTitleContent(fixture("sandbox-t1.zip")).extractedData.extracted;
    const cards = titleCards(recognised(parsed));
    expect(cards.slice(0, 3).map((card) => card.title)).toEqual([
      "Основная информация",
      "Составитель",
      "Грузоотправитель",
    ]);
    expect(cards[1].value).toEqual({
      Наименование: "ООО «Екатеринбургская Снабженческая Компания»",
      ИНН: expect.stringMatching(/^\d{10}$/),
    });
    expect(cards.at(-1)?.title).toBe("Подписант");
    expect(cards.map((card) => card.title)).not.toContain("Простая электронная подпись");
  });
});
