import { describe, expect, it } from "vitest";
import { generateLinkSchema, loadedLinksMessage, partnerLinkSchema } from "./link-schema";

const LEAD = {
  companyName: "ООО «Северный путь»",
  companyInn: "7707083893",
  companyAddress: "г Москва, ул Вавилова, д 19",
  contactFirstName: "Анна",
  contactLastName: "Ковалёва",
  contactEmail: "anna@sever.example",
};

const messages = (input: Record<string, unknown>) =>
  partnerLinkSchema
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("partnerLinkSchema", () => {
  it("answers every missing required field with its §5 message at once", () => {
    expect(messages({})).toEqual([
      "companyName: Название компании обязательно",
      "companyInn: ИНН обязателен",
      "companyAddress: Адрес компании обязателен",
      "contactFirstName: Имя контактного лица обязательно",
      "contactLastName: Фамилия контактного лица обязательна",
      "contactEmail: Email контактного лица обязателен",
    ]);
  });

  it("removes spaces from the INN and wants 10 or 12 digits with valid check digits", () => {
    expect(partnerLinkSchema.parse({ ...LEAD, companyInn: "7707 083 893" }).companyInn).toBe("7707083893");
    expect(partnerLinkSchema.parse({ ...LEAD, companyInn: "500100732259" }).companyInn).toBe("500100732259");
    expect(messages({ ...LEAD, companyInn: "770708389" })).toEqual([
      "companyInn: ИНН должен содержать 10 или 12 цифр",
    ]);
    expect(messages({ ...LEAD, companyInn: "7707083894" })).toEqual([
      "companyInn: Неверная контрольная сумма ИНН",
    ]);
  });

  it("checks e-mails: the contact's always, the company's only when given", () => {
    expect(messages({ ...LEAD, contactEmail: "anna" })).toEqual(["contactEmail: Некорректный email"]);
    expect(messages({ ...LEAD, companyEmail: "office@" })).toEqual([
      "companyEmail: Некорректный email компании",
    ]);
    expect(partnerLinkSchema.parse({ ...LEAD, companyEmail: " " }).companyEmail).toBeUndefined();
  });

  it("defaults the source to web_dashboard and refuses a source that is no label", () => {
    expect(generateLinkSchema.parse(LEAD).source).toBe("web_dashboard");
    expect(generateLinkSchema.safeParse({ ...LEAD, source: "<script>" }).success).toBe(false);
  });
});

describe("loadedLinksMessage", () => {
  it("words the count in Russian", () => {
    expect(loadedLinksMessage(0)).toBe("Загружено 0 партнерских ссылок");
    expect(loadedLinksMessage(1)).toBe("Загружена 1 партнерская ссылка");
    expect(loadedLinksMessage(3)).toBe("Загружено 3 партнерские ссылки");
    expect(loadedLinksMessage(11)).toBe("Загружено 11 партнерских ссылок");
    expect(loadedLinksMessage(21)).toBe("Загружена 21 партнерская ссылка");
  });
});
