// What product analytics refuses to take from clients (issue 20, items 6–8; decision 0043): the
// server's own funnel events, a partner link's token or short code, and more events than a
// browser sends.
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/seed/demo";
import { utcDay } from "../../workers/core/analytics/days";
import type { AnalyticsEventRecord } from "../../workers/core/analytics/event";
import { createLink } from "../../workers/core/partners/links";
import {
  apiLogin,
  bearer,
  callWeb,
  createCompanyUser,
  deliver,
  postJson,
  testDb,
  type SentMessage,
} from "./support";

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

const eventsOf = (sent: SentMessage[]): AnalyticsEventRecord[] =>
  sent.flatMap((message) => (message.body.kind === "analytics.ingest" ? message.body.events : []));

function event(fields: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    sessionId: crypto.randomUUID(),
    eventType: "page_view",
    eventCategory: "navigation",
    ...fields,
  };
}

/** A fresh carrier's link to a fresh lead. */
async function newLink() {
  const carrier = await createCompanyUser();
  return createLink(
    testDb(),
    { companyId: carrier.companyId, companyName: "ООО «Трасса»", userId: carrier.userId },
    {
      companyName: "ООО «Вектор»",
      companyInn: "7707083893",
      companyAddress: "г Казань, ул Баумана, д 1",
      contactFirstName: "Андрей",
      contactLastName: "Волков",
      contactEmail: `volkov.${carrier.userId.slice(0, 8)}@vector.ru`,
      companyPhone: undefined,
      companyEmail: undefined,
      contactPhone: undefined,
    },
    { source: "web_dashboard", now: Date.now() },
  );
}

