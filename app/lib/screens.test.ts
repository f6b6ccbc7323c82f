import { describe, expect, it } from "vitest";
import { screenNameOf, UNKNOWN_SCREEN } from "./screens";

describe("screenNameOf", () => {
  it("names a path by its most specific section, as the sidebar and the pages name it", () => {
    expect(screenNameOf("/dashboard")).toBe("Главная");
    expect(screenNameOf("/dashboard/orders")).toBe("Заказы");
    expect(screenNameOf("/dashboard/analytics/")).toBe("Аналитика");
    expect(screenNameOf("/edo-clients/7707083893")).toBe("Клиенты ЭДО");
    expect(screenNameOf("/transport/a1b2")).toBe("Транспорт");
    expect(screenNameOf("/crm")).toBe("CRM");
    expect(screenNameOf("/crm/orders")).toBe("CRM: заказы");
    expect(screenNameOf("/payment/success")).toBe("Результат оплаты");
    expect(screenNameOf("/help/connect-platforms")).toBe("Центр помощи");
    expect(screenNameOf("/edo")).toBe("ЭДО");
  });

  it("does not take a longer word for a section («/edox» is not «ЭДО»)", () => {
    expect(screenNameOf("/edox")).toBe(UNKNOWN_SCREEN);
  });
});
