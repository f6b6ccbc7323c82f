// Personal data export and account deletion (152-ФЗ ст. 14, 21; issue 25 item 6; decision 0079):
// a user downloads what Рейс holds about them and deletes their account by password; the last
// member's company is erased by the hourly retention sweep after 30 days, keeping only what
// accounting law needs, without personal data.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  analyticsEvents,
  companies,
  companyRequisites,
  edoConnections,
  feedbackMessages,
  invitations,
  jobRuns,
  ledgerEntries,
  onboardingStates,
  partnerLinks,
  payments,
  platformConnections,
  platformOrders,
  quickPayments,
  sessions,
  userSettings,
  users,
  x5Tokens,
} from "../../db/schema";
import { hashPassword } from "../../workers/core/auth/passwords";
import { createLink } from "../../workers/core/partners/links";
import { CLOSED_COMPANY_RETENTION_DAYS } from "../../workers/core/privacy/erasure";
import { randomInn } from "../support/russian-ids";
import { SAME_ORIGIN } from "./page-actions";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  createOrderFor,
  deliver,
  partnerLead,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

const PASSWORD = "Udalit2026";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A company's director who signs in with PASSWORD, with a browser cookie and an API token. */
async function director() {
  const member = await createCompanyUser({ password: PASSWORD });
  const { cookie, bearer } = await sessionFor(member.userId);
  return { ...member, cookie, auth: { authorization: `Bearer ${bearer}` } };
}

/** A colleague in the same company with the role, who signs in with PASSWORD. */
async function colleague(
  companyId: string,
  companyRole: "dispatcher" | "driver" | "director" = "dispatcher",
) {
  const userId = crypto.randomUUID();
  const email = `colleague.${userId.slice(0, 8)}@example.ru`;
  await testDb()
    .insert(users)
    .values({
      id: userId,
      companyId,
      firstName: "Ольга",
      lastName: "Коллегова",
      email,
      phone: "+79165550000",
      companyRole,
      passwordHash: await hashPassword(PASSWORD),
      createdAt: new Date(),
      emailConfirmedAt: new Date(),
    });
  const { cookie, bearer } = await sessionFor(userId);
  return { userId, companyId, email, cookie, auth: { authorization: `Bearer ${bearer}` } };
}

/** What only this user has: a message, settings, onboarding, usage events and a payment. */
async function personalRows(userId: string, companyId: string, marker: string) {
  const now = new Date();
  await testDb().batch([
    testDb()
      .insert(feedbackMessages)
      .values({
        id: crypto.randomUUID(),
        userId,
        userName: "Тест Тестов",
        userEmail: `${marker}@example.ru`,
        screen: "dashboard",
        message: `Сообщение ${marker}`,
        createdAt: now,
      }),
    testDb().insert(userSettings).values({ userId, edoListView: "cards", updatedAt: now }),
    testDb()
      .insert(onboardingStates)
      .values({ userId, tourOutcome: "finished", tourDoneAt: now, updatedAt: now }),
    testDb().insert(analyticsEvents).values({
      id: crypto.randomUUID(),
      userId,
      sessionId: crypto.randomUUID(),
      eventType: "click",
      eventCategory: "profile",
      eventLabel: marker,
      createdAt: now,
      receivedAt: now,
    }),
    testDb()
      .insert(payments)
      .values({
        id: `pay-${marker}`,
        companyId,
        userId,
        planId: "start",
        description: "Тариф «Старт», 1 месяц",
        amountKopecks: 99_000,
        idempotenceKey: crypto.randomUUID(),
        returnUrl: "http://reys.test/payment/success",
        status: "succeeded",
        createdAt: now,
        updatedAt: now,
      }),
  ]);
}

async function exportOf(auth: Record<string, string>) {
  const { response } = await callWeb("/api/privacy/export", { headers: auth });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="reys-personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  const text = await response.text();
  return { text, data: JSON.parse(text) as Record<string, never> & Record<string, unknown> };
}

const deletion = (password: string, headers: Record<string, string>) =>
  callWeb("/api/privacy/delete", postJson({ password }, headers));

const rowsOf = async (userId: string) => {
  const db = testDb();
  const [user, own, feedback, settings, onboarding, events] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
    db.select({ id: feedbackMessages.id }).from(feedbackMessages).where(eq(feedbackMessages.userId, userId)),
    db.select({ id: userSettings.userId }).from(userSettings).where(eq(userSettings.userId, userId)),
    db
      .select({ id: onboardingStates.userId })
      .from(onboardingStates)
      .where(eq(onboardingStates.userId, userId)),
    db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(eq(analyticsEvents.userId, userId)),
  ]);
  return {
    user: user.length,
    sessions: own.length,
    feedback: feedback.length,
    settings: settings.length,
    onboarding: onboarding.length,
    events: events.length,
  };
};

