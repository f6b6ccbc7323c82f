// Profile and company (issue 25 item 5; decision 0078): a user changes their name and phone and
// password (which ends their other sessions); a director keeps the company's card, whose ИНН is
// fixed once documents verified it. Each company sees only its own; other roles get 403.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, quickPayments, sessions, users } from "../../db/schema";
import { randomInn } from "../support/russian-ids";
import { SAME_ORIGIN } from "./page-actions";
import {
  callWeb,
  createCompanyUser,
  createOrderFor,
  mirrorEdoDocuments,
  operatorDocuments,
  postJson,
  sessionFor,
  testDb,
} from "./support";

const PASSWORD = "Gruz2025ok";
const NEW_PASSWORD = "Novyi2026ok";
let nextIp = 0;

async function member(options: { password?: string; role?: "director" | "dispatcher" | "driver" } = {}) {
  const user = await createCompanyUser({ password: options.password });
  if (options.role)
    await testDb().update(users).set({ companyRole: options.role }).where(eq(users.id, user.userId));
  const { bearer, cookie } = await sessionFor(user.userId);
  return { ...user, cookie, auth: { authorization: `Bearer ${bearer}` } };
}

const formPost = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, cookie },
  body: new URLSearchParams(fields),
  redirect: "manual",
});

const page = async (path: string, cookie: string) => {
  const { response } = await callWeb(path, { headers: { cookie } });
  return { status: response.status, html: await response.text() };
};

const loginStatus = async (email: string, password: string) =>
  (
    await callWeb(
      "/api/auth/login",
      postJson({ email, password }, { "cf-connecting-ip": `10.31.${nextIp >> 8}.${nextIp++ & 255}` }),
    )
  ).response.status;

const userRow = async (userId: string) =>
  (await testDb().select().from(users).where(eq(users.id, userId)))[0];

