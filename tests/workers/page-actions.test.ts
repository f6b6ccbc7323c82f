// Page actions and bodies that are not forms (issue 20, item 9; decision 0045): every Remix
// action, as the server build lists them, refuses JSON, text, a body with no content type and a
// broken multipart with 415 or 400 and a Russian page, changing nothing; a form posted the
// way the site's own pages post it still reaches the action.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyRequisites } from "../../db/schema/finance";
import {
  companies,
  edoConnections,
  emailTokens,
  feedbackMessages,
  invitations,
  partnerLinks,
  platformConnections,
  sessions,
  throttleHits,
  users,
  x5Tokens,
} from "../../db/schema";
import { createSession } from "../../workers/core/auth/sessions";
import { hashToken } from "../../workers/core/auth/tokens";
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import { randomInn } from "../support/russian-ids";
import { ACTION_ROUTES, dataUrlOf, SAME_ORIGIN } from "./page-actions";
import {
  activeBank,
  callWeb,
  createCompanyUser,
  newPartnerLink,
  partnerLead,
  PLATFORM_DEMO,
  sessionFor,
  testDb,
} from "./support";

const unique = () => crypto.randomUUID().slice(0, 8);
let nextIp = 0;
/** Each request from its own address, so no per-IP limit decides an answer. */
const freshIp = () => `10.20.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

type ActionCase = {
  path: string;
  cookie?: string;
  /** A form this action acts on when it is posted as a form. */
  fields: Record<string, string>;
  /** What the action changes, read back; absent for an action that changes nothing. */
  state?: () => Promise<unknown>;
  /**
   * Whether the test posts `fields` as a form too, to see `state` change (so «changes nothing»
   * above could fail). Not where the form would sign in to a sandbox account other files own.
   */
  control: boolean;
};

async function signedIn() {
  const member = await createCompanyUser();
  const { cookie } = await sessionFor(member.userId);
  return { ...member, cookie };
}

const rowsOf = async (query: Promise<unknown[]>) => (await query).length;
const sessionsOf = (userId: string) =>
  rowsOf(testDb().select().from(sessions).where(eq(sessions.userId, userId)));
const usersWith = (email: string) => rowsOf(testDb().select().from(users).where(eq(users.email, email)));

/** An unconfirmed user with a live e-mail link of `kind` (decision 0073). */
async function emailLink(kind: "password_reset" | "email_confirmation") {
  const { userId, email } = await createCompanyUser({ password: "Gruz2025ok" });
  const token = crypto.randomUUID();
  const db = testDb();
  await db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId));
  await db.insert(emailTokens).values({
    hash: hashToken(token),
    kind,
    userId,
    email,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
  });
  return { userId, token };
}

/** One case per action route (by route id): a new action fails «has a case» until it gets one. */
const CASES: Record<string, () => Promise<ActionCase>> = {
  "routes/login": async () => {
    const password = "Gruz2025ok";
    const { userId, email } = await createCompanyUser({ password });
    return {
      path: "/login",
      fields: { email, password },
      state: () => sessionsOf(userId),
      control: true,
    };
  },
  "routes/register": async () => {
    const email = `page.${unique()}@example.ru`;
    return {
      path: "/register",
      fields: {
        firstName: "Ольга",
        lastName: "Кузнецова",
        email,
        phone: "+79123456789",
        password: "Gruz2025ok",
        confirmPassword: "Gruz2025ok",
        companyName: "ООО «Быстрый груз»",
        inn: randomInn(),
        kpp: "770701001",
        ogrn: "1027700132195",
      },
      state: () => usersWith(email),
      control: true,
    };
  },
  "routes/contact": async () => {
    const email = `contact.${unique()}@example.ru`;
    return {
      path: "/contact",
      fields: { name: "Ольга", email, message: "Хочу подключить автопарк" },
      state: () =>
        rowsOf(testDb().select().from(feedbackMessages).where(eq(feedbackMessages.userEmail, email))),
      control: true,
    };
  },
  "routes/partner.($hash)": async () => {
    const link = await newPartnerLink();
    const email = `lead.${unique()}@example.ru`;
    return {
      path: `/partner/${link.uniqueToken}`,
      fields: {
        token: link.uniqueToken,
        firstName: "Андрей",
        lastName: "Волков",
        email,
        phone: "+79123456789",
        password: "Vector2025!",
        companyName: "ООО «Вектор»",
        companyInn: randomInn(),
        companyAddress: "г Казань, ул Баумана, д 1",
        agreedToTerms: "on",
      },
      state: async () => ({
        users: await usersWith(email),
        used: (await testDb().select().from(partnerLinks).where(eq(partnerLinks.id, link.id)))[0].usedAt,
      }),
      control: true,
    };
  },
  "routes/forgot-password": async () => {
    const email = `page.${unique()}@example.ru`;
    return {
      path: "/forgot-password",
      fields: { email },
      // The request's throttle hit: the one thing the action writes whatever the address.
      state: () =>
        rowsOf(
          testDb()
            .select()
            .from(throttleHits)
            .where(eq(throttleHits.key, `reset:email:${email}`)),
        ),
      control: true,
    };
  },
  "routes/reset-password": async () => {
    const { userId, token } = await emailLink("password_reset");
    const password = "Novyi2026ok";
    return {
      path: "/reset-password",
      fields: { token, password, confirmPassword: password },
      state: async () => (await testDb().select().from(users).where(eq(users.id, userId)))[0].passwordHash,
      control: true,
    };
  },
  "routes/confirm-email": async () => {
    const { userId, token } = await emailLink("email_confirmation");
    return {
      path: "/confirm-email",
      fields: { token },
      state: async () =>
        (await testDb().select().from(users).where(eq(users.id, userId)))[0].emailConfirmedAt,
      control: true,
    };
  },
  "routes/invite": async () => {
    // A live invitation of a company's director (decision 0076): the form joins the company.
    const { companyId } = await createCompanyUser();
    const token = crypto.randomUUID();
    const email = `invited.${unique()}@example.ru`;
    await testDb()
      .insert(invitations)
      .values({
        hash: hashToken(token),
        companyId,
        email,
        role: "dispatcher",
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      });
    const password = "Novyi2026ok";
    return {
      path: "/invite",
      fields: {
        token,
        firstName: "Ольга",
        lastName: "Смирнова",
        phone: "",
        password,
        confirmPassword: password,
      },
      state: () => usersWith(email),
      control: true,
    };
  },
  "routes/_app.members": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/members",
      cookie,
      fields: { intent: "invite", email: `invited.${unique()}@example.ru`, role: "driver" },
      state: () => rowsOf(testDb().select().from(invitations).where(eq(invitations.companyId, companyId))),
      control: true,
    };
  },
  "routes/_app.profile_.data": async () => {
    const { userId } = await createCompanyUser({ password: "Gruz2025ok" });
    const { cookie } = await sessionFor(userId);
    return {
      path: "/profile/data",
      cookie,
      fields: { password: "Gruz2025ok" },
      state: () => rowsOf(testDb().select().from(users).where(eq(users.id, userId))),
      control: true,
    };
  },
  "routes/logout": async () => {
    const { userId, cookie } = await signedIn();
    return {
      path: "/logout",
      cookie,
      fields: {},
      state: () => sessionsOf(userId),
      control: true,
    };
  },
  "routes/_app.admin.feedback": async () => {
    const { cookie } = await sessionFor((await createCompanyUser({ role: "admin" })).userId);
    const author = await createCompanyUser();
    const id = crypto.randomUUID();
    await testDb().insert(feedbackMessages).values({
      id,
      userId: author.userId,
      userName: "Тест Тестов",
      userEmail: author.email,
      screen: "Заказы",
      message: "Не видно даты погрузки",
      createdAt: new Date(),
    });
    return {
      path: "/admin/feedback",
      cookie,
      fields: { id, done: "true" },
      state: async () =>
        (await testDb().select().from(feedbackMessages).where(eq(feedbackMessages.id, id)))[0].doneAt,
      control: true,
    };
  },
  "routes/_app.sessions": async () => {
    const { userId, cookie } = await signedIn();
    await createSession(testDb(), { userId, kind: "browser", now: Date.now() });
    return {
      path: "/sessions",
      cookie,
      fields: { intent: "end-others" },
      state: () => sessionsOf(userId),
      control: true,
    };
  },
  "routes/_app.profile._index": async () => {
    const { userId, cookie } = await signedIn();
    return {
      path: "/profile",
      cookie,
      fields: { intent: "profile", firstName: "Марина", lastName: "Волкова", phone: "+79161234567" },
      state: async () => (await testDb().select().from(users).where(eq(users.id, userId)))[0].firstName,
      control: true,
    };
  },
  "routes/_app.company": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/company",
      cookie,
      fields: { intent: "company", name: "ООО «Северный рейс»", inn: randomInn() },
      state: async () => (await testDb().select().from(companies).where(eq(companies.id, companyId)))[0],
      control: true,
    };
  },
  "routes/_app.partners": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/partners",
      cookie,
      fields: { intent: "create", ...partnerLead() },
      state: () => rowsOf(testDb().select().from(partnerLinks).where(eq(partnerLinks.companyId, companyId))),
      control: true,
    };
  },
  "routes/_app.finance": async () => {
    const { companyId, cookie } = await signedIn();
    const bank = await activeBank();
    return {
      path: "/finance?tab=requisites",
      cookie,
      fields: {
        intent: "requisites",
        settlementAccount: settlementAccountWithKey("40702810000000054321", bank.bic),
        bic: bank.bic,
        bankName: "Банк из справочника",
        correspondentAccount: bank.correspondentAccount,
      },
      state: () =>
        rowsOf(testDb().select().from(companyRequisites).where(eq(companyRequisites.companyId, companyId))),
      control: true,
    };
  },
  "routes/_app.platforms": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/platforms",
      cookie,
      fields: {
        intent: "connect",
        platform_id: "magnit",
        connection_name: "Магнит",
        "credentials.username": PLATFORM_DEMO.username,
        "credentials.password": PLATFORM_DEMO.password,
      },
      state: () =>
        rowsOf(
          testDb().select().from(platformConnections).where(eq(platformConnections.companyId, companyId)),
        ),
      control: true,
    };
  },
  "routes/_app.x5": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/x5",
      cookie,
      fields: { intent: "auth", userName: "carrier@x5.demo", password: "x5-demo-2025" },
      state: () => rowsOf(testDb().select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId))),
      control: true,
    };
  },
  "routes/_app.edo": async () => {
    const { companyId, cookie } = await signedIn();
    return {
      path: "/edo",
      cookie,
      // The sandbox's EDO accounts belong to other files (edo.test.ts, edo-orders.test.ts).
      fields: { intent: "connect", login: "demo-carrier", password: "edo-demo-2025" },
      state: () =>
        rowsOf(testDb().select().from(edoConnections).where(eq(edoConnections.companyId, companyId))),
      control: false,
    };
  },
  "routes/$": async () => ({ path: "/no-such-page", fields: {}, control: true }),
};

/** `fields` as multipart/form-data, as a browser serialises a FormData. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("attachment", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "act.pdf");
  const encoded = new Response(form);
  // Decoded by hand: Response.text() warns about a multipart body.
  return {
    type: encoded.headers.get("content-type")!,
    body: new TextDecoder().decode(await encoded.arrayBuffer()),
  };
}

const NOT_A_FORM = { status: 415, text: "Неподдерживаемый тип содержимого" };
const MALFORMED = { status: 400, text: "Некорректные данные формы" };

/** Bodies that are not a well-formed form, each with the answer it must get. */
async function notForms(fields: Record<string, string>) {
  const urlencoded = new URLSearchParams(fields).toString();
  const { type, body } = await multipart(fields);
  const [, boundary] = type.split("boundary=");
  return [
    { kind: "JSON", type: "application/json", body: JSON.stringify(fields), expected: NOT_A_FORM },
    // What `useSubmit` sends with encType "text/plain".
    { kind: "text", type: "text/plain;charset=UTF-8", body: urlencoded, expected: NOT_A_FORM },
    { kind: "no content type", body: new TextEncoder().encode(urlencoded), expected: NOT_A_FORM },
    { kind: "no content type, no body", expected: NOT_A_FORM },
    { kind: "XML", type: "application/xml", body: "<form/>", expected: NOT_A_FORM },
    {
      kind: "multipart with another boundary",
      type: "multipart/form-data; boundary=not-the-one-used",
      body,
      expected: MALFORMED,
    },
    { kind: "multipart without a boundary", type: "multipart/form-data", body, expected: MALFORMED },
    {
      kind: "multipart cut short",
      type,
      body: body.slice(0, body.indexOf(`--${boundary}`, 10) + 20),
      expected: MALFORMED,
    },
  ];
}

function post(path: string, cookie: string | undefined, init: { type?: string; body?: BodyInit }) {
  return callWeb(path, {
    method: "POST",
    headers: {
      ...SAME_ORIGIN,
      "cf-connecting-ip": freshIp(),
      ...(cookie ? { cookie } : {}),
      ...(init.type ? { "content-type": init.type } : {}),
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
    redirect: "manual",
  });
}

describe("page actions", () => {
  it("has a case for every route with an action in the server build", () => {
    expect(ACTION_ROUTES.map((route) => route.id).sort()).toEqual(Object.keys(CASES).sort());
  });

  describe.each(ACTION_ROUTES.map((route) => [route.id] as const))("%s", (id) => {
    it("refuses a body that is not a well-formed form with 415 or 400 and a Russian page, changing nothing", async () => {
      const action = await CASES[id]();
      const before = await action.state?.();
      for (const { kind, type, body, expected } of await notForms(action.fields)) {
        // The page's own URL (a form without scripts) and single fetch's (`<Form>`, fetchers).
        for (const path of [action.path, dataUrlOf(action.path)]) {
          const { response } = await post(path, action.cookie, { type, body });
          expect({ kind, path, status: response.status }).toEqual({ kind, path, status: expected.status });
          expect(response.headers.get("content-type")).toMatch(/^text\/html/);
          expect(await response.text()).toContain(expected.text);
        }
      }
      expect(await action.state?.()).toEqual(before);

      if (!action.control) return;
      // The same fields as a form: the action acts on them, so the state above could have changed.
      const { response } = await post(action.path, action.cookie, {
        type: "application/x-www-form-urlencoded",
        body: new URLSearchParams(action.fields),
      });
      expect(response.status).toBeLessThan(400);
      if (action.state) expect(await action.state()).not.toEqual(before);
    });
  });
});

describe("forms the site's own pages send", () => {
  it("still reach the action: urlencoded with a charset through single fetch, multipart on the page", async () => {
    const password = "Gruz2025ok";
    const { email } = await createCompanyUser({ password });
    // `useFetcher().submit()` and `<Form>`: fetch sends «application/x-www-form-urlencoded;charset=UTF-8».
    const viaFetch = await callWeb("/login.data", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "cf-connecting-ip": freshIp() },
      body: new URLSearchParams({ email, password }),
    });
    expect(viaFetch.response.status).toBeLessThan(400);
    expect(viaFetch.response.headers.getSetCookie().some((c) => c.startsWith("reys_session="))).toBe(true);

    const { type, body } = await multipart({ email, password });
    const { response } = await post("/login", undefined, { type, body });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("reys_session="))).toBe(true);
  });
});
