import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
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

/** Launches Chromium before the file's tests and closes it after; returns a getter. */
export function chromiumPerFile(): () => Browser {
  let launched: Awaited<ReturnType<typeof launchChromium>> | undefined;
  beforeAll(async () => {
    launched = await launchChromium();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return () => {
    if (!launched) throw new Error("Chromium is not running");
    return launched.browser;
  };
}