describe("the profile", () => {
  it("changes name and phone, seen on the next load of the API, the page and its header", async () => {
    const me = await member();
    const saved = await callWeb(
      "/api/profile",
      postJson({ firstName: "Марина", lastName: "Волкова", phone: "+7 (916) 123-45-67" }, me.auth),
    );
    expect(saved.response.status).toBe(200);
    expect(await saved.response.json()).toMatchObject({
      message: "Данные профиля сохранены.",
      data: { firstName: "Марина", lastName: "Волкова", phone: "+79161234567", emailConfirmed: true },
    });
    const read = await callWeb("/api/profile", { headers: me.auth });
    expect(await read.response.json()).toEqual({
      success: true,
      data: {
        firstName: "Марина",
        lastName: "Волкова",
        email: me.email,
        emailConfirmed: true,
        phone: "+79161234567",
        role: "director",
      },
    });
    const shown = await page("/profile", me.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('value="Марина"');
    expect(shown.html).toMatch(/data-testid="user-name">Марина(<!-- -->)? (<!-- -->)?Волкова/);
    expect(shown.html).toContain("Мои данные");
    expect(shown.html).toContain('href="/profile/data"');

    // The page's form does the same.
    const form = await callWeb(
      "/profile",
      formPost(
        { intent: "profile", firstName: "Ирина", lastName: "Волкова", phone: "+79161234568" },
        me.cookie,
      ),
    );
    expect(form.response.status).toBe(200);
    expect(await userRow(me.userId)).toMatchObject({ firstName: "Ирина", phone: "+79161234568" });
  });

  it("refuses a bad phone or a short name with the Russian reason and changes nothing", async () => {
    const me = await member();
    const before = await userRow(me.userId);
    const bad = await callWeb(
      "/api/profile",
      postJson({ firstName: "Марина", lastName: "Волкова", phone: "0123" }, me.auth),
    );
    expect(bad.response.status).toBe(400);
    expect(JSON.stringify(await bad.response.json())).toContain("Введите корректный номер телефона");
    const form = await callWeb(
      "/profile",
      formPost({ intent: "profile", firstName: "М", lastName: "Волкова", phone: "12-ab" }, me.cookie),
    );
    expect(form.response.status).toBe(400);
    const html = await form.response.text();
    expect(html).toContain("Введите корректный номер телефона");
    expect(html).toContain("Имя должно содержать минимум 2 символа");
    expect(await userRow(me.userId)).toEqual(before);
  });

  it("shows the address's confirmation and offers the letter again while unconfirmed", async () => {
    const me = await member();
    await testDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, me.userId));
    const shown = await page("/profile", me.cookie);
    expect(shown.html).toContain("Не подтверждён");
    expect(shown.html).toContain('action="/confirm-email"');
    expect(await (await callWeb("/api/profile", { headers: me.auth })).response.json()).toMatchObject({
      data: { emailConfirmed: false },
    });
  });

  it("changes the password: every other session ends, the old password stops working", async () => {
    const me = await member({ password: PASSWORD });
    const other = await sessionFor(me.userId);
    const wrong = await callWeb(
      "/api/profile/password",
      postJson(
        { currentPassword: "Wrong2025ok", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        me.auth,
      ),
    );
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.json()).toMatchObject({ error: "Текущий пароль указан неверно" });
    const weak = await callWeb(
      "/api/profile/password",
      postJson({ currentPassword: PASSWORD, password: "novyi2026", confirmPassword: "novyi2026" }, me.auth),
    );
    expect(weak.response.status).toBe(400);
    expect(JSON.stringify(await weak.response.json())).toContain(
      "Пароль должен содержать заглавную букву, строчную букву и цифру",
    );
    // Not an object at all: refused like any bad body, not a server error.
    for (const body of ["null", '"Novyi2026ok"', "[]"]) {
      const odd = await callWeb("/api/profile/password", {
        method: "POST",
        headers: { ...me.auth, "content-type": "application/json" },
        body,
      });
      expect(odd.response.status, body).toBe(400);
    }
    expect(await loginStatus(me.email, PASSWORD)).toBe(200);

    const changed = await callWeb(
      "/api/profile/password",
      postJson({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, me.auth),
    );
    expect(changed.response.status).toBe(200);
    expect(await changed.response.json()).toMatchObject({
      data: { changed: true },
      message: "Пароль изменён. Остальные входы в кабинет завершены.",
    });
    // The caller's own session goes on; the other browser and the other token are signed out.
    expect((await callWeb("/api/profile", { headers: me.auth })).response.status).toBe(200);
    expect((await callWeb("/api/auth/me", { headers: { cookie: other.cookie } })).response.status).toBe(401);
    expect(
      (await callWeb("/api/auth/me", { headers: { authorization: `Bearer ${other.bearer}` } })).response
        .status,
    ).toBe(401);
    expect(await loginStatus(me.email, PASSWORD)).toBe(401);
    expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);
  });

  it("changes the password from the page: the wrong current one is said on its field, the right one keeps only this browser", async () => {
    const me = await member({ password: PASSWORD });
    await sessionFor(me.userId);
    const fields = { intent: "password", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const wrong = await callWeb(
      "/profile",
      formPost({ ...fields, currentPassword: "Wrong2025ok" }, me.cookie),
    );
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.text()).toContain("Текущий пароль указан неверно");
    const right = await callWeb("/profile", formPost({ ...fields, currentPassword: PASSWORD }, me.cookie));
    expect(right.response.status).toBe(200);
    const left = await testDb().select().from(sessions).where(eq(sessions.userId, me.userId));
    expect(left).toHaveLength(1);
    expect((await page("/profile", me.cookie)).status).toBe(200);
    expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);
  });

  it("is the page /sessions shows too, with its sessions list", async () => {
    const me = await member();
    const shown = await page("/sessions", me.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Активные сеансы");
    expect(shown.html).toContain("Смена пароля");
  });
});

