import { describe, expect, it } from "vitest";
import { sendFeedback } from "./feedback-send";

const payload = {
  message: "Не открывается карта",
  screen: "Карта перевозок",
  metadata: {
    url: "https://reys.ru/map-analytics",
    userAgent: "Chrome",
    timestamp: "2026-11-25T08:00:00.000Z",
    viewport: { width: 390, height: 844 },
  },
};

const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status });

describe("sendFeedback", () => {
  it("posts the message, its screen and metadata as JSON to /api/feedback", async () => {
    let sent: { url: string; init: RequestInit } | undefined;
    const outcome = await sendFeedback(payload, async (url, init) => {
      sent = { url: String(url), init: init! };
      return new Response(JSON.stringify({ success: true, data: {} }), { status: 201 });
    });
    expect(outcome).toEqual({ ok: true });
    expect(sent?.url).toBe("/api/feedback");
    expect(sent?.init.method).toBe("POST");
    expect(JSON.parse(String(sent?.init.body))).toEqual(payload);
  });

  it("shows the server's error, the sign-in text for 401 and the spec's text otherwise", async () => {
    const limited = { success: false, error: "Слишком много сообщений. Попробуйте снова через 12 мин." };
    expect(await sendFeedback(payload, answering(429, limited))).toEqual({ ok: false, error: limited.error });
    expect(
      await sendFeedback(payload, answering(401, { success: false, error: "Требуется авторизация" })),
    ).toEqual({
      ok: false,
      error: "Необходимо войти в систему для отправки обратной связи",
    });
    const failed = { ok: false, error: "Произошла ошибка при отправке. Попробуйте еще раз." };
    expect(await sendFeedback(payload, answering(502, "<html>Bad gateway</html>"))).toEqual(failed);
    expect(
      await sendFeedback(payload, async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toEqual(failed);
  });
});
