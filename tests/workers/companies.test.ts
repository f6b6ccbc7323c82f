import { afterEach, describe, expect, it, vi } from "vitest";
import { callWeb } from "./support";

// Nothing listens on port 1: a look-up there fails at once, as an unreachable DaData would.
const UNREACHABLE = { DADATA_URL: "http://127.0.0.1:1", DADATA_API_KEY: "test-key" };

const suggest = (query: string, env: Partial<Env> = UNREACHABLE) =>
  callWeb(`/api/companies/suggest?${new URLSearchParams({ query })}`, undefined, env);

const dadataAnswer = {
  suggestions: [
    {
      value: "ООО «ТрансЛогистик»",
      unrestricted_value: "ООО «ТрансЛогистик»",
      data: {
        inn: "7707083893",
        kpp: "773601001",
        ogrn: "1027700132195",
        type: "LEGAL",
        name: {
          short_with_opf: "ООО «ТрансЛогистик»",
          full_with_opf: "Общество с ограниченной ответственностью «ТрансЛогистик»",
        },
        state: { status: "ACTIVE" },
        address: {
          value: "г Москва, ул Складочная, д 1",
          unrestricted_value: "127018, г Москва, ул Складочная, д 1",
        },
      },
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/companies/suggest", () => {
  it("asks DaData for 10 companies with the configured key and answers spec-shaped suggestions", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(dadataAnswer));
    const { response } = await suggest(" Транс ", {
      DADATA_URL: "https://dadata.test",
      DADATA_API_KEY: "test-key",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: [
        {
          value: "ООО «ТрансЛогистик»",
          data: {
            name: {
              short_with_opf: "ООО «ТрансЛогистик»",
              full_with_opf: "Общество с ограниченной ответственностью «ТрансЛогистик»",
            },
            inn: "7707083893",
            kpp: "773601001",
            ogrn: "1027700132195",
            address: { value: "г Москва, ул Складочная, д 1" },
          },
        },
      ],
    });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe("https://dadata.test/suggestions/api/4_1/rs/suggest/party");
    expect(new Headers(init?.headers).get("authorization")).toBe("Token test-key");
    expect(JSON.parse(String(init?.body))).toEqual({ query: "Транс", count: 10 });
  });

  it("answers an empty list and logs when DaData cannot be reached", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { response } = await suggest("Транс");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: [] });
    expect(logged).toHaveBeenCalled();
  });

  it("answers an empty list without calling DaData when no key is configured", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { response } = await suggest("Транс", { DADATA_API_KEY: undefined });
    expect(await response.json()).toEqual({ success: true, data: [] });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });

  it("does not call DaData for fewer than 2 characters", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const query of ["", "Т", "  Т "]) {
      const { response } = await suggest(query);
      expect(await response.json()).toEqual({ success: true, data: [] });
    }
    const { response } = await callWeb("/api/companies/suggest", undefined, UNREACHABLE);
    expect(await response.json()).toEqual({ success: true, data: [] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses a query over 300 characters with a Russian 400", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { response } = await suggest("Т".repeat(301));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "Некорректные данные",
      message: "Строка поиска не длиннее 300 символов (query)",
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("limits one address to 60 look-ups a minute, since each may cost a paid DaData call", async () => {
    const fromOneAddress = { headers: { "cf-connecting-ip": "203.0.113.7" } };
    for (let i = 0; i < 60; i++) {
      const { response } = await callWeb("/api/companies/suggest?query=Т", fromOneAddress);
      expect(response.status).toBe(200);
    }
    const { response } = await callWeb("/api/companies/suggest?query=Т", fromOneAddress);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      success: false,
      error: "Слишком много запросов подсказок. Подождите минуту и попробуйте снова.",
    });
    const other = await callWeb("/api/companies/suggest?query=Т", {
      headers: { "cf-connecting-ip": "203.0.113.8" },
    });
    expect(other.response.status).toBe(200);
  });
});
