import { describe, expect, it } from "vitest";
import { flowErrorOf, parseRubles } from "./quick-payment-flow";

describe("the quick-payment panel's errors (spec 3 §8)", () => {
  it("says to sign in again on 401, whichever step failed", () => {
    for (const step of ["calculate", "request"] as const) {
      expect(flowErrorOf(step, { status: 401, body: { success: false, error: "Требуется вход" } })).toEqual({
        title: "Ошибка авторизации",
        detail: "Необходимо войти в систему заново",
      });
    }
  });

  it("names the failed step and gives the server's reason, else the status, else a server error", () => {
    const refused = { success: false as const, error: "Цепочка ЭТрН ещё не закрыта" };
    expect(flowErrorOf("calculate", { status: 409, body: refused })).toEqual({
      title: "Не удалось рассчитать комиссию",
      detail: "Цепочка ЭТрН ещё не закрыта",
    });
    const invalid = {
      success: false as const,
      error: "Некорректные данные",
      message: "Укажите сумму заказа",
    };
    expect(flowErrorOf("request", { status: 400, body: invalid }).detail).toBe("Укажите сумму заказа");
    expect(flowErrorOf("request", { status: 502, body: null })).toEqual({
      title: "Не удалось запросить быструю оплату",
      detail: "Ошибка сервера",
    });
    expect(flowErrorOf("request", { status: 418, body: null }).detail).toBe("HTTP 418");
    expect(flowErrorOf("request", { status: 0, body: null }).detail).toBe("Не удалось обработать запрос");
  });
});

describe("an amount typed in rubles", () => {
  it("becomes whole kopecks", () => {
    expect(parseRubles("85000")).toBe(8_500_000);
    expect(parseRubles("85 000,50")).toBe(8_500_050);
    expect(parseRubles("85\u00a0000.5 ₽")).toBe(8_500_050);
    expect(parseRubles("0,01")).toBe(1);
  });

  it("is refused when it is not a positive amount with at most two decimals", () => {
    for (const text of ["", "0", "0,00", "-5", "12,345", "abc", "1e5", "12.", ",5"]) {
      expect(parseRubles(text)).toBeNull();
    }
  });
});