describe("the company page and API", () => {
  const card = (inn: string) => ({
    name: "ООО «Северный рейс»",
    inn,
    kpp: "770701001",
    ogrn: "1027700132195",
    address: "г Москва, ул Лесная, д 5",
  });

  it("saves the director's card, shown to their company alone", async () => {
    const a = await member();
    const b = await member();
    const inn = randomInn();
    const saved = await callWeb("/api/company", postJson(card(inn), a.auth));
    expect(saved.response.status).toBe(200);
    expect(await saved.response.json()).toMatchObject({
      data: { ...card(inn), innVerified: false },
      message: "Данные компании сохранены.",
    });
    const theirs = await callWeb("/api/company", { headers: b.auth });
    const body = JSON.stringify(await theirs.response.json());
    expect(body).not.toContain(inn);
    expect(body).not.toContain("Северный рейс");
    const own = await page("/company", a.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain(inn);
    expect(own.html).toContain("Реквизиты для выплат");
    const other = await page("/company", b.cookie);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain(inn);
    expect(other.html).not.toContain("Северный рейс");
  });

  it("refuses a bad INN, another company's INN, and a verified INN's change, in Russian, changing nothing", async () => {
    const a = await member();
    const b = await member();
    const inn = randomInn();
    expect((await callWeb("/api/company", postJson(card(inn), a.auth))).response.status).toBe(200);
    const before = (await testDb().select().from(companies).where(eq(companies.id, b.companyId)))[0];

    const checksum = await callWeb(
      "/api/company",
      postJson(card(`${inn.slice(0, 9)}${(Number(inn[9]) + 1) % 10}`), b.auth),
    );
    expect(checksum.response.status).toBe(400);
    expect(JSON.stringify(await checksum.response.json())).toContain("Неверная контрольная сумма ИНН");
    const taken = await callWeb("/api/company", postJson(card(inn), b.auth));
    expect(taken.response.status).toBe(409);
    expect(await taken.response.json()).toMatchObject({
      error:
        "Компания с таким ИНН уже зарегистрирована в Рейсе. Если это ваша компания, напишите в поддержку.",
    });
    expect((await testDb().select().from(companies).where(eq(companies.id, b.companyId)))[0]).toEqual(before);

    // A quick payment approved with A's INN verifies it: it no longer changes, the rest still does.
    const orderId = await createOrderFor(a.companyId);
    const now = new Date();
    await testDb().insert(quickPayments).values({
      id: crypto.randomUUID(),
      companyId: a.companyId,
      orderId,
      platformId: "magnit",
      amountKopecks: 4_825_050,
      feeRateBp: 200,
      feeKopecks: 96_501,
      netKopecks: 4_728_549,
      status: "approved",
      consentAt: now,
      requestedAt: now,
      approvedAt: now,
      updatedAt: now,
    });
    const fixed = await callWeb(
      "/api/company",
      postJson({ ...card(randomInn()), name: "ООО «Другое»" }, a.auth),
    );
    expect(fixed.response.status).toBe(409);
    expect(await fixed.response.json()).toMatchObject({
      error: expect.stringContaining("ИНН уже подтверждён"),
    });
    const row = (await testDb().select().from(companies).where(eq(companies.id, a.companyId)))[0];
    expect(row).toMatchObject({ inn, name: "ООО «Северный рейс»" });
    const renamed = await callWeb(
      "/api/company",
      postJson({ ...card(inn), name: "ООО «Северный рейс 2»" }, a.auth),
    );
    expect(renamed.response.status).toBe(200);
    expect(await renamed.response.json()).toMatchObject({
      data: { innVerified: true, name: "ООО «Северный рейс 2»" },
    });
    const shown = await page("/company", a.cookie);
    expect(shown.html).toContain("ИНН подтверждён документами");
    expect(shown.html).toMatch(/name="inn"[^>]*readOnly|readonly[^>]*name="inn"/i);
  });

  it("fixes the INN once a waybill of the company's own EDO account names it as carrier with it", async () => {
    const a = await member();
    const inn = randomInn();
    expect((await callWeb("/api/company", postJson(card(inn), a.auth))).response.status).toBe(200);
    const [doc] = await operatorDocuments("demo-carrier", { limit: "5", category: "ETRN" });
    // The operator's waybill as the company's account would have it: the company is the carrier.
    const tk = { accName: "ООО «Северный рейс»", kpp: null, ...doc.info.tk, inn };
    // Deleted waybills do not count; a live one does.
    await mirrorEdoDocuments(a.companyId, [
      { ...doc, id: `${doc.id}-gone`, deleted: true, info: { ...doc.info, tk } },
    ]);
    expect((await callWeb("/api/company", postJson(card(randomInn()), a.auth))).response.status).toBe(200);
    expect((await callWeb("/api/company", postJson(card(inn), a.auth))).response.status).toBe(200);
    await mirrorEdoDocuments(a.companyId, [{ ...doc, deleted: false, info: { ...doc.info, tk } }]);
    const fixed = await callWeb("/api/company", postJson(card(randomInn()), a.auth));
    expect(fixed.response.status).toBe(409);
    expect(await (await callWeb("/api/company", { headers: a.auth })).response.json()).toMatchObject({
      data: { inn, innVerified: true },
    });
  });

  it("answers a dispatcher and a driver 403 on the API and the page, changing nothing", async () => {
    for (const role of ["dispatcher", "driver"] as const) {
      const user = await member({ role });
      const before = (await testDb().select().from(companies).where(eq(companies.id, user.companyId)))[0];
      const read = await callWeb("/api/company", { headers: user.auth });
      expect(read.response.status).toBe(403);
      expect(await read.response.json()).toMatchObject({
        success: false,
        error: expect.stringMatching(/[А-Яа-яЁё]/),
      });
      const write = await callWeb("/api/company", postJson(card(randomInn()), user.auth));
      expect(write.response.status).toBe(403);
      expect((await page("/company", user.cookie)).status).toBe(403);
      const form = await callWeb(
        "/company",
        formPost({ intent: "company", ...card(randomInn()) }, user.cookie),
      );
      expect(form.response.status).toBe(403);
      expect((await testDb().select().from(companies).where(eq(companies.id, user.companyId)))[0]).toEqual(
        before,
      );
      // Their own profile is theirs to change.
      expect((await callWeb("/api/profile", { headers: user.auth })).response.status).toBe(200);
      expect((await page("/profile", user.cookie)).html).not.toContain('href="/company"');
    }
  });
});
