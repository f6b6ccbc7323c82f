import { chromium, type Browser, type BrowserContext, type Response } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { apiAnswerChecker } from "./api-answers";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/lib/chromium";

/**
 * Debian's Chromium (never a downloaded browser), headless. Playwright gives every launch a
 * fresh temporary profile of its own.
 */
export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return { browser, close: () => browser.close() };
}

/** A response's body, or a failure when it cannot be read within a few seconds. */
function bodyOf(response: Response): Promise<string> {
  return Promise.race([
    response.text(),
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error("no body")), 5_000).unref()),
  ]);
}

/**
 * Launches Chromium before the file's tests and closes it after; returns a getter. Every /api
 * answer a page of it receives is checked against the stack's OpenAPI document, and the file
 * fails if one is not as documented.
 */
export function chromiumPerFile(): () => Browser {
  let launched: Awaited<ReturnType<typeof launchChromium>> | undefined;
  const checks: Promise<string | null>[] = [];
  beforeAll(async () => {
    launched = await launchChromium();
    const problemWith = apiAnswerChecker(inject("webUrl"));
    const watch = (context: BrowserContext) =>
      context.on("response", (response) => {
        if (!new URL(response.url()).pathname.startsWith("/api/")) return;
        checks.push(
          bodyOf(response).then(
            (body) =>
              problemWith({
                method: response.request().method(),
                url: response.url(),
                status: response.status(),
                contentType: response.headers()["content-type"] ?? "",
                body,
              }),
            // A page that navigated away leaves no body to read.
            () => null,
          ),
        );
      });
    const browser = launched.browser;
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options = {}) => {
      // Each browser context is a visitor of its own, from an address of its own (the local
      // Workers take the client's CF-Connecting-IP as Cloudflare would set it), so one test's
      // per-address limits (analytics, sign-ins) are not spent by the tests before it.
      const octet = () => Math.floor(Math.random() * 254) + 1;
      const context = await newContext({
        ...options,
        extraHTTPHeaders: {
          "cf-connecting-ip": `10.${octet()}.${octet()}.${octet()}`,
          ...options.extraHTTPHeaders,
        },
      });
      watch(context);
      return context;
    };
  });
  afterAll(async () => {
    const problems = (await Promise.all(checks)).filter((problem) => problem !== null);
    await launched?.close();
    expect(problems, "/api answers the OpenAPI document does not describe").toEqual([]);
  });
  return () => {
    if (!launched) throw new Error("Chromium is not running");
    return launched.browser;
  };
}