/**
 * A dispatcher of the director's company with personal rows (personalRows, marked with their id)
 * and the invitation they accepted, which carries their address.
 */
async function dispatcherWithData(boss: { userId: string; companyId: string }) {
  const dispatcher = await colleague(boss.companyId);
  const marker = `m${dispatcher.userId.slice(0, 8)}`;
  await personalRows(dispatcher.userId, boss.companyId, marker);
  const now = new Date();
  const invitationHash = crypto.randomUUID();
  await testDb()
    .insert(invitations)
    .values({
      hash: invitationHash,
      companyId: boss.companyId,
      email: dispatcher.email,
      role: "dispatcher",
      invitedBy: boss.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DAY_MS),
      usedAt: now,
      userId: dispatcher.userId,
    });
  return { ...dispatcher, marker, invitationHash };
}

/** Nothing of the departed member is left, and the company's payment they made stays without them. */
async function expectDeparted(member: Awaited<ReturnType<typeof dispatcherWithData>>) {
  expect(await rowsOf(member.userId)).toEqual({
    user: 0,
    sessions: 0,
    feedback: 0,
    settings: 0,
    onboarding: 0,
    events: 0,
  });
  expect(
    await testDb().select().from(invitations).where(eq(invitations.hash, member.invitationHash)),
  ).toEqual([]);
  const [payment] = await testDb()
    .select()
    .from(payments)
    .where(eq(payments.id, `pay-${member.marker}`));
  expect(payment).toMatchObject({ companyId: member.companyId, userId: null, amountKopecks: 99_000 });
  expect((await callWeb("/api/auth/me", { headers: member.auth })).response.status).toBe(401);
}

