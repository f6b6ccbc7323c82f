import { afterEach, describe, expect, it, vi } from "vitest";
import { isValidInn, isValidKpp } from "../../workers/core/validation/russian-ids";
import {
  EDO_CATEGORIES,
  EDO_PERIODS,
  type WireChangesPage,
  type WireDocument,
  type WireDocumentsPage,
  type WireParty,
} from "../../workers/providers/edo-operator";
import { createSandboxApp } from "../app";

type App = ReturnType<typeof createSandboxApp>;
type AccountState = { login: string; documentCount: number; cursor: string };

const PASSWORD = "edo-demo-2025";
const JSON_HEADERS = { "content-type": "application/json" };
const ISO_MOSCOW = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/;
const PLATE = /^[АВЕКМНОРСТУХ]\d{3}[АВЕКМНОРСТУХ]{2}\d{2,3}( \/ [АВЕКМНОРСТУХ]{2}\d{4} \d{2,3})?$/;
const CHAIN = ["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"];

const post = (app: App, path: string, body?: unknown) =>
  app.request(path, {
    method: "POST",
    headers: JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function signIn(app: App, login = "demo-carrier"): Promise<string> {
  const response = await post(app, "/edo/api/v1/auth", { login, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const call = (app: App, token: string, path: string) =>
  app.request(`/edo/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

async function read<T>(app: App, token: string, path: string): Promise<T> {
  const response = await call(app, token, path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const documents = (app: App, token: string, query = "") =>
  read<WireDocumentsPage>(app, token, `/documents${query}`);
const changes = (app: App, token: string, query = "") =>
  read<WireChangesPage>(app, token, `/documents/changes${query}`);

async function errorOf(response: Response) {
  return {
    status: response.status,
    ...((await response.json()) as { error: { code: string; message: string } }),
  };
}

async function accountState(app: App, login: string): Promise<AccountState> {
  return (await (await app.request(`/__sandbox/edo/accounts/${login}`)).json()) as AccountState;
}

const setCount = (app: App, login: string, count: number) =>
  post(app, `/__sandbox/edo/accounts/${login}/documents`, { count });

const advance = async (app: App, login: string, body: { added?: number; progressed?: number }) => {
  const response = await post(app, `/__sandbox/edo/accounts/${login}/advance`, body);
  expect(response.status).toBe(200);
  return (await response.json()) as AccountState & { added: number; progressed: number };
};

/** Every docflow of the account, through the change feed from the start. */
async function readFeed(app: App, token: string, since = "0", limit = 1000) {
  const docs: WireDocument[] = [];
  let cursor = since;
  for (;;) {
    const page = await changes(app, token, `?since=${cursor}&limit=${limit}`);
    docs.push(...page.docs);
    cursor = page.cursor;
    if (!page.hasMore) return { docs, cursor };
  }
}

/** Every docflow of every category a list query shows, one request per category. */
async function everyCategory(app: App, token: string, query = "") {
  const pages = await Promise.all(
    EDO_CATEGORIES.map((category) => documents(app, token, `?limit=1000&category=${category}${query}`)),
  );
  return pages.flatMap((page) => page.docs);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the EDO operator's sign-in", () => {
  it("gives each account a token for 24 hours", async () => {
    const app = createSandboxApp();
    for (const login of ["demo-carrier", "carrier-2", "carrier-3"]) {
      const before = Date.now();
      const response = await post(app, "/edo/api/v1/auth", { login, password: PASSWORD });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { token: string; expiresAt: string };
      expect(body.token).toMatch(/^\w{32,}$/);
      const expiresAt = Date.parse(body.expiresAt);
      expect(expiresAt - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
      expect(expiresAt - before).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
    }
  });

  it("refuses a wrong password or an unknown login with 401 invalid_credentials", async () => {
    const app = createSandboxApp();
    for (const body of [
      { login: "demo-carrier", password: "wrong" },
      { login: "nobody", password: PASSWORD },
    ]) {
      const refused = await errorOf(await post(app, "/edo/api/v1/auth", body));
      expect(refused).toEqual({
        status: 401,
        error: { code: "invalid_credentials", message: expect.any(String) },
      });
    }
  });

  it("answers 400 invalid_request to a malformed sign-in", async () => {
    const app = createSandboxApp();
    const malformed = [
      app.request("/edo/api/v1/auth", { method: "POST", headers: JSON_HEADERS, body: "{not json" }),
      post(app, "/edo/api/v1/auth", { login: "demo-carrier" }),
      post(app, "/edo/api/v1/auth", { password: PASSWORD }),
      post(app, "/edo/api/v1/auth"),
    ];
    for (const response of await Promise.all(malformed)) {
      expect(await errorOf(response)).toMatchObject({ status: 400, error: { code: "invalid_request" } });
    }
  });
});

describe("EDO tokens", () => {
  it("are required: no token or an unknown one is 401 token_not_found", async () => {
    const app = createSandboxApp();
    for (const response of [
      await app.request("/edo/api/v1/user"),
      await call(app, "no-such-token", "/user"),
      await call(app, "no-such-token", "/documents"),
      await call(app, "no-such-token", "/documents/changes"),
    ]) {
      expect(await errorOf(response)).toMatchObject({ status: 401, error: { code: "token_not_found" } });
    }
  });

  it("expire after 24 hours with 401 token_expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 23, 9, 0) });
    const app = createSandboxApp();
    const token = await signIn(app);
    vi.setSystemTime(Date.UTC(2026, 10, 24, 8, 59));
    expect((await call(app, token, "/user")).status).toBe(200);
    vi.setSystemTime(Date.UTC(2026, 10, 24, 9, 0, 1));
    expect(await errorOf(await call(app, token, "/user"))).toMatchObject({
      status: 401,
      error: { code: "token_expired" },
    });
  });

  it("expire on demand, one account's or everyone's", async () => {
    const app = createSandboxApp();
    const [demo, second, third] = [
      await signIn(app),
      await signIn(app, "carrier-2"),
      await signIn(app, "carrier-3"),
    ];
    const expireSecond = await post(app, "/__sandbox/edo/tokens/expire", { login: "carrier-2" });
    expect(await expireSecond.json()).toEqual({ expired: 1 });
    expect((await errorOf(await call(app, second, "/user"))).error.code).toBe("token_expired");
    expect((await call(app, demo, "/user")).status).toBe(200);

    expect(await (await post(app, "/__sandbox/edo/tokens/expire")).json()).toEqual({ expired: 2 });
    for (const token of [demo, third]) {
      expect((await errorOf(await call(app, token, "/documents"))).error.code).toBe("token_expired");
    }
    expect((await post(app, "/__sandbox/edo/tokens/expire", { login: "nobody" })).status).toBe(404);
    expect((await call(app, await signIn(app), "/user")).status).toBe(200);
  });
});

describe("the EDO user", () => {
  it("is the demo carrier's signer for demo-carrier", async () => {
    const app = createSandboxApp();
    expect(await read(app, await signIn(app), "/user")).toEqual({
      login: "demo-carrier",
      userName: "Смирнов Алексей Петрович",
      shortName: "Смирнов А. П.",
      companyName: "ООО «Рейс Демо Транс»",
      inn: "7704123450",
      kpp: "770401001",
    });
  });

  it("is a carrier company of its own with valid INN and KPP for each other account", async () => {
    const app = createSandboxApp();
    const users = [];
    for (const login of ["carrier-2", "carrier-3"]) {
      const user = await read<Record<string, string>>(app, await signIn(app, login), "/user");
      expect(user.login).toBe(login);
      expect(user.userName).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
      const [family, name, patronymic] = user.userName.split(" ");
      expect(user.shortName).toBe(`${family} ${name[0]}. ${patronymic[0]}.`);
      expect(user.companyName).toMatch(/^ООО «.+»$/);
      expect(isValidInn(user.inn) && isValidKpp(user.kpp)).toBe(true);
      users.push(user);
    }
    expect(new Set([...users.map((u) => u.inn), "7704123450"]).size).toBe(3);
  });
});

function expectValidParty(party: WireParty | null) {
  if (party === null) return;
  expect(party.accName).not.toBe("");
  expect(isValidInn(party.inn), party.inn).toBe(true);
  if (party.kpp !== null) expect(isValidKpp(party.kpp), party.kpp).toBe(true);
}

describe("EDO docflows", () => {
  it("belong to the account: it is the carrier, shipper or receiver, as its role says", async () => {
    const app = createSandboxApp();
    const seen = new Map<string, string>();
    for (const login of ["demo-carrier", "carrier-2", "carrier-3"]) {
      const token = await signIn(app, login);
      const { inn } = await read<{ inn: string }>(app, token, "/user");
      const docs = await everyCategory(app, token);
      expect(docs.length).toBeGreaterThan(500);
      for (const doc of docs) {
        const party = { TK: doc.info.tk, GO: doc.info.go, GP: doc.info.gp }[doc.roleCode];
        expect(party?.inn, doc.id).toBe(inn);
        expect(seen.get(doc.id), doc.id).toBeUndefined();
        seen.set(doc.id, login);
      }
      const roles = new Set(docs.map((doc) => doc.roleCode));
      expect([...roles].sort()).toEqual(["GO", "GP", "TK"]);
      if (login === "demo-carrier") {
        const carried = docs.filter((doc) => doc.roleCode === "TK");
        expect(carried.length / docs.length).toBeGreaterThan(0.85);
        expect(carried.every((doc) => doc.info.tk?.inn === "7704123450")).toBe(true);
      }
    }
  });

  it("look like real transport documents", async () => {
    const app = createSandboxApp();
    const { docs } = await readFeed(app, await signIn(app));
    expect(docs).toHaveLength(3000);
    const numbers = new Set<string>();
    let titles = 0;
    let emptyTitles = 0;
    for (const doc of docs) {
      const { info } = doc;
      expect(doc.createDate).toMatch(ISO_MOSCOW);
      expect(doc.createDate >= "2023-01-01" && doc.createDate < "2026-01-01").toBe(true);
      expect(info.doc.date).toBe(doc.createDate.slice(0, 10));
      [info.go, info.gp, info.tk].forEach(expectValidParty);
      expect(numbers.has(info.doc.num)).toBe(false);
      numbers.add(info.doc.num);
      expect(info.documents.length).toBeGreaterThan(0);
      const last = info.documents[info.documents.length - 1];
      expect(info.lastdoc).toEqual({ type: last.type, dateTime: last.dateTime });
      expect(doc.updateDate).toBe(last.dateTime);
      expect(info.documents[0].dateTime).toBe(doc.createDate);
      for (let i = 1; i < info.documents.length; i++) {
        expect(info.documents[i].dateTime >= info.documents[i - 1].dateTime).toBe(true);
      }
      for (const title of info.documents) {
        expect(title.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(title.dateTime).toMatch(ISO_MOSCOW);
        titles++;
        if (title.contentSize === 0) emptyTitles++;
        else expect(title.contentSize >= 8 * 1024 && title.contentSize <= 60 * 1024).toBe(true);
      }
      if (info.ts) expect(info.ts.num).toMatch(PLATE);
      if (info.driver) {
        expect(info.driver.accName).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
        expect(info.doc.driver).toBe(info.driver.accName);
      }
      if (info.doc.trip !== null) expect(info.doc.trip).toMatch(/^Р-\d\d-\d{5,}$/);
      if (doc.expired) expect(["ON_TRNACLPVYN", "ON_TRNACLZAKR"]).not.toContain(doc.statusCode);

      if (doc.docflowType === "ETRN") {
        expect(info.doc.num).toMatch(/^ЭТрН-\d{4}-\d{6}$/);
        const chain = info.documents.map((t) => t.type).filter((type) => CHAIN.includes(type));
        expect(chain).toEqual(CHAIN.slice(0, chain.length));
        expect(info.ts && info.driver && info.loading).toBeTruthy();
        expect(info.loading?.addr).toMatch(/^\d{6}, .*г [А-ЯЁ]/);
        const { statusCode } = doc;
        if (statusCode !== "ON_TRNACLZAKR" && statusCode !== "ON_TRNACLOTKL")
          expect(statusCode).toBe(last.type);
        if (statusCode === "ON_TRNACLZAKR") expect(chain).toHaveLength(4);
      } else {
        expect(info.documents).toHaveLength(1);
      }
    }

    const share = (test: (doc: WireDocument) => boolean) => docs.filter(test).length / docs.length;
    expect(share((doc) => doc.docflowType === "ETRN")).toBeGreaterThan(0.8);
    expect(share((doc) => doc.docflowType === "ETRN")).toBeLessThan(0.9);
    expect(new Set(docs.map((doc) => doc.docflowType)).size).toBe(EDO_CATEGORIES.length);
    expect(share((doc) => doc.expired)).toBeGreaterThan(0.02);
    expect(share((doc) => doc.expired)).toBeLessThan(0.09);
    expect(share((doc) => doc.deleted)).toBeGreaterThan(0.005);
    expect(share((doc) => doc.deleted)).toBeLessThan(0.04);
    expect(share((doc) => !doc.read)).toBeGreaterThan(0.01);
    expect(emptyTitles / titles).toBeGreaterThan(0.01);
    expect(emptyTitles / titles).toBeLessThan(0.06);
    const statuses = new Set(docs.map((doc) => doc.statusCode));
    for (const status of [...CHAIN, "ON_TRNACLZAKR", "ON_TRNACLOTKL", "ON_TRNAPERAK_GIS_COMPLETE"]) {
      expect(statuses, status).toContain(status);
    }
    const titleTypes = new Set(docs.flatMap((doc) => doc.info.documents.map((t) => t.type)));
    for (const type of ["ON_TRNAPERAK", "ON_TRNAPERAK_GIS_LOAD", "ON_TRNAPERAK_QRCODE", "ON_TRN"]) {
      expect(titleTypes, type).toContain(type);
    }
    const years = new Set(docs.map((doc) => doc.createDate.slice(0, 4)));
    expect([...years].sort()).toEqual(["2023", "2024", "2025"]);
    // Most documents are signed in working hours, Moscow time.
    expect(
      share((doc) => doc.createDate.slice(11, 13) >= "08" && doc.createDate.slice(11, 13) < "20"),
    ).toBeGreaterThan(0.75);
  });

  it("are the same on every run", async () => {
    const [first, second] = [createSandboxApp(), createSandboxApp()];
    const [a, b] = await Promise.all([
      changes(first, await signIn(first, "carrier-2"), "?since=700&limit=200"),
      changes(second, await signIn(second, "carrier-2"), "?since=700&limit=200"),
    ]);
    expect(a.docs).toHaveLength(200);
    expect(a).toEqual(b);
    expect(await documents(first, await signIn(first), "?search=москва&limit=50")).toEqual(
      await documents(second, await signIn(second), "?search=москва&limit=50"),
    );
  });
});

describe("the EDO document list", () => {
  it("pages the working list of ETRN, newest first, 20 by default", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const first = await documents(app, token);
    expect(first.docs).toHaveLength(20);
    const all = await documents(app, token, "?limit=1000");
    const rest = await documents(app, token, `?limit=1000&offset=1000`);
    const more = await documents(app, token, `?limit=1000&offset=2000`);
    const listed = [...all.docs, ...rest.docs, ...more.docs];
    expect(listed).toHaveLength(all.total);
    expect([all.total, rest.total, more.total]).toEqual([first.total, first.total, first.total]);
    expect(listed.slice(0, 20)).toEqual(first.docs);
    expect(new Set(listed.map((doc) => doc.id)).size).toBe(all.total);
    for (let i = 1; i < listed.length; i++) {
      const [newer, older] = [listed[i - 1], listed[i]];
      expect(
        newer.createDate > older.createDate || (newer.createDate === older.createDate && newer.id < older.id),
      ).toBe(true);
    }
    expect(listed.every((doc) => doc.docflowType === "ETRN" && !doc.expired && !doc.deleted)).toBe(true);
    expect((await documents(app, token, `?offset=${all.total}`)).docs).toEqual([]);
  });

  it("narrows by each filter, as decision 0021 defines it", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const { total: everything } = await documents(app, token, "?limit=1");
    const sample = (await documents(app, token, "?limit=1000")).docs;
    const withTrip = sample.find((doc) => doc.info.doc.trip !== null && doc.info.ts?.num.includes("/"));
    if (!withTrip?.info.ts || !withTrip.info.go || !withTrip.info.gp || !withTrip.info.doc.trip) {
      throw new Error("expected an ETRN with a trip, trailer and parties");
    }
    const plate = withTrip.info.ts.num.slice(0, 8);
    const driverSurname = withTrip.info.doc.driver?.split(" ")[0] ?? "";
    const { trip } = withTrip.info.doc;
    const day = (doc: WireDocument) => doc.createDate.slice(0, 10);
    const noSpaces = (text: string) => text.replace(/\s+/g, "").toLowerCase();

    const cases: [string, (doc: WireDocument) => boolean][] = [
      ["period=20244", (doc) => day(doc) >= "2024-10-01" && day(doc) <= "2024-12-31"],
      ["status=ON_TRNACLPVYN", (doc) => doc.statusCode === "ON_TRNACLPVYN"],
      ["category=PTL", (doc) => doc.docflowType === "PTL"],
      ["category=DOV", (doc) => doc.docflowType === "DOV"],
      ["expired=true", (doc) => doc.expired && !doc.deleted],
      ["deleted=true", (doc) => doc.deleted && !doc.expired],
      [`goInn=${withTrip.info.go.inn}`, (doc) => doc.info.go?.inn === withTrip.info.go?.inn],
      [`gpInn=${withTrip.info.gp.inn}`, (doc) => doc.info.gp?.inn === withTrip.info.gp?.inn],
      ["tkInn=7704123450", (doc) => doc.info.tk?.inn === "7704123450"],
      [
        `transport=${encodeURIComponent(`${plate.slice(0, 4)} ${plate.slice(4).toLowerCase()}`)}`,
        (doc) => noSpaces(doc.info.ts?.num ?? "").includes(plate.toLowerCase()),
      ],
      [
        `driver=${encodeURIComponent(driverSurname.toLowerCase())}`,
        (doc) => (doc.info.driver?.accName ?? "").includes(driverSurname),
      ],
      [`trip=${encodeURIComponent(trip.toLowerCase())}`, (doc) => doc.info.doc.trip === trip],
      [`docNum=${encodeURIComponent("этрн-2024-00")}`, (doc) => doc.info.doc.num.startsWith("ЭТрН-2024-00")],
      [
        "docType=ON_TRNAPERAK_GIS_LOAD",
        (doc) => doc.info.documents.some((title) => title.type === "ON_TRNAPERAK_GIS_LOAD"),
      ],
      [
        "dateFrom=2025-03-01&dateTo=2025-03-31",
        (doc) => day(doc) >= "2025-03-01" && day(doc) <= "2025-03-31",
      ],
      ["dateTo=2023-01-31", (doc) => day(doc) <= "2023-01-31"],
      [
        `search=${encodeURIComponent("казань")}`,
        (doc) => [doc.info.loading?.addr, doc.info.unloading?.addr].some((addr) => addr?.includes("Казань")),
      ],
      [
        `search=${withTrip.info.gp.inn}`,
        (doc) => [doc.info.go?.inn, doc.info.gp?.inn].includes(withTrip.info.gp?.inn ?? "-"),
      ],
      ["hasRoute=true", (doc) => doc.info.loading !== null && doc.info.unloading !== null],
      ["hasRoute=false", (doc) => doc.info.loading === null || doc.info.unloading === null],
      ["hasCargo=true", (doc) => doc.info.cargo !== null],
      ["hasCargo=false", (doc) => doc.info.cargo === null],
    ];
    for (const [query, holds] of cases) {
      const page = await documents(app, token, `?limit=1000&${query}`);
      expect(page.total, query).toBeGreaterThan(0);
      expect(page.total, query).toBeLessThan(everything);
      expect(page.docs.length, query).toBe(Math.min(page.total, 1000));
      for (const doc of page.docs) expect(holds(doc), `${query}: ${doc.info.doc.num}`).toBe(true);
    }
    // Filters that keep everything, and complements that add up.
    expect((await documents(app, token, "?period=0&status=0&category=ETRN&expired=false")).total).toBe(
      everything,
    );
    const quarters = await Promise.all(
      EDO_PERIODS.map((period) => documents(app, token, `?limit=1&period=${period}`)),
    );
    expect(quarters.reduce((sum, page) => sum + page.total, 0)).toBe(everything);
    const withRoute = (await documents(app, token, "?hasRoute=true")).total;
    expect(withRoute + (await documents(app, token, "?hasRoute=false")).total).toBe(everything);
    expect(
      (await documents(app, token, "?search=%D0%BD%D0%B5%D1%82-%D1%82%D0%B0%D0%BA%D0%BE%D0%B3%D0%BE")).total,
    ).toBe(0);
  });

  it("answers 400 invalid_request naming the parameter it cannot read", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const cases: [string, string][] = [
      ["limit=abc", "limit"],
      ["limit=0", "limit"],
      ["limit=1001", "limit"],
      ["offset=-1", "offset"],
      ["period=20245", "period"],
      ["category=FOO", "category"],
      ["expired=yes", "expired"],
      ["deleted=1", "deleted"],
      ["hasCargo=maybe", "hasCargo"],
      ["dateFrom=2024-13-01", "dateFrom"],
      ["dateTo=31.12.2024", "dateTo"],
    ];
    for (const [query, parameter] of cases) {
      const refused = await errorOf(await call(app, token, `/documents?${query}`));
      expect(refused.status, query).toBe(400);
      expect(refused.error.code).toBe("invalid_request");
      expect(refused.error.message).toContain(parameter);
    }
  });
});

describe("the EDO change feed", () => {
  it("reads every docflow exactly once from 0, then has nothing more", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const state = await accountState(app, "demo-carrier");
    expect(state).toEqual({ login: "demo-carrier", documentCount: 3000, cursor: "3000" });
    const { docs, cursor } = await readFeed(app, token, "0", 700);
    expect(docs).toHaveLength(state.documentCount);
    expect(new Set(docs.map((doc) => doc.id)).size).toBe(state.documentCount);
    expect(cursor).toBe(state.cursor);
    expect(await changes(app, token, `?since=${cursor}`)).toEqual({ docs: [], cursor, hasMore: false });
    // Every category and the bin arrive too: the feed is not the working list.
    expect(docs.some((doc) => doc.deleted) && docs.some((doc) => doc.expired)).toBe(true);
    const first = await changes(app, token);
    expect(first.docs).toEqual(docs.slice(0, first.docs.length));
    expect(first.hasMore).toBe(true);
  });

  it("refuses a cursor or limit it cannot read", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    for (const query of ["since=abc", "since=-1", "since=1.5", "limit=0", "limit=1001", "limit=x"]) {
      const refused = await errorOf(await call(app, token, `/documents/changes?${query}`));
      expect(refused, query).toMatchObject({ status: 400, error: { code: "invalid_request" } });
    }
  });

  it("after an advance, gives exactly the docflows added and moved on", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "carrier-3");
    const before = await readFeed(app, token);
    const byId = new Map(before.docs.map((doc) => [doc.id, doc]));
    const startedAt = Date.now();
    const state = await advance(app, "carrier-3", { added: 7, progressed: 5 });
    expect(state).toEqual({ login: "carrier-3", documentCount: 807, cursor: "812", added: 7, progressed: 5 });

    const after = await changes(app, token, `?since=${before.cursor}&limit=1000`);
    expect(after.hasMore).toBe(false);
    expect(after.cursor).toBe("812");
    expect(after.docs).toHaveLength(12);
    const moved = after.docs.filter((doc) => byId.has(doc.id));
    const added = after.docs.filter((doc) => !byId.has(doc.id));
    expect(moved).toHaveLength(5);
    expect(added).toHaveLength(7);
    for (const doc of moved) {
      const old = byId.get(doc.id);
      if (!old) throw new Error("moved docflow was not read before");
      const lastTitle = doc.info.documents[doc.info.documents.length - 1];
      expect(doc.info.documents).toHaveLength(old.info.documents.length + 1);
      expect(doc.info.documents.slice(0, -1)).toEqual(old.info.documents);
      const oldStage = old.info.documents.filter((t) => CHAIN.includes(t.type)).length;
      expect(lastTitle.type).toBe(CHAIN[oldStage]);
      expect(doc.statusCode).toBe(lastTitle.type);
      expect(doc.updateDate).toBe(lastTitle.dateTime);
      expect(Math.abs(Date.parse(lastTitle.dateTime) - startedAt)).toBeLessThan(5000);
      expect(doc.read).toBe(false);
      expect(doc.createDate).toBe(old.createDate);
    }
    for (const doc of added) {
      expect(Math.abs(Date.parse(doc.createDate) - startedAt)).toBeLessThan(5000);
      expect(doc.info.documents).toHaveLength(1);
      expect(doc.read || doc.expired || doc.deleted).toBe(false);
      if (doc.docflowType === "ETRN") expect(doc.statusCode).toBe("ON_TRNACLGROT");
    }
    // The list shows the new docflows first.
    const newest = await documents(app, token, "?limit=3&category=ETRN");
    expect(newest.docs.every((doc) => Math.abs(Date.parse(doc.createDate) - startedAt) < 5000)).toBe(true);
    expect(await accountState(app, "carrier-3")).toEqual({
      login: "carrier-3",
      documentCount: 807,
      cursor: "812",
    });
  });

  it("gives a docflow moved on mid-read again later, with its new state, and nothing twice", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    expect((await setCount(app, "demo-carrier", 300)).status).toBe(200);
    await advance(app, "demo-carrier", { added: 10 });

    const firstPage = await changes(app, token, "?since=0&limit=305");
    expect(firstPage).toMatchObject({ cursor: "305", hasMore: true });
    // The newest chains under way move on: some of them were on the page just read.
    const moved = await advance(app, "demo-carrier", { progressed: 12 });
    expect(moved.progressed).toBe(12);
    const rest = await readFeed(app, token, firstPage.cursor, 4);

    const readFirst = new Map(firstPage.docs.map((doc) => [doc.id, doc]));
    const again = rest.docs.filter((doc) => readFirst.has(doc.id));
    expect(again.length).toBeGreaterThan(0);
    for (const doc of again) {
      const old = readFirst.get(doc.id);
      expect(doc.info.documents.length).toBe((old?.info.documents.length ?? 0) + 1);
      expect(doc.statusCode).not.toBe(old?.statusCode);
    }
    expect(new Set(rest.docs.map((doc) => doc.id)).size).toBe(rest.docs.length);
    expect(new Set([...readFirst.keys(), ...rest.docs.map((doc) => doc.id)]).size).toBe(310);
    // After the cursor: the 12 moved on (a title signed now) and the 5 added ones not read yet.
    const signedNow = (doc: WireDocument) =>
      doc.info.documents.length > 1 && Date.now() - Date.parse(doc.updateDate) < 5000;
    expect(rest.docs.filter(signedNow)).toHaveLength(12);
    const addedUnread = rest.docs.filter(
      (doc) => Date.now() - Date.parse(doc.createDate) < 5000 && !readFirst.has(doc.id),
    );
    expect(addedUnread).toHaveLength(5);
    expect(rest.docs.every((doc) => signedNow(doc) || addedUnread.includes(doc))).toBe(true);
  });
});

describe("the EDO sandbox controls", () => {
  it("resize an account to its base generation, and only that account", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "carrier-2");
    await advance(app, "carrier-2", { added: 3, progressed: 2 });
    const resized = await setCount(app, "carrier-2", 50);
    expect(await resized.json()).toEqual({ login: "carrier-2", documentCount: 50, cursor: "50" });
    const { docs } = await readFeed(app, token);
    expect(docs).toHaveLength(50);
    expect(docs.every((doc) => doc.createDate < "2026")).toBe(true);
    expect((await accountState(app, "carrier-3")).documentCount).toBe(800);
    expect(await (await setCount(app, "carrier-2", 0)).json()).toMatchObject({
      documentCount: 0,
      cursor: "0",
    });
    expect(await changes(app, token)).toEqual({ docs: [], cursor: "0", hasMore: false });
  });

  it("refuse unknown accounts and impossible numbers", async () => {
    const app = createSandboxApp();
    expect((await app.request("/__sandbox/edo/accounts/nobody")).status).toBe(404);
    expect((await setCount(app, "nobody", 10)).status).toBe(404);
    expect((await post(app, "/__sandbox/edo/accounts/nobody/advance", { added: 1 })).status).toBe(404);
    for (const count of [-1, 200_001, 1.5])
      expect((await setCount(app, "carrier-3", count)).status).toBe(400);
    for (const body of [{ added: 10_001 }, { progressed: -1 }, { added: "5" }]) {
      expect((await post(app, "/__sandbox/edo/accounts/carrier-3/advance", body)).status).toBe(400);
    }
  });

  it("fail the API with a 500 when the failure switch says so", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const failing = await post(app, "/__sandbox/failures", { provider: "edo", mode: "error500" });
    expect(failing.status).toBe(200);
    expect((await post(app, "/edo/api/v1/auth", { login: "demo-carrier", password: PASSWORD })).status).toBe(
      500,
    );
    expect((await call(app, token, "/documents")).status).toBe(500);
    expect((await call(app, token, "/documents/changes")).status).toBe(500);
    expect((await app.request("/__sandbox/edo/accounts/demo-carrier")).status).toBe(200);
    await post(app, "/__sandbox/failures", { provider: "edo", mode: "none" });
    expect((await call(app, token, "/documents")).status).toBe(200);
  });

  it("serve a page of 1,000 changes of a 100,000-docflow account quickly", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    expect((await setCount(app, "demo-carrier", 100_000)).status).toBe(200);
    await changes(app, token, "?since=10000&limit=1000");
    const started = performance.now();
    const page = await changes(app, token, "?since=50000&limit=1000");
    const elapsed = performance.now() - started;
    expect(page.docs).toHaveLength(1000);
    expect(page.cursor).toBe("51000");
    // ~20 ms on a quiet machine; the bound leaves room for a busy one.
    expect(elapsed).toBeLessThan(250);
  });
});
