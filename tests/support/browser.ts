import { execFileSync } from "node:child_process";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium (never a downloaded browser), headless. Playwright gives every launch a
 * fresh temporary profile of its own.
 */
export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? execFileSync("sh", ["-c", "command -v chromium"]).toString().trim();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return { browser, close: () => browser.close() };
}
