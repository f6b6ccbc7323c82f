// The pages' sign-in forms (/edo, /x5, /platforms) pass a login and password to a provider, as
// the API does, and share its limits (decision 0044): a burst is answered 429 with Retry-After
// and the limit's Russian text in the form, and the provider is not asked (it is unreachable
// here, which would answer 503).
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { dbForBlock } from "../../tests/support/test-db";
import { generateKeyBase64 } from "../../workers/core/crypto/secret-box";
import {
  MAX_PROXY_SIGN_INS_PER_COMPANY,
  takeProxySignIn,
  type SignInProxy,
} from "../../workers/core/provider-throttle";
import type { Caller } from "../../workers/web/wiring";
import * as edoPage from "./_app.edo";
import * as platformsPage from "./_app.platforms";
import * as x5Page from "./_app.x5";

/** Nothing listens on port 1. */
const UNREACHABLE = "http://127.0.0.1:1";
const IP = "198.51.100.80";

const testDb = dbForBlock();

function contextOf(companyId: string): AppLoadContext {
  // No other platform's URL is set: one asked would fail as unreachable too.
  const env = {
    CREDENTIALS_KEY: generateKeyBase64(),
    EDO_API_URL: UNREACHABLE,
    X5_API_URL: UNREACHABLE,
    JOBS: { send: async () => {} },
  };
  // The actions read only the caller's company, and its role (a director may use every form).
  const caller = { user: { company: { id: companyId } }, companyRole: "director" } as unknown as Caller;
  return {
    cloudflare: { env, ctx: {} },
    db: testDb(),
    caller,
    clientIp: IP,
    cspNonce: "",
  } as unknown as AppLoadContext;
}

/** What a Remix action answers through `data()`. */
type Answer = { data: { result: { error?: Record<string, string[] | null> } }; init: ResponseInit | null };

const PAGES: {
  provider: SignInProxy;
  path: string;
  form: Record<string, string>;
  action: (args: ActionFunctionArgs) => Promise<unknown>;
  message: string;
}[] = [
  {
    provider: "edo",
    path: "/edo",
    form: { intent: "connect", login: "demo-carrier", password: "edo-demo-2025" },
    action: edoPage.action,
    message: "подключения к ЭДО",
  },
  {
    provider: "x5",
    path: "/x5",
    form: { intent: "auth", userName: "carrier@x5.demo", password: "x5-demo-2025" },
    action: x5Page.action,
    message: "подключения к X5",
  },
  {
    provider: "platforms",
    path: "/platforms",
    form: {
      intent: "connect",
      platform_id: "mars",
      connection_name: "Марс",
      "credentials.username": "demo",
      "credentials.password": "platform-demo-2025",
    },
    action: platformsPage.action,
    message: "подключения к платформе",
  },
];

describe.each(PAGES)("the $path page's sign-in form", (page) => {
  it("answers a company's burst with 429, Retry-After and the limit's text, without asking the provider", async () => {
    const companyId = `company-${page.provider}`;
    for (let attempt = 0; attempt < MAX_PROXY_SIGN_INS_PER_COMPANY; attempt++) {
      expect(await takeProxySignIn(testDb(), page.provider, { companyId, ip: null }, Date.now())).toBeNull();
    }
    const request = new Request(`http://reys.test${page.path}`, {
      method: "POST",
      body: new URLSearchParams(page.form),
    });
    const answer = (await page.action({ request, context: contextOf(companyId), params: {} })) as Answer;
    expect(answer.init?.status).toBe(429);
    const headers = new Headers(answer.init?.headers);
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer.data.result.error?.[""]).toEqual([
      expect.stringMatching(
        new RegExp(`^Слишком много попыток ${page.message}\\. Попробуйте снова через \\d+ мин\\.$`),
      ),
    ]);
  });
});

describe("the sign-in pages' headers", () => {
  it("send the action's Retry-After to the browser, beside the layout's own headers", () => {
    for (const page of [edoPage, x5Page, platformsPage]) {
      const headers = new Headers(
        page.headers({
          parentHeaders: new Headers({ "X-Frame-Options": "DENY" }),
          loaderHeaders: new Headers(),
          actionHeaders: new Headers({ "Retry-After": "540", "Set-Cookie": "reys_toast=1" }),
          errorHeaders: undefined,
        }),
      );
      expect(headers.get("retry-after")).toBe("540");
      expect(headers.get("x-frame-options")).toBe("DENY");
      // Remix carries cookies itself: not twice.
      expect(headers.get("set-cookie")).toBeNull();
    }
  });
});
