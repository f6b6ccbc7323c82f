// Whose address the web Worker takes for a client (issue 20 item 12): CF-Connecting-IP, which
// Cloudflare sets, unless TRUST_X_REAL_IP=1 says a proxy in front sets X-Real-IP. The address is
// what the per-IP limits count and what a user's list of sessions shows.
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, callWeb, createCompanyUser } from "./support";

const PASSWORD = "Adres2025ok";
let email: string;

beforeAll(async () => {
  ({ email } = await createCompanyUser({ password: PASSWORD }));
});

/** Signs in with these headers and answers the address the new session was recorded with. */
async function addressOfSignIn(headers: Record<string, string>, env: Partial<Env> = {}) {
  const { response } = await callWeb(
    "/api/auth/login",
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
    env,
  );
  expect(response.status).toBe(200);
  const { data } = await response.json<{ data: { tokens: { accessToken: string } } }>();
  const sessions = await callWeb("/api/auth/sessions", bearer(data.tokens.accessToken));
  const list = (await sessions.response.json<{ data: { current: boolean; ip: string | null }[] }>()).data;
  return list.find((session) => session.current)!.ip;
}

describe("the client's address", () => {
  it("is not whatever X-Real-IP a client sends", async () => {
    expect(await addressOfSignIn({ "x-real-ip": "203.0.113.7" })).toBeNull();
    expect(await addressOfSignIn({ "cf-connecting-ip": "198.51.100.7", "x-real-ip": "203.0.113.7" })).toBe(
      "198.51.100.7",
    );
  });

  it("is X-Real-IP behind a proxy that sets it, when TRUST_X_REAL_IP=1 says so", async () => {
    const behindProxy = { TRUST_X_REAL_IP: "1" };
    expect(
      await addressOfSignIn({ "cf-connecting-ip": "198.51.100.7", "x-real-ip": "203.0.113.7" }, behindProxy),
    ).toBe("203.0.113.7");
    // A request without it (straight to Cloudflare) still has Cloudflare's address.
    expect(await addressOfSignIn({ "cf-connecting-ip": "198.51.100.8" }, behindProxy)).toBe("198.51.100.8");
  });
});
