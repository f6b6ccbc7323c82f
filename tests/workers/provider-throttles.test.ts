// The calls that pass what a user typed to a provider at our cost (decision 0044): the EDO, X5
// and platform sign-in proxies and geocoding. A burst answers 429 with Retry-After and a Russian
// message, and the provider is not asked: the last calls go out with the provider unreachable
// and still answer 429, not 503.
import { describe, expect, it } from "vitest";
import {
  MAX_GEOCODING_PER_COMPANY,
  MAX_PROXY_SIGN_INS_PER_COMPANY,
  MAX_PROXY_SIGN_INS_PER_IP,
  takeProxySignIn,
} from "../../workers/core/provider-throttle";
import { platformUrlVar } from "../../workers/providers/customer-platform";
import { callWeb, createCompanyUser, EDO_PASSWORD, postJson, sessionFor, testDb } from "./support";

/** Nothing listens on port 1. */
const UNREACHABLE = "http://127.0.0.1:1";

async function member(ip: string) {
  const user = await createCompanyUser();
  const { bearer } = await sessionFor(user.userId);
  return { ...user, headers: { authorization: `Bearer ${bearer}`, "cf-connecting-ip": ip } };
}

type Proxy = {
  name: string;
  path: string;
  wrong: unknown;
  right: unknown;
  down: Partial<Env>;
  message: RegExp;
};

const PROXIES: Proxy[] = [
  {
    name: "EDO",
    path: "/api/edo/auth",
    wrong: { login: "demo-carrier", password: "wrong" },
    right: { login: "demo-carrier", password: EDO_PASSWORD },
    down: { EDO_API_URL: UNREACHABLE },
    message: /^Слишком много попыток подключения к ЭДО\. Попробуйте снова через \d+ мин\.$/,
  },
  {
    name: "X5",
    path: "/api/x5/auth",
    wrong: { userName: "carrier@x5.demo", password: "wrong" },
    right: { userName: "carrier@x5.demo", password: "x5-demo-2025" },
    down: { X5_API_URL: UNREACHABLE },
    message: /^Слишком много попыток подключения к X5\. Попробуйте снова через \d+ мин\.$/,
  },
  {
    name: "a platform",
    path: "/api/platforms/connections",
    wrong: {
      platform_id: "mars",
      connection_name: "Марс",
      credentials: { username: "demo", password: "wrong" },
    },
    right: {
      platform_id: "mars",
      connection_name: "Марс",
      credentials: { username: "demo", password: "platform-demo-2025" },
    },
    down: { [platformUrlVar("mars")]: UNREACHABLE },
    message: /^Слишком много попыток подключения к платформе\. Попробуйте снова через \d+ мин\.$/,
  },
];

async function expectThrottled(response: Response, message: RegExp, longestSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(longestSeconds);
  const body = await response.json<{ success: boolean; error: string }>();
  expect(body.success).toBe(false);
  expect(body.error).toMatch(message);
}

describe.each(PROXIES)("the $name sign-in proxy", (proxy) => {
  it("lets a company try its login a few times, then answers 429 without asking the provider", async () => {
    const carrier = await member("198.51.100.60");
    for (let attempt = 0; attempt < MAX_PROXY_SIGN_INS_PER_COMPANY; attempt++) {
      const { response } = await callWeb(proxy.path, postJson(proxy.wrong, carrier.headers));
      expect(response.status).toBe(422);
    }
    // Refused with the provider out of reach: it was not asked (that would answer 503).
    const refused = await callWeb(proxy.path, postJson(proxy.wrong, carrier.headers), proxy.down);
    await expectThrottled(refused.response, proxy.message, 15 * 60);
    // The right password too: every attempt reaches the provider, so every attempt counts.
    const right = await callWeb(proxy.path, postJson(proxy.right, carrier.headers));
    await expectThrottled(right.response, proxy.message, 15 * 60);
    // Another company is not held back by this one.
    const other = await member("198.51.100.61");
    expect((await callWeb(proxy.path, postJson(proxy.wrong, other.headers))).response.status).toBe(422);
  });
});

describe("the sign-in proxies per IP", () => {
  it("stop one address that goes through many companies, and only that address", async () => {
    const ip = "203.0.113.90";
    // Other companies' attempts from that address fill its slots.
    for (let n = 0; n < MAX_PROXY_SIGN_INS_PER_IP; n++) {
      const from = { companyId: `elsewhere-${n % 4}-${ip}`, ip };
      expect(await takeProxySignIn(testDb(), "edo", from, Date.now())).toBeNull();
    }
    const [edo] = PROXIES;
    const fresh = await member(ip);
    const refused = await callWeb(edo.path, postJson(edo.wrong, fresh.headers), edo.down);
    await expectThrottled(refused.response, edo.message, 15 * 60);
    // The same company from another address still reaches the operator.
    const elsewhere = { ...fresh.headers, "cf-connecting-ip": "203.0.113.91" };
    expect((await callWeb(edo.path, postJson(edo.wrong, elsewhere))).response.status).toBe(422);
  });
});

describe("geocoding", () => {
  const message = /^Слишком много запросов координат и маршрутов\. Попробуйте снова через \d+ с\.$/;

  it("answers a company's burst of geocoding and route requests with 429, without asking the geocoder", async () => {
    const carrier = await member("198.51.100.70");
    const geocode = postJson({ addresses: ["г Казань"] }, carrier.headers);
    for (let request = 0; request < MAX_GEOCODING_PER_COMPANY; request++) {
      expect((await callWeb("/api/edo/geocode", geocode)).response.status).toBe(200);
    }
    const down = { GEOCODER_URL: UNREACHABLE, ROUTER_URL: UNREACHABLE };
    const refused = await callWeb("/api/edo/geocode", geocode, down);
    await expectThrottled(refused.response, message, 60);
    // Routes share the limit: they geocode both ends.
    const route = await callWeb(
      "/api/edo/calculate-route",
      postJson({ fromAddress: "г Казань", toAddress: "г Москва" }, carrier.headers),
      down,
    );
    await expectThrottled(route.response, message, 60);
    const other = await member("198.51.100.70");
    expect(
      (await callWeb("/api/edo/geocode", postJson({ addresses: ["г Казань"] }, other.headers))).response
        .status,
    ).toBe(200);
  });
});
