// Whatever text a client stores comes back exactly as sent, as JSON, and pages show it as text,
// never as markup.
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect, it } from "vitest";
import { callWeb, createCompanyUser, deliver, postJson, sessionFor } from "./support";

const MARKUP = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</textarea><svg onload=alert(1)>",
  "' OR 1=1 --",
  "'); DROP TABLE analytics_events; --",
  "&lt;b&gt; &amp; &#x3C;",
  "\u0000\u0007\u001b[31m",
  "\u202Eспам",
  "Ёлка 🚚 ООО «Груз»",
];

const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(...MARKUP),
);
/** Text with lone UTF-16 surrogates: JSON carries them, storage cannot. */
const brokenText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }))
  .map(([prefix, code]) => `${prefix}${String.fromCharCode(code)}`);

type StoredEvent = { id: string; eventAction: string | null; eventLabel: string | null; metadata: unknown };

describe("analytics events", () => {
  let user: { userId: string };
  let userToken: string;
  let adminToken: string;

  beforeAll(async () => {
    const [member, admin] = await Promise.all([createCompanyUser(), createCompanyUser({ role: "admin" })]);
    user = member;
    userToken = (await sessionFor(member.userId)).bearer;
    adminToken = (await sessionFor(admin.userId)).bearer;
  });

  test.prop([fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 20 })], { numRuns: 40 })(
    "come back verbatim as JSON",
    async (texts) => {
      const events = texts.map(([action, label, value]) => ({
        id: crypto.randomUUID(),
        eventType: "form_submit",
        sessionId: "fuzz",
        eventAction: action,
        eventLabel: label,
        metadata: { value },
      }));
      const { response, sent } = await callWeb(
        "/api/analytics/events",
        postJson({ events }, { authorization: `Bearer ${userToken}` }),
      );
      expect(response.status).toBe(202);
      const delivered = await deliver(sent.map((message) => message.body));
      expect(delivered.explicitAcks).toHaveLength(sent.length);

      const read = await callWeb(`/api/analytics/user/${user.userId}/events?limit=500`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(read.response.headers.get("content-type")).toMatch(/^application\/json/);
      const stored = new Map(
        (await read.response.json<{ data: { events: StoredEvent[] } }>()).data.events.map((e) => [e.id, e]),
      );
      for (const event of events) {
        expect(stored.get(event.id)).toMatchObject({
          eventAction: event.eventAction,
          eventLabel: event.eventLabel,
          metadata: event.metadata,
        });
      }
    },
  );

  test.prop([brokenText], { numRuns: 30 })(
    "refuses text no storage can hold, in Russian, and queues nothing",
    async (label) => {
      const event = { id: crypto.randomUUID(), eventType: "click", sessionId: "fuzz", eventLabel: label };
      const { response, sent } = await callWeb("/api/analytics/event", postJson(event));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        error: "Некорректные данные",
        message: "Текст содержит недопустимые символы (eventLabel)",
      });
      expect(sent).toEqual([]);
    },
  );
});

describe("a registered company's names", () => {
  it("come back verbatim from the API and show as text on the pages", async () => {
    const cases = [
      { firstName: "<script>alert(1)</script>", companyName: '"><img src=x onerror=alert(1)>' },
      { firstName: "Ёжик</b><b>", companyName: "ООО «Груз & Ко» <i>курсив</i>" },
    ];
    for (const [i, names] of cases.entries()) {
      const registration = {
        firstName: names.firstName,
        lastName: "Петрова",
        email: `verbatim.${crypto.randomUUID().slice(0, 8)}@example.ru`,
        phone: "+79001112233",
        password: "Verbatim2025",
        companyName: names.companyName,
      };
      const created = await callWeb(
        "/api/auth/register",
        postJson(registration, { "cf-connecting-ip": `198.51.100.${200 + i}` }),
      );
      expect(created.response.status).toBe(201);
      const { data } = await created.response.json<{
        data: { user: { id: string; firstName: string; company: { name: string } } };
      }>();
      expect(data.user.firstName).toBe(names.firstName);
      expect(data.user.company.name).toBe(names.companyName);

      const { cookie, bearer } = await sessionFor(data.user.id);
      const me = await callWeb("/api/auth/me", { headers: { authorization: `Bearer ${bearer}` } });
      expect(await me.response.json()).toMatchObject({
        data: { firstName: names.firstName, company: { name: names.companyName } },
      });
      const page = await (await callWeb("/dashboard", { headers: { cookie } })).response.text();
      expect(page).not.toContain(names.firstName);
      expect(page).not.toContain(names.companyName);
      expect(page).toContain(escapeHtml(names.firstName));
    }
  });
});

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