describe("the personal data export", () => {
  it("holds the user's own data and the director's company's, nothing of another company and no secret", async () => {
    const boss = await director();
    const other = await director();
    const marker = `m${boss.userId.slice(0, 8)}`;
    const otherMarker = `m${other.userId.slice(0, 8)}`;
    await personalRows(boss.userId, boss.companyId, marker);
    await personalRows(other.userId, other.companyId, otherMarker);
    const lead = partnerLead();
    await createLink(
      testDb(),
      { companyId: boss.companyId, companyName: "ООО «Экспорт»", userId: boss.userId },
      lead,
      { source: "web_dashboard", now: Date.now() },
    );
    const otherLead = partnerLead();
    await createLink(
      testDb(),
      { companyId: other.companyId, companyName: "ООО «Чужая»", userId: other.userId },
      otherLead,
      { source: "web_dashboard", now: Date.now() },
    );
    await createConnectionFor(boss.companyId);
    const [sealed] = await testDb()
      .select({ credentials: platformConnections.credentials })
      .from(platformConnections)
      .where(eq(platformConnections.companyId, boss.companyId));

    const { text, data } = await exportOf(boss.auth);
    expect(data).toMatchObject({
      format: "reys-personal-data/1",
      user: { id: boss.userId, email: boss.email, firstName: "Тест", companyRole: "director" },
      settings: { edoListView: "cards" },
      onboarding: { tourOutcome: "finished" },
      feedback: [expect.objectContaining({ message: `Сообщение ${marker}` })],
      analyticsEvents: [expect.objectContaining({ eventLabel: marker, eventCategory: "profile" })],
      payments: [expect.objectContaining({ amountKopecks: 99_000, status: "succeeded" })],
      company: {
        partnerLinks: [expect.objectContaining({ contactEmail: lead.contactEmail })],
        platformConnections: [expect.objectContaining({ platformId: "magnit" })],
      },
    });
    expect((data.sessions as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain(sealed.credentials);
    for (const foreign of [other.email, other.userId, otherMarker, otherLead.contactEmail, other.companyId])
      expect(text).not.toContain(foreign);
  });

  it("gives a dispatcher their own data without the company's", async () => {
    const boss = await director();
    const dispatcher = await colleague(boss.companyId);
    await personalRows(boss.userId, boss.companyId, `m${boss.userId.slice(0, 8)}`);
    const { text, data } = await exportOf(dispatcher.auth);
    expect(data).toMatchObject({
      user: { email: dispatcher.email, companyRole: "dispatcher" },
      company: null,
    });
    expect(text).not.toContain(boss.email);
    expect(text).not.toContain(`m${boss.userId.slice(0, 8)}`);
  });

  it("is refused to a signed-out visitor", async () => {
    const { response } = await callWeb("/api/privacy/export");
    expect(response.status).toBe(401);
  });
});

describe("deleting an account", () => {
  it("with a wrong password refuses in Russian and changes nothing", async () => {
    const boss = await director();
    await personalRows(boss.userId, boss.companyId, `m${boss.userId.slice(0, 8)}`);
    const before = await rowsOf(boss.userId);
    const { response } = await deletion("Nepravilny1", boss.auth);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      success: false,
      error: "Неверный пароль. Аккаунт не удалён.",
    });
    expect(await rowsOf(boss.userId)).toEqual(before);
    expect((await callWeb("/api/auth/me", { headers: boss.auth })).response.status).toBe(200);
  });

  it("of a director whose company has other members answers 409 naming /members, and changes nothing", async () => {
    const boss = await director();
    const dispatcher = await colleague(boss.companyId);
    const { response } = await deletion(PASSWORD, boss.auth);
    expect(response.status).toBe(409);
    const body = await response.json<{ error: string }>();
    expect(body.error).toContain("/members");
    expect(body.error).toMatch(/передайте руководство/);
    expect((await rowsOf(boss.userId)).user).toBe(1);
    expect((await rowsOf(dispatcher.userId)).user).toBe(1);
    // Beside another director, a director may leave.
    await colleague(boss.companyId, "director");
    expect((await deletion(PASSWORD, boss.auth)).response.status).toBe(200);
  });

  it("removes the member's personal data and sessions at once; the company's payment stays without them; they cannot sign in again", async () => {
    const boss = await director();
    const dispatcher = await dispatcherWithData(boss);
    expect(await rowsOf(dispatcher.userId)).toEqual({
      user: 1,
      sessions: 2,
      feedback: 1,
      settings: 1,
      onboarding: 1,
      events: 1,
    });

    const { response } = await deletion(PASSWORD, dispatcher.auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      message: expect.stringMatching(/Аккаунт удалён/),
    });

    // Both their cookie and their token stop working; their e-mail and password open nothing.
    await expectDeparted(dispatcher);
    expect(
      (await callWeb("/dashboard", { headers: { cookie: dispatcher.cookie }, redirect: "manual" })).response
        .status,
    ).toBe(302);
    const login = await callWeb("/api/auth/login", postJson({ email: dispatcher.email, password: PASSWORD }));
    expect(login.response.status).toBe(401);
    // The company and its director are untouched.
    const [company] = await testDb().select().from(companies).where(eq(companies.id, boss.companyId));
    expect(company.closedAt).toBeNull();
    expect((await callWeb("/api/auth/me", { headers: boss.auth })).response.status).toBe(200);
  });

  it("by the last member closes the company: pending invitations go now, the rest waits for the sweep", async () => {
    const boss = await director();
    await testDb()
      .insert(invitations)
      .values({
        hash: crypto.randomUUID(),
        companyId: boss.companyId,
        email: `pending.${boss.userId.slice(0, 8)}@example.ru`,
        role: "driver",
        invitedBy: boss.userId,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + DAY_MS),
      });
    const connectionId = await createConnectionFor(boss.companyId);

    const { response } = await deletion(PASSWORD, { cookie: boss.cookie, ...SAME_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => /^reys_session=;/.test(c))).toBe(true);

    const [company] = await testDb().select().from(companies).where(eq(companies.id, boss.companyId));
    expect(company.closedAt).not.toBeNull();
    expect(
      await testDb().select().from(invitations).where(eq(invitations.companyId, boss.companyId)),
    ).toEqual([]);
    const [connection] = await testDb()
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connectionId));
    expect(connection.credentials).not.toBe("");
    // Nobody is left to work for: the hourly refresh leaves its platforms alone.
    const queue = recordingQueue();
    await deliver([{ kind: "platforms.refresh" }], { env: { JOBS: queue.queue } });
    expect(await testDb().select().from(jobRuns).where(eq(jobRuns.subjectId, connectionId))).toEqual([]);
  });
});

