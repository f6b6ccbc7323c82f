// The DaData adapter against the sandbox twin over real HTTP: the same protocol both ways.
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { suggestCompanies } from "../core/companies/suggest";
import { createSandboxApp } from "../../sandbox/app";
import { LIQUIDATED_BANK_BIC, SANDBOX_DIRECTBANK_BIC } from "../../sandbox/dadata/banks";
import { bankStatusProblem } from "./bank-lookup";
import {
  createDadataBankLookup,
  createDadataLookup,
  DADATA_FIND_BANK_PATH,
  DADATA_PARTY_PATH,
} from "./dadata";

let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createSandboxApp().fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const switchFailure = (mode: "none" | "error500" | "timeout") =>
  fetch(`${baseUrl}/__sandbox/failures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "dadata", mode }),
  });

afterEach(async () => {
  await switchFailure("none");
  vi.restoreAllMocks();
});

describe("DaData adapter against the sandbox", () => {
  it("returns spec-shaped suggestions and nothing of the vendor's other fields", async () => {
    const lookup = createDadataLookup({ baseUrl, apiKey: "sandbox-key" });
    const suggestions = await lookup.suggest("транслогистик", 10);
    expect(suggestions).toHaveLength(2);
    expect(suggestions[0]).toEqual({
      value: "ООО «ТрансЛогистик»",
      data: {
        name: {
          short_with_opf: "ООО «ТрансЛогистик»",
          full_with_opf: "Общество с ограниченной ответственностью «ТрансЛогистик»",
        },
        inn: expect.stringMatching(/^\d{10}$/),
        kpp: expect.stringMatching(/^\d{9}$/),
        ogrn: expect.stringMatching(/^\d{13}$/),
        address: { value: "г Москва, ул Складочная, д 1 стр 18" },
      },
    });
  });

  it("gives a sole trader a null KPP and a 15-digit OGRNIP", async () => {
    const [trader] = await createDadataLookup({ baseUrl, apiKey: "k" }).suggest("Семенов", 10);
    expect(trader.value).toBe("ИП Семёнов Алексей Петрович");
    expect(trader.data.kpp).toBeNull();
    expect(trader.data.ogrn).toMatch(/^\d{15}$/);
  });

  it("asks for `count` results and finds by INN", async () => {
    const lookup = createDadataLookup({ baseUrl, apiKey: "k" });
    expect(await lookup.suggest("ООО", 4)).toHaveLength(4);
    const [first] = await lookup.suggest("транслогистик", 1);
    expect((await lookup.suggest(String(first.data.inn), 10)).map((s) => s.value)).toEqual([first.value]);
  });

  it("sends DaData's headers and body", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await createDadataLookup({ baseUrl: `${baseUrl}/`, apiKey: "secret-key" }).suggest("Волга", 10);
    const [url, init] = spy.mock.calls[0];
    expect(url).toBe(`${baseUrl}${DADATA_PARTY_PATH}`);
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({
      Authorization: "Token secret-key",
      "Content-Type": "application/json",
      Accept: "application/json",
    });
    expect(JSON.parse(String(init?.body))).toEqual({ query: "Волга", count: 10 });
  });

  it("is refused with 401 without a token, like DaData", async () => {
    const response = await fetch(`${baseUrl}${DADATA_PARTY_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "Транс" }),
    });
    expect(response.status).toBe(401);
    await expect(createDadataLookup({ baseUrl, apiKey: "" }).suggest("Транс", 10)).rejects.toThrow(
      /HTTP 401/,
    );
  });

  it("is refused with 400 for a body that is not a suggest request", async () => {
    const response = await fetch(`${baseUrl}${DADATA_PARTY_PATH}`, {
      method: "POST",
      headers: { authorization: "Token k", "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
  });
});

describe("company suggestions when the provider fails", () => {
  it("answers an empty list and logs on a 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await switchFailure("error500")).status).toBe(200);
    const lookup = createDadataLookup({ baseUrl, apiKey: "k" });
    expect(await suggestCompanies(lookup, "Транс")).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
  });

  it("answers an empty list and logs when the provider hangs past the timeout", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await switchFailure("timeout");
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const sent = vi.spyOn(globalThis, "fetch");
    const lookup = createDadataLookup({ baseUrl, apiKey: "k", timeoutMs: 300 });
    expect(await suggestCompanies(lookup, "Транс")).toEqual([]);
    // The adapter's own 300 ms timer aborted the request; the sandbox would answer only after 30 s.
    expect(timeout).toHaveBeenCalledExactlyOnceWith(300);
    const signal = sent.mock.calls[0][1]?.signal;
    expect(signal?.reason).toMatchObject({ name: "TimeoutError" });
    expect(logged.mock.calls[0][1]).toMatchObject({ code: "timeout", cause: signal?.reason });
  });

  it("recovers once the failure is switched off", async () => {
    await switchFailure("timeout");
    await switchFailure("none");
    expect(await suggestCompanies(createDadataLookup({ baseUrl, apiKey: "k" }), "Транс")).not.toEqual([]);
  });

  it("refuses an unknown provider or mode", async () => {
    const response = await fetch(`${baseUrl}/__sandbox/failures`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "nobody", mode: "timeout" }),
    });
    expect(response.status).toBe(400);
    expect(await (await fetch(`${baseUrl}/__sandbox/failures`)).json()).toMatchObject({ dadata: "none" });
  });
});

