import { describe, expect, it } from "vitest";
import { addressPlaceKey, shortPlace } from "./place-key";

describe("an address's place", () => {
  it("keys by what comes before the street, without the postal code", () => {
    expect(addressPlaceKey("350012, Краснодарский край, Краснодар, ул Красная, д 5")).toBe(
      "Краснодарский край, Краснодар",
    );
  });

  it("names a route's end by the place's last part: the city, or the address itself when it has no parts", () => {
    expect(shortPlace("350012, Краснодарский край, Краснодар, ул Красная, д 5")).toBe("Краснодар");
    expect(shortPlace("119019, Москва, пер Сивцев Вражек, д 7")).toBe("Москва");
    expect(shortPlace("  Казань ")).toBe("Казань");
  });
});