/** A random address of its own for each test that counts per IP. */
const randomIp = () => `203.0.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

type Metrics = { byType: { eventType: string; events: number }[] };

async function eventsOfTypeOn(day: string, eventType: string, asAdmin: RequestInit): Promise<number> {
  const { response } = await callWeb(`/api/analytics/metrics?dateFrom=${day}&dateTo=${day}`, asAdmin);
  const { data } = await response.json<{ data: Metrics }>();
  return data.byType.filter((row) => row.eventType === eventType).reduce((sum, row) => sum + row.events, 0);
}

describe("the server's own events", () => {
  it("are refused from a client, so the admin metrics count only the real views and registrations", async () => {
    const asAdmin = bearer((await apiLogin(DEMO_ACCOUNTS.admin)).body.data.tokens.accessToken);
    // A day of their own, so that no other test's funnel events move the counts.
    const at = Date.now() - 5 * DAY_MS;
    const day = utcDay(at);
    const before = {
      registered: await eventsOfTypeOn(day, "partner_registered", asAdmin),
      viewed: await eventsOfTypeOn(day, "partner_link_viewed", asAdmin),
    };
    const forged = [
      event({ eventType: "partner_registered", eventCategory: "partner_funnel", timestamp: at }),
      event({ eventType: "Partner_Link_Viewed", eventCategory: "partner_funnel", timestamp: at }),
    ];
    const ip = { "cf-connecting-ip": randomIp() };
    const answers = [
      await callWeb("/api/analytics/events", postJson({ events: forged }, ip)),
      await callWeb("/api/analytics/event", postJson(forged[0], ip)),
    ];
    const queued = answers.flatMap(({ sent }) => sent.map((message) => message.body));
    if (queued.length > 0) await deliver(queued);
    await deliver([{ kind: "analytics.rollup" }]);
    expect({
      registered: await eventsOfTypeOn(day, "partner_registered", asAdmin),
      viewed: await eventsOfTypeOn(day, "partner_link_viewed", asAdmin),
    }).toEqual(before);
    for (const { response } of answers) {
      expect(response.status).toBe(400);
      const body = await response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message).toContain("События этого типа записывает только сервер");
    }
    expect(queued).toEqual([]);

    // The browser's own funnel event, the form's first input, still goes in.
    const started = event({ eventType: "partner_form_started", eventCategory: "partner_funnel" });
    const { response } = await callWeb("/api/analytics/events", postJson({ events: [started] }, ip));
    expect(response.status).toBe(202);
  });
});

describe("a partner link's secrets", () => {
  it("are stripped from the page, referrer and label of every event a client sends", async () => {
    const events = [
      event({
        eventLabel: `/partner/${TOKEN}`,
        pageUrl: `http://reys.test/partner/${TOKEN}?utm_source=partner&utm_campaign=magnit`,
        referrer: "http://reys.test/s/x7k2m9pqa3b4",
      }),
      event({ eventLabel: "/partner", pageUrl: `http://reys.test/partner?token=${TOKEN}` }),
      event({
        eventType: "partner_form_started",
        eventCategory: "partner_funnel",
        pageUrl: `http://reys.test/partner#${TOKEN}`,
        referrer: `http://reys.test/partner/${TOKEN}`,
      }),
      event({ eventLabel: "/dashboard", pageUrl: "http://reys.test/dashboard", referrer: "https://ya.ru/" }),
    ];
    const { response, sent } = await callWeb("/api/analytics/events", postJson({ events }));
    expect(response.status).toBe(202);
    const stored = eventsOf(sent);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(JSON.stringify(stored)).not.toContain("x7k2m9pqa3b4");
    expect(stored.map(({ eventLabel, pageUrl, referrer }) => ({ eventLabel, pageUrl, referrer }))).toEqual([
      {
        eventLabel: "/partner",
        pageUrl: "http://reys.test/partner?utm_source=partner&utm_campaign=magnit",
        referrer: "http://reys.test/s",
      },
      { eventLabel: "/partner", pageUrl: "http://reys.test/partner", referrer: null },
      { eventLabel: null, pageUrl: "http://reys.test/partner", referrer: "http://reys.test/partner" },
      { eventLabel: "/dashboard", pageUrl: "http://reys.test/dashboard", referrer: "https://ya.ru/" },
    ]);
  });

  it("never reach the view the server records when the landing's data is read", async () => {
    const link = await newLink();
    const { response, sent } = await callWeb(`/api/landing/landing?token=${link.uniqueToken}`, {
      headers: { referer: `http://reys.test/partner?token=${link.uniqueToken}&utm_source=mail` },
    });
    expect(response.status).toBe(200);
    const [view] = eventsOf(sent);
    expect(view).toMatchObject({
      eventType: "partner_link_viewed",
      pageUrl: "http://reys.test/partner?utm_source=mail",
    });
    expect(JSON.stringify(sent)).not.toContain(link.uniqueToken);
  });

  it("keep the landing page out of every cache, and out of the view its loader records", async () => {
    const link = await newLink();
    for (const path of [
      `/partner/${link.uniqueToken}?utm_source=mail`,
      `/partner?token=${link.uniqueToken}`,
      `/partner/${link.uniqueToken}.data`,
    ]) {
      const { response, sent } = await callWeb(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      const [view] = eventsOf(sent);
      expect(view.eventType).toBe("partner_link_viewed");
      expect(view.pageUrl).toMatch(/^http:\/\/reys\.test\/partner(\?|$)/);
      expect(JSON.stringify(sent), path).not.toContain(link.uniqueToken);
    }
  });
});

describe("events from one sender", () => {
  it("are limited to 3,000 a minute: then 429 with Retry-After, while other senders go on", async () => {
    const flooder = { "cf-connecting-ip": randomIp() };
    const full = () => Array.from({ length: 100 }, () => event({ eventType: "click" }));
    // 300 units a minute, ten events a unit: the 31st full batch of a minute is refused. The
    // limiter's minute may turn during the loop and start counting afresh, hence up to 61.
    let accepted = 0;
    let refused: Response | null = null;
    while (!refused && accepted < 61) {
      const { response } = await callWeb("/api/analytics/events", postJson({ events: full() }, flooder));
      if (response.status === 202) accepted += 1;
      else refused = response;
    }
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("retry-after")).toBe("60");
    const body = await refused!.json<{ success: boolean; error: string }>();
    expect(body).toMatchObject({
      success: false,
      error: "Слишком много событий аналитики. Повторите через минуту.",
    });

    const neighbour = await callWeb(
      "/api/analytics/events",
      postJson({ events: full() }, { "cf-connecting-ip": randomIp() }),
    );
    expect(neighbour.response.status).toBe(202);
  });
});