describe("a member removed by a director (decision 0079, addendum)", () => {
  it("loses their personal data as a self-deleted account does; the company's payment stays without them", async () => {
    const boss = await director();
    const dispatcher = await dispatcherWithData(boss);
    const { response } = await callWeb(`/api/members/${dispatcher.userId}`, {
      method: "DELETE",
      headers: boss.auth,
    });
    expect(response.status).toBe(200);
    await expectDeparted(dispatcher);
    expect((await callWeb("/api/auth/me", { headers: boss.auth })).response.status).toBe(200);
  });
});

describe("a closed company's INN (decision 0079, addendum)", () => {
  const registration = (inn: string, email: string) => ({
    firstName: "Ольга",
    lastName: "Кузнецова",
    email,
    phone: "+7 (912) 345-67-89",
    password: PASSWORD,
    companyName: "ООО «Снова в деле»",
    inn,
    kpp: "",
    ogrn: "",
    address: "г. Самара",
  });
  const register = (inn: string, email: string) =>
    callWeb("/api/auth/register", postJson(registration(inn, email)));

  it("registers again after the last member deleted their account; the closed company keeps its INN and ledger", async () => {
    const inn = randomInn();
    const email = `again.${crypto.randomUUID().slice(0, 8)}@example.ru`;
    const first = await register(inn, email);
    expect(first.response.status).toBe(201);
    const [user] = await testDb().select().from(users).where(eq(users.email, email));
    const ledgerId = crypto.randomUUID();
    await testDb()
      .insert(ledgerEntries)
      .values({
        id: ledgerId,
        companyId: user.companyId,
        movementId: `payment:${user.companyId}`,
        type: "payment",
        status: "completed",
        amountKopecks: 99_000,
        description: "Оплата тарифа",
        createdAt: new Date(),
      });
    // While the company is open, its INN is taken.
    expect((await register(inn, `other.${crypto.randomUUID().slice(0, 8)}@example.ru`)).response.status).toBe(
      409,
    );
    const { bearer } = await sessionFor(user.id);
    const deleted = await deletion(PASSWORD, { authorization: `Bearer ${bearer}` });
    expect(deleted.response.status).toBe(200);
    const [closed] = await testDb().select().from(companies).where(eq(companies.id, user.companyId));
    expect(closed.closedAt).not.toBeNull();

    const again = await register(inn, email);
    expect(again.response.status).toBe(201);
    const login = await callWeb("/api/auth/login", postJson({ email, password: PASSWORD }));
    expect(login.response.status).toBe(200);
    const fresh = await testDb().select().from(companies).where(eq(companies.inn, inn));
    expect(fresh).toHaveLength(2);
    const reopened = fresh.find((company) => company.id !== user.companyId)!;
    expect(reopened.closedAt).toBeNull();
    // The closed company still names the INN its accounting records were made under, and keeps them.
    expect(fresh.find((company) => company.id === user.companyId)).toMatchObject({
      inn,
      closedAt: closed.closedAt,
    });
    expect(
      await testDb().select().from(ledgerEntries).where(eq(ledgerEntries.companyId, user.companyId)),
    ).toEqual([expect.objectContaining({ id: ledgerId, amountKopecks: 99_000 })]);
    expect(
      await testDb().select().from(ledgerEntries).where(eq(ledgerEntries.companyId, reopened.id)),
    ).toEqual([]);
    // The new company is open: its INN is taken again.
    expect((await register(inn, `third.${crypto.randomUUID().slice(0, 8)}@example.ru`)).response.status).toBe(
      409,
    );
  });
});

