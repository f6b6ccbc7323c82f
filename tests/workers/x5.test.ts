import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { x5Tokens } from "../../db/schema";
import { seal } from "../../workers/core/crypto/secret-box";
import { callWeb, createCompanyUser, postJson, sessionFor, testDb } from "./support";

const X5_LOGIN = { userName: "carrier@x5.demo", password: "x5-demo-2025" };

/** X5 out of reach (nothing listens on port 1), for this call only: other files share the sandbox. */
const X5_DOWN = { X5_API_URL: "http://127.0.0.1:1" };

let token: string;
let companyId: string;
const auth = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  const user = await createCompanyUser();
  companyId = user.companyId;
  token = (await sessionFor(user.userId)).bearer;
});

describe("the X5 integration", () => {
  it("asks for a token first, refuses a wrong login, and says so when X5 is down", async () => {
    const test = await callWeb("/api/x5/test", { headers: auth() });
    expect(test.response.status).toBe(409);
    expect(await test.response.json()).toEqual({ success: false, error: "Сначала получите токен" });

    const wrong = await callWeb("/api/x5/auth", postJson({ ...X5_LOGIN, password: "wrong" }, auth()));
    // (A refusal also clears a token kept before; the second test checks that.)
    expect(wrong.response.status).toBe(422);
    expect(await wrong.response.json()).toEqual({ success: false, error: "X5 отклонила логин или пароль" });

    const empty = await callWeb("/api/x5/auth", postJson({ userName: " ", password: "" }, auth()));
    expect(empty.response.status).toBe(400);
    expect(await empty.response.json()).toMatchObject({ message: "Введите логин и пароль (userName)" });

    const down = await callWeb("/api/x5/auth", postJson(X5_LOGIN, auth()), X5_DOWN);
    expect(down.response.status).toBe(503);
    expect(await down.response.json()).toEqual({ success: false, error: "Ошибка подключения к X5" });
    expect(await testDb().select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId))).toEqual([]);
  });

  it("gets a token, keeps it sealed for the company, tests it and forgets it on disconnect", async () => {
    const got = await callWeb("/api/x5/auth", postJson(X5_LOGIN, auth()));
    expect(got.response.status).toBe(200);
    const { data } = await got.response.json<{
      data: { token: string; expires: string; user: { userName: string } };
    }>();
    expect(data.user).toEqual({ userName: "carrier@x5.demo" });
    expect(Date.parse(data.expires)).toBeGreaterThan(Date.now());
    const [row] = await testDb().select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId));
    expect(row.token).not.toContain(data.token);

    expect(await (await callWeb("/api/x5/auth", { headers: auth() })).response.json()).toEqual({
      success: true,
      data,
    });
    expect(await (await callWeb("/api/x5/test", { headers: auth() })).response.json()).toEqual({
      success: true,
      data: { connected: true },
      message: "Подключение к X5 работает!",
    });
    // Another company sees none of it.
    const other = await createCompanyUser();
    const theirs = (await sessionFor(other.userId)).bearer;
    expect(
      (await callWeb("/api/x5/auth", { headers: { authorization: `Bearer ${theirs}` } })).response.status,
    ).toBe(404);

    expect((await callWeb("/api/x5/test", { headers: auth() }, X5_DOWN)).response.status).toBe(503);

    // X5 revokes the token (sealed as the product seals it, so only X5's answer differs).
    await testDb()
      .update(x5Tokens)
      .set({ token: await seal(env.CREDENTIALS_KEY, "revoked-token", `x5-token/${companyId}`) })
      .where(eq(x5Tokens.companyId, companyId));
    const expired = await callWeb("/api/x5/test", { headers: auth() });
    expect(expired.response.status).toBe(409);
    expect(await expired.response.json()).toEqual({
      success: false,
      error: "Токен X5 истёк или отозван. Получите новый токен.",
    });

    // A refused login clears the token kept so far (spec 3 §8)…
    expect((await callWeb("/api/x5/auth", postJson(X5_LOGIN, auth()))).response.status).toBe(200);
    expect(
      (await callWeb("/api/x5/auth", postJson({ ...X5_LOGIN, password: "wrong" }, auth()))).response.status,
    ).toBe(422);
    expect((await callWeb("/api/x5/auth", { headers: auth() })).response.status).toBe(404);
    // …and disconnecting forgets it.
    expect((await callWeb("/api/x5/auth", postJson(X5_LOGIN, auth()))).response.status).toBe(200);
    const off = await callWeb("/api/x5/auth", { method: "DELETE", headers: auth() });
    expect(await off.response.json()).toEqual({ success: true, data: null, message: "X5 отключена" });
    expect((await callWeb("/api/x5/test", { headers: auth() })).response.status).toBe(409);
  });
});
