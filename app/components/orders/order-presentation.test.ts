import { describe, expect, it } from "vitest";
import { routePlace } from "./order-presentation";

describe("routePlace", () => {
  it("names the city of an address, wherever the street part starts", () => {
    expect(routePlace("196000, г Санкт-Петербург, п Шушары, Московское ш, д 70 к 4")).toBe("Санкт-Петербург");
    expect(routePlace("142100, Московская обл, г Домодедово, мкр Белые Столбы, ул Заводская, д 2")).toBe(
      "Домодедово",
    );
    expect(routePlace("443000, Самарская обл, г Самара, Заводское ш, д 11 стр 5")).toBe("Самара");
    expect(routePlace("г. Казань, ул. Техническая, 31")).toBe("Казань");
  });

  it("cuts an address without «г» at its street, as the EDO list does", () => {
    expect(routePlace("Краснодарский край, Краснодар, ул Солнечная, д 15/5")).toBe("Краснодар");
    expect(routePlace("Московская обл, п Развилка, ул Тополевая, д 2")).toBe("п Развилка");
  });
});
