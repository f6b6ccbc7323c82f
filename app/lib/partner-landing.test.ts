import { describe, expect, it } from "vitest";
import { formDefaults, russianPhone, tokenFromHash, utmOf } from "./partner-landing";

describe("partner landing helpers", () => {
  it("keeps the UTM labels of a query and drops the rest", () => {
    expect(utmOf(new URLSearchParams("utm_source=partner&utm_medium=&token=x&utm_campaign=magnit"))).toEqual({
      utm_source: "partner",
      utm_campaign: "magnit",
    });
  });

  it("reads a token from the URL hash, bare or named", () => {
    expect(tokenFromHash("#abc")).toBe("abc");
    expect(tokenFromHash("#token=abc")).toBe("abc");
    expect(tokenFromHash("")).toBe("");
  });

  it("writes Russian phones as +7 and 10 digits", () => {
    expect(russianPhone("8 (912) 345-67-89")).toBe("+79123456789");
    expect(russianPhone("+7 912 345 67 89")).toBe("+79123456789");
    expect(russianPhone("9123456789")).toBe("+79123456789");
    expect(russianPhone("+49 30 1234567")).toBe("+49 30 1234567");
    expect(russianPhone(null)).toBe("");
  });

  it("prefills the form from the lead, splitting the contact's name when it comes whole", () => {
    const lead = {
      companyName: "ООО «Вектор»",
      companyInn: "7707083893",
      companyAddress: "г Москва",
      companyEmail: null,
      companyPhone: "+7 495 123-45-67",
      contactName: "Анна Мария Волкова",
      contactEmail: "anna@vector.ru",
      contactPhone: null,
    };
    expect(formDefaults(lead)).toMatchObject({
      firstName: "Анна",
      lastName: "Мария Волкова",
      phone: "+74951234567",
      email: "anna@vector.ru",
    });
    expect(formDefaults(lead, { firstName: "Анна Мария", lastName: "Волкова" })).toMatchObject({
      firstName: "Анна Мария",
      lastName: "Волкова",
    });
  });
});