describe("DaData bank look-up against the sandbox", () => {
  const lookup = () => createDadataBankLookup({ baseUrl, apiKey: "sandbox-key" });

  it("finds a bank by its БИК with what a payment order needs", async () => {
    expect(await lookup().findByBic(SANDBOX_DIRECTBANK_BIC)).toEqual({
      bic: SANDBOX_DIRECTBANK_BIC,
      name: 'АО "БАНК МАГИСТРАЛЬ"',
      shortName: "АО «Банк Магистраль»",
      correspondentAccount: "30101810645250000801",
      city: "г. Москва",
      address: expect.stringMatching(/^г Москва, /),
      swift: "MAGSRUMM",
      inn: expect.stringMatching(/^77\d{8}$/),
      kpp: expect.stringMatching(/^77\d{7}$/),
      kind: "bank",
      status: "active",
      liquidatedOn: null,
    });
  });

  it("answers null for a БИК the directory has not, and asks findById/bank for it", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    expect(await lookup().findByBic("044525000")).toBeNull();
    const [url, init] = spy.mock.calls[0];
    expect(url).toBe(`${baseUrl}${DADATA_FIND_BANK_PATH}`);
    expect(JSON.parse(String(init?.body))).toEqual({ query: "044525000", count: 1 });
  });

  it("says a liquidated bank is liquidated, and since when; the form refuses it in Russian", async () => {
    const bank = await lookup().findByBic(LIQUIDATED_BANK_BIC);
    expect(bank).toMatchObject({ status: "liquidated", liquidatedOn: "2023-03-15", kind: "bank" });
    expect(bankStatusProblem(bank!)).toBe(
      `Банк с БИК ${LIQUIDATED_BANK_BIC} ликвидирован 15.03.2023: укажите счет в действующем банке`,
    );
  });

  it("suggests banks by what the user types, branches with their own БИК", async () => {
    const banks = await lookup().suggest("народный казань", 10);
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({
      kind: "branch",
      city: "г. Казань",
      name: 'ФИЛИАЛ "ПРИВОЛЖСКИЙ" ПАО "НАРОДНЫЙ СБЕРЕГАТЕЛЬНЫЙ БАНК"',
    });
    expect(banks[0].bic).toMatch(/^049205\d{3}$/);
    expect(await lookup().suggest("банк", 7)).toHaveLength(7);
  });

  it("fails with Russian messages when the directory fails, times out or refuses the key", async () => {
    await switchFailure("error500");
    await expect(lookup().findByBic(SANDBOX_DIRECTBANK_BIC)).rejects.toMatchObject({
      name: "LookupServiceError",
      code: "unavailable",
      status: 500,
      message: "Справочник банков (DaData) временно недоступен (HTTP 500)",
    });
    await switchFailure("timeout");
    const quick = createDadataBankLookup({ baseUrl, apiKey: "k", timeoutMs: 200 });
    await expect(quick.suggest("банк", 5)).rejects.toMatchObject({
      code: "timeout",
      message: "Справочник банков (DaData) не ответил за 0,2 с",
    });
    await switchFailure("none");
    await expect(createDadataBankLookup({ baseUrl, apiKey: "" }).suggest("банк", 5)).rejects.toMatchObject({
      code: "refused",
      status: 401,
      message: expect.stringMatching(/^Справочник банков \(DaData\) не принял ключ доступа \(HTTP 401\)/),
    });
  });

  it("is unreachable when nothing listens at the address", async () => {
    const nowhere = createDadataBankLookup({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    await expect(nowhere.findByBic(SANDBOX_DIRECTBANK_BIC)).rejects.toMatchObject({
      code: "unreachable",
      message: "Справочник банков (DaData) недоступен: нет соединения",
    });
  });
});