describe("the retention sweep of a closed company", () => {
  /** A company whose last member left `daysAgo` days ago, with credentials and personal data. */
  async function closedCompany(daysAgo: number, options: { accounting?: boolean; paidOrder?: boolean } = {}) {
    const { companyId, userId } = await createCompanyUser();
    const db = testDb();
    const now = Date.now();
    const connectionId = await createConnectionFor(companyId);
    const orderId = await createOrderFor(companyId, { connectionId });
    await db
      .update(companies)
      .set({ address: "г Самара, ул Заводская, д 12" })
      .where(eq(companies.id, companyId));
    const lead = partnerLead();
    await createLink(db, { companyId, companyName: "ООО «Закрыта»", userId }, lead, {
      source: "web_dashboard",
      now,
    });
    await db.batch([
      db.insert(companyRequisites).values({
        companyId,
        account: "40702810900000000001",
        bik: "044525225",
        bankName: "ПАО Сбербанк",
        correspondentAccount: "30101810400000000225",
        updatedAt: new Date(now),
      }),
      db.insert(x5Tokens).values({
        companyId,
        userName: "carrier@x5.demo",
        token: "sealed-x5-token",
        expiresAt: new Date(now + DAY_MS),
        createdAt: new Date(now),
      }),
      db.insert(edoConnections).values({
        id: crypto.randomUUID(),
        companyId,
        login: "carrier-edo",
        token: "sealed-edo-token",
        tokenExpiresAt: new Date(now + DAY_MS),
        userName: "Иван Перевозов",
        shortName: "ООО «Закрыта»",
        companyName: "ООО «Закрыта»",
        createdAt: new Date(now),
      }),
      ...(options.accounting
        ? [
            db.insert(ledgerEntries).values({
              id: crypto.randomUUID(),
              companyId,
              movementId: `payment:${companyId}`,
              type: "payment",
              status: "completed",
              amountKopecks: 99_000,
              description: "Оплата тарифа",
              createdAt: new Date(now - 40 * DAY_MS),
            }),
          ]
        : []),
    ]);
    // An order a quick payment was for: an accounting record, with its people's contacts on it.
    const paidOrderId = options.paidOrder ? await createOrderFor(companyId, { connectionId }) : null;
    if (paidOrderId) {
      await db
        .update(platformOrders)
        .set({ pickupContactName: "Пётр Отгрузкин", pickupContactPhone: "+79160001122" })
        .where(eq(platformOrders.id, paidOrderId));
      await db.insert(quickPayments).values({
        id: crypto.randomUUID(),
        companyId,
        orderId: paidOrderId,
        platformId: "magnit",
        amountKopecks: 4_825_050,
        feeRateBp: 200,
        feeKopecks: 96_501,
        netKopecks: 4_728_549,
        status: "paid_out",
        consentAt: new Date(now - 40 * DAY_MS),
        requestedAt: new Date(now - 40 * DAY_MS),
        updatedAt: new Date(now - 40 * DAY_MS),
      });
    }
    // The last member deleted their account.
    await db.delete(users).where(eq(users.id, userId));
    await db
      .update(companies)
      .set({ closedAt: new Date(now - daysAgo * DAY_MS) })
      .where(eq(companies.id, companyId));
    return { companyId, connectionId, orderId, paidOrderId, lead };
  }

  async function leftOf(companyId: string) {
    const db = testDb();
    const [company, requisites, x5, edo, connections, links, ledger] = await db.batch([
      db.select().from(companies).where(eq(companies.id, companyId)),
      db.select().from(companyRequisites).where(eq(companyRequisites.companyId, companyId)),
      db.select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId)),
      db.select().from(edoConnections).where(eq(edoConnections.companyId, companyId)),
      db.select().from(platformConnections).where(eq(platformConnections.companyId, companyId)),
      db.select().from(partnerLinks).where(eq(partnerLinks.companyId, companyId)),
      db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId)),
    ]);
    return { company: company[0], requisites, x5, edo, connections, links, ledger };
  }

  it(`keeps everything before ${CLOSED_COMPANY_RETENTION_DAYS} days, then erases personal data and credentials, keeping the accounting records without them`, async () => {
    const young = await closedCompany(CLOSED_COMPANY_RETENTION_DAYS - 1, { accounting: true });
    const due = await closedCompany(CLOSED_COMPANY_RETENTION_DAYS + 1, { accounting: true, paidOrder: true });

    const result = await deliver([{ kind: "retention.sweep" }]);
    expect(result.explicitAcks).toHaveLength(1);

    const kept = await leftOf(young.companyId);
    expect(kept.company).toMatchObject({ erasedAt: null, address: "г Самара, ул Заводская, д 12" });
    expect(
      [kept.requisites, kept.x5, kept.edo, kept.connections, kept.links].map((rows) => rows.length),
    ).toEqual([1, 1, 1, 1, 1]);

    const erased = await leftOf(due.companyId);
    expect(erased.company.erasedAt).not.toBeNull();
    expect(erased.company.address).toBeNull();
    expect([erased.requisites, erased.x5, erased.edo, erased.links]).toEqual([[], [], [], []]);
    // The order a quick payment was for stays without its contacts; its connection without its login.
    const orders = await testDb()
      .select()
      .from(platformOrders)
      .where(eq(platformOrders.companyId, due.companyId));
    expect(orders.map((order) => order.id)).toEqual([due.paidOrderId]);
    expect(orders[0]).toMatchObject({ pickupContactName: null, pickupContactPhone: null });
    expect(erased.connections).toEqual([
      expect.objectContaining({ id: due.connectionId, credentials: "", connectionName: "" }),
    ]);
    // 402-ФЗ: the ledger stays, naming the company, not a person.
    expect(erased.ledger).toHaveLength(1);
    expect(JSON.stringify(erased)).not.toContain(due.lead.contactEmail);
  });

  it("deletes an erased company once its accounting records are past the five years 402-ФЗ keeps them", async () => {
    const old = await closedCompany(CLOSED_COMPANY_RETENTION_DAYS + 1, { accounting: true });
    await deliver([{ kind: "retention.sweep" }]);
    expect((await leftOf(old.companyId)).company.erasedAt).not.toBeNull();
    // The ledger entry dated back into the sixth year before this one: nothing needs keeping.
    const sixYearsAgo = new Date(Date.UTC(new Date().getUTCFullYear() - 6, 5, 1));
    await testDb()
      .update(ledgerEntries)
      .set({ createdAt: sixYearsAgo })
      .where(eq(ledgerEntries.companyId, old.companyId));
    await deliver([{ kind: "retention.sweep" }]);
    const left = await leftOf(old.companyId);
    expect(left.company).toBeUndefined();
    expect(left.ledger).toEqual([]);
  });

  it("deletes a closed company with no accounting record to keep altogether", async () => {
    const due = await closedCompany(CLOSED_COMPANY_RETENTION_DAYS + 1);
    await deliver([{ kind: "retention.sweep" }]);
    const left = await leftOf(due.companyId);
    expect(left.company).toBeUndefined();
    expect([left.requisites, left.x5, left.edo, left.connections, left.links].flat()).toEqual([]);
  });
});

