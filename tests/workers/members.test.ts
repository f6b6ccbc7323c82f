// Members and invitations (issue 25 item 3; decision 0076): a director invites a colleague by
// e-mail with a role, the letter lands in the sandbox mailbox, its link's short registration
// joins the company; the members API and page are the director's, scoped to their company.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitations, sessions, users } from "../../db/schema";
import { INVITATION_TTL_MS } from "../../workers/core/members/members";
import { ROLE_REFUSAL } from "../../workers/core/members/roles";
import { hashToken } from "../../workers/core/auth/tokens";
import { SAME_ORIGIN } from "./page-actions";
import { callWeb, createCompanyUser, deliver, drain, postJson, sessionFor, testDb } from "./support";

const SANDBOX = new URL(env.EMAIL_API_URL).origin;
const PASSWORD = "Dispetcher2026";

type Letter = { to: string; subject: string; text: string; html: string; links: string[] };

async function mailbox(to: string): Promise<Letter[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/mail.json?to=${encodeURIComponent(to)}`);
  return (await response.json<{ letters: Letter[] }>()).letters;
}

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, ...headers },
  body: new URLSearchParams(fields),
  redirect: "manual",
});

const newAddress = () => `colleague.${crypto.randomUUID().slice(0, 8)}@example.ru`;

async function director() {
  const member = await createCompanyUser();
  const { bearer, cookie } = await sessionFor(member.userId);
  return { ...member, bearer, cookie, auth: { authorization: `Bearer ${bearer}` } };
}

async function invite(auth: Record<string, string>, email: string, role = "dispatcher") {
  return callWeb("/api/members/invitations", postJson({ email, role }, auth));
}

/** Invites through the API, delivers the queued letter and reads its link from the mailbox. */
async function invitedLink(auth: Record<string, string>, email = newAddress(), role = "dispatcher") {
  const { response, sent } = await invite(auth, email, role);
  expect(response.status).toBe(201);
  await drain(sent);
  const [letter] = await mailbox(email);
  expect(letter.subject).toMatch(/^Приглашение в кабинет «ООО «Тест .{4}»» — Рейс$/);
  const link = letter.links.find((l) => l.startsWith("http://reys.test/invite?token="));
  expect(link).toBeDefined();
  expect(letter.text).toContain(link);
  const path = link!.slice("http://reys.test".length);
  return { email, path, token: new URL(link!).searchParams.get("token")! };
}

const registration = (token: string, extra: Record<string, string> = {}) => ({
  token,
  firstName: "Ольга",
  lastName: "Смирнова",
  phone: "",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...extra,
});

const usersWith = (email: string) => testDb().select().from(users).where(eq(users.email, email));

async function members(auth: Record<string, string>) {
  const { response } = await callWeb("/api/members", { headers: auth });
  return {
    status: response.status,
    body: await response.json<{ data: { members: { id: string; email: string; role: string }[] } }>(),
  };
}

describe("an invitation", () => {
  it("goes by letter; its link's short registration joins the same company with the chosen role and signs in", async () => {
    const boss = await director();
    const { email, path, token } = await invitedLink(boss.auth, newAddress(), "dispatcher");

    // Listed as pending; opening the link changes nothing and shows the company.
    const listed = await callWeb("/api/members", { headers: boss.auth });
    expect(
      (await listed.response.json<{ data: { invitations: { email: string }[] } }>()).data.invitations,
    ).toEqual([expect.objectContaining({ email, role: "dispatcher" })]);
    const page = await callWeb(path);
    expect(page.response.status).toBe(200);
    const html = await page.response.text();
    expect(html).toContain("Присоединиться к компании");
    expect(html).toContain("диспетчер");
    expect(await usersWith(email)).toEqual([]);

    const accepted = await callWeb("/invite", formPost(registration(token, { phone: "+7 912 345-67-89" })));
    expect(accepted.response.status).toBe(302);
    expect(accepted.response.headers.get("location")).toBe("/dashboard");
    const cookie = accepted.response.headers
      .getSetCookie()
      .find((c) => c.startsWith("reys_session="))!
      .split(";")[0];
    expect((await callWeb("/dashboard", { headers: { cookie } })).response.status).toBe(200);

    const [colleague] = await usersWith(email);
    expect(colleague).toMatchObject({
      companyId: boss.companyId,
      companyRole: "dispatcher",
      role: "user",
      phone: "+79123456789",
    });
    expect(colleague.emailConfirmedAt).not.toBeNull();

    // The colleague signs in with the chosen password inside the same company.
    const login = await callWeb("/api/auth/login", postJson({ email, password: PASSWORD }));
    expect(login.response.status).toBe(200);
    const me = await login.response.json<{ data: { user: { company: { id: string } } } }>();
    expect(me.data.user.company.id).toBe(boss.companyId);

    // The director sees them listed with their role; the invitation is no longer pending.
    const after = await callWeb("/api/members", { headers: boss.auth });
    const { data } = await after.response.json<{
      data: {
        members: { email: string; role: string; lastActiveAt: string | null }[];
        invitations: unknown[];
      };
    }>();
    expect(data.members.map((m) => [m.email, m.role])).toEqual([
      [boss.email, "director"],
      [email, "dispatcher"],
    ]);
    expect(data.members[1].lastActiveAt).not.toBeNull();
    expect(data.invitations).toEqual([]);
  });

  it("a used, expired or unknown link is refused with a Russian page and nothing changes", async () => {
    const boss = await director();
    const used = await invitedLink(boss.auth);
    expect((await callWeb("/invite", formPost(registration(used.token)))).response.status).toBe(302);
    const again = await callWeb("/invite", formPost(registration(used.token, { firstName: "Пётр" })));
    expect(again.response.status).toBe(410);
    expect(await again.response.text()).toContain("Приглашение уже принято");
    expect((await callWeb(used.path)).response.status).toBe(410);
    expect((await usersWith(used.email)).map((u) => u.firstName)).toEqual(["Ольга"]);

    const late = await invitedLink(boss.auth);
    await testDb()
      .update(invitations)
      .set({
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - INVITATION_TTL_MS - 1000),
      })
      .where(eq(invitations.email, late.email));
    const expiredPage = await callWeb(late.path);
    expect(expiredPage.response.status).toBe(409);
    expect(await expiredPage.response.text()).toContain("Срок действия приглашения истёк");
    expect((await callWeb("/invite", formPost(registration(late.token)))).response.status).toBe(409);
    expect(await usersWith(late.email)).toEqual([]);

    const unknown = await callWeb("/invite", formPost(registration("not-a-token")));
    expect(unknown.response.status).toBe(404);
    expect(await unknown.response.text()).toContain("Ссылка-приглашение недействительна");
    expect((await callWeb("/invite?token=not-a-token")).response.status).toBe(404);
  });

  it("to an address already registered is refused with the reason, and no letter goes", async () => {
    const boss = await director();
    const stranger = await createCompanyUser();
    const elsewhere = await invite(boss.auth, stranger.email.toUpperCase());
    expect(elsewhere.response.status).toBe(409);
    expect((await elsewhere.response.json<{ error: string }>()).error).toContain("в другой компании");
    expect(elsewhere.sent).toEqual([]);

    const own = await invite(boss.auth, boss.email);
    expect(own.response.status).toBe(409);
    expect((await own.response.json<{ error: string }>()).error).toContain("уже работает в вашей компании");
    expect(
      await testDb().select().from(invitations).where(eq(invitations.companyId, boss.companyId)),
    ).toEqual([]);
  });

  it("a director whose address is unconfirmed cannot invite", async () => {
    const boss = await director();
    await testDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, boss.userId));
    const { response, sent } = await invite(boss.auth, newAddress());
    expect(response.status).toBe(403);
    expect((await response.json<{ error: string }>()).error).toContain("Подтвердите адрес электронной почты");
    expect(sent).toEqual([]);
  });

  it("an address registered after the invitation went cannot accept it: refused, the link kept unused", async () => {
    const boss = await director();
    const link = await invitedLink(boss.auth);
    await testDb()
      .update(users)
      .set({ email: link.email })
      .where(eq(users.id, (await createCompanyUser()).userId));
    const refused = await callWeb("/invite", formPost(registration(link.token)));
    expect(refused.response.status).toBe(409);
    expect(await refused.response.text()).toContain("Этот адрес уже зарегистрирован в Рейсе");
    const [row] = await testDb().select().from(invitations).where(eq(invitations.email, link.email));
    expect(row.usedAt).toBeNull();
  });
});

describe("the hourly auth.sweep", () => {
  it("deletes invitations dead for more than a week; a recently expired one still says it expired", async () => {
    const { companyId } = await createCompanyUser();
    const DAY_MS = 24 * 60 * 60 * 1000;
    const tokens = { old: crypto.randomUUID(), recent: crypto.randomUUID() };
    const made = (token: string, daysAgo: number) => ({
      hash: hashToken(token),
      companyId,
      email: newAddress(),
      role: "driver" as const,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS - INVITATION_TTL_MS),
      expiresAt: new Date(Date.now() - daysAgo * DAY_MS),
    });
    await testDb()
      .insert(invitations)
      .values([made(tokens.old, 8), made(tokens.recent, 1)]);
    const swept = await deliver([{ kind: "auth.sweep" }]);
    expect(swept.explicitAcks).toEqual(swept.ids);
    const left = await testDb().select().from(invitations).where(eq(invitations.companyId, companyId));
    expect(left.map((i) => i.hash)).toEqual([hashToken(tokens.recent)]);
    const page = await callWeb(`/invite?token=${tokens.recent}`);
    expect(page.response.status).toBe(409);
    expect(await page.response.text()).toContain("Срок действия приглашения истёк");
  });
});

/** A director's company with a colleague of `role` who has joined by invitation. */
async function teamWith(role: string) {
  const boss = await director();
  const link = await invitedLink(boss.auth, newAddress(), role);
  expect((await callWeb("/invite", formPost(registration(link.token)))).response.status).toBe(302);
  const [colleague] = await usersWith(link.email);
  return {
    boss,
    colleague,
    colleagueAuth: { authorization: `Bearer ${(await sessionFor(colleague.id)).bearer}` },
  };
}

describe("members", () => {
  it("are the director's only: a dispatcher or a driver is answered 403 and nothing changes", async () => {
    for (const role of ["dispatcher", "driver"]) {
      const { boss, colleague, colleagueAuth } = await teamWith(role);
      expect((await members(colleagueAuth)).status).toBe(403);
      const invited = await invite(colleagueAuth, newAddress());
      expect(invited.response.status).toBe(403);
      // The operations' role guard answers (decision 0077), before the invitation is looked at.
      expect((await invited.response.json<{ error: string }>()).error).toBe(ROLE_REFUSAL.error);
      const promote = await callWeb(`/api/members/${colleague.id}/role/director`, {
        method: "POST",
        headers: colleagueAuth,
      });
      expect(promote.response.status).toBe(403);
      const remove = await callWeb(`/api/members/${boss.userId}`, {
        method: "DELETE",
        headers: colleagueAuth,
      });
      expect(remove.response.status).toBe(403);
      const [after] = await usersWith(colleague.email);
      expect(after.companyRole).toBe(role);
      expect(await testDb().select().from(users).where(eq(users.id, boss.userId))).toHaveLength(1);
      // The page too, and the sidebar has no «Сотрудники» for them.
      const { cookie } = await sessionFor(colleague.id);
      expect((await callWeb("/members", { headers: { cookie } })).response.status).toBe(403);
      expect(await (await callWeb("/dashboard", { headers: { cookie } })).response.text()).not.toContain(
        'href="/members"',
      );
      expect(
        await (await callWeb("/dashboard", { headers: { cookie: boss.cookie } })).response.text(),
      ).toContain('href="/members"');
    }
  });

  it("a role changes; the last director can be neither demoted nor removed", async () => {
    const { boss, colleague, colleagueAuth } = await teamWith("dispatcher");
    const demoteSelf = await callWeb(`/api/members/${boss.userId}/role/driver`, {
      method: "POST",
      headers: boss.auth,
    });
    expect(demoteSelf.response.status).toBe(409);
    expect((await demoteSelf.response.json<{ error: string }>()).error).toContain(
      "хотя бы один руководитель",
    );
    const removeSelf = await callWeb(`/api/members/${boss.userId}`, { method: "DELETE", headers: boss.auth });
    expect(removeSelf.response.status).toBe(409);
    expect((await usersWith(boss.email))[0].companyRole).toBe("director");

    // With a second director, the first can step down; then the second is the last one.
    const promoted = await callWeb(`/api/members/${colleague.id}/role/director`, {
      method: "POST",
      headers: boss.auth,
    });
    expect(promoted.response.status).toBe(200);
    expect((await members(colleagueAuth)).status).toBe(200);
    const stepDown = await callWeb(`/api/members/${boss.userId}/role/dispatcher`, {
      method: "POST",
      headers: boss.auth,
    });
    expect(stepDown.response.status).toBe(200);
    expect((await members(boss.auth)).status).toBe(403);
    const last = await callWeb(`/api/members/${colleague.id}/role/driver`, {
      method: "POST",
      headers: colleagueAuth,
    });
    expect(last.response.status).toBe(409);
  });

  it("two directors demoting each other at once leave one director", async () => {
    const { boss, colleague, colleagueAuth } = await teamWith("director");
    const [a, b] = await Promise.all([
      callWeb(`/api/members/${colleague.id}/role/driver`, { method: "POST", headers: boss.auth }),
      callWeb(`/api/members/${boss.userId}/role/driver`, { method: "POST", headers: colleagueAuth }),
    ]);
    expect([a.response.status, b.response.status].sort()).toEqual([200, 409]);
    const roles = (await testDb().select().from(users).where(eq(users.companyId, boss.companyId))).map(
      (u) => u.companyRole,
    );
    expect(roles.filter((r) => r === "director")).toHaveLength(1);
  });

  it("removing a member ends their sessions at once: their cookie and token stop working", async () => {
    const { boss, colleague } = await teamWith("driver");
    const theirs = await sessionFor(colleague.id);
    expect(
      (await callWeb("/api/auth/me", { headers: { authorization: `Bearer ${theirs.bearer}` } })).response
        .status,
    ).toBe(200);
    const removed = await callWeb(`/api/members/${colleague.id}`, { method: "DELETE", headers: boss.auth });
    expect(removed.response.status).toBe(200);
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, colleague.id))).toEqual([]);
    expect(
      (await callWeb("/api/auth/me", { headers: { authorization: `Bearer ${theirs.bearer}` } })).response
        .status,
    ).toBe(401);
    const page = await callWeb("/dashboard", { headers: { cookie: theirs.cookie }, redirect: "manual" });
    expect(page.response.status).toBe(302);
    expect(
      (await callWeb("/api/auth/login", postJson({ email: colleague.email, password: PASSWORD }))).response
        .status,
    ).toBe(401);
    expect((await members(boss.auth)).body.data.members.map((m) => m.email)).toEqual([boss.email]);
  });

  it("another company's member is 404 and is left as it was", async () => {
    const { colleague } = await teamWith("dispatcher");
    const other = await director();
    for (const call of [
      callWeb(`/api/members/${colleague.id}/role/driver`, { method: "POST", headers: other.auth }),
      callWeb(`/api/members/${colleague.id}`, { method: "DELETE", headers: other.auth }),
    ]) {
      const { response } = await call;
      expect(response.status).toBe(404);
      expect((await response.json<{ error: string }>()).error).toBe("Сотрудник не найден");
    }
    expect((await usersWith(colleague.email))[0].companyRole).toBe("dispatcher");
  });

  it("the page lists members and acts on its forms: invite, change a role, remove", async () => {
    const { boss, colleague } = await teamWith("dispatcher");
    const page = await (await callWeb("/members", { headers: { cookie: boss.cookie } })).response.text();
    expect(page).toContain("Сотрудники компании");
    expect(page).toContain(colleague.email);
    const email = newAddress();
    const invited = await callWeb(
      "/members",
      formPost({ intent: "invite", email, role: "driver" }, { cookie: boss.cookie }),
    );
    expect(invited.response.status).toBe(200);
    expect(invited.sent).toHaveLength(1);
    const role = await callWeb(
      "/members",
      formPost({ intent: "role", memberId: colleague.id, role: "driver" }, { cookie: boss.cookie }),
    );
    expect(role.response.status).toBe(200);
    expect((await usersWith(colleague.email))[0].companyRole).toBe("driver");
    const removed = await callWeb(
      "/members",
      formPost({ intent: "remove", memberId: colleague.id }, { cookie: boss.cookie }),
    );
    expect(removed.response.status).toBe(200);
    expect(await usersWith(colleague.email)).toEqual([]);
    const alone = await director();
    expect(
      await (await callWeb("/members", { headers: { cookie: alone.cookie } })).response.text(),
    ).toContain("Кроме вас, в компании пока никого нет");
  });
});