describe("the «Мои данные» page", () => {
  const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...SAME_ORIGIN },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

  it("offers the download and the deletion, and tells a director with colleagues to hand over first", async () => {
    const boss = await director();
    const alone = await callWeb("/profile/data", { headers: { cookie: boss.cookie } });
    expect(alone.response.status).toBe(200);
    const html = await alone.response.text();
    expect(html).toContain("Мои данные");
    expect(html).toContain('href="/api/privacy/export"');
    expect(html).toContain("Удалить аккаунт навсегда");
    expect(html).not.toContain("Сначала передайте руководство");
    await colleague(boss.companyId);
    const withColleague = await callWeb("/profile/data", { headers: { cookie: boss.cookie } });
    expect(await withColleague.response.text()).toContain("Сначала передайте руководство");
  });

  it("refuses a wrong password on the page, then deletes and signs out to a page that says so", async () => {
    const boss = await director();
    const wrong = await callWeb("/profile/data", form(boss.cookie, { password: "Nepravilny1" }));
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.text()).toContain("Неверный пароль. Аккаунт не удалён.");
    expect((await rowsOf(boss.userId)).user).toBe(1);

    const right = await callWeb("/profile/data", form(boss.cookie, { password: PASSWORD }));
    expect(right.response.status).toBe(302);
    expect(right.response.headers.get("location")).toBe("/account-deleted");
    expect(right.response.headers.getSetCookie().some((c) => /^reys_session=;/.test(c))).toBe(true);
    expect(await rowsOf(boss.userId)).toMatchObject({ user: 0, sessions: 0 });
    const landing = await callWeb("/account-deleted");
    expect(landing.response.status).toBe(200);
    expect(await landing.response.text()).toContain("Аккаунт удалён");
    const again = await callWeb("/dashboard", { headers: { cookie: boss.cookie }, redirect: "manual" });
    expect(again.response.status).toBe(302);
  });
});

describe("the privacy policy", () => {
  it("says what is exported, what deletion removes and when, what is kept and why, and where to do it", async () => {
    const { response } = await callWeb("/privacy");
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/<!-- -->/g, "");
    for (const promise of [
      "9. Копия данных и удаление аккаунта",
      "/profile/data",
      "скачать копию своих данных",
      "сразу</strong> завершаются все сеансы",
      `через ${CLOSED_COMPANY_RETENTION_DAYS} дней — реквизиты и адрес компании, логины к платформам`,
      "402-ФЗ «О бухгалтерском учёте»",
      "но не\n            имена, email и телефоны пользователей",
    ])
      expect(text.replace(/\s+/g, " ")).toContain(promise.replace(/\s+/g, " "));
    expect(text).not.toContain("затем 3 года (срок исковой давности)");
  });
});
