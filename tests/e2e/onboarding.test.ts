// The way in, in Chromium (issue 24 items 3-4; spec 1 §4, §9; decision 0071): on a desktop and on
// a phone the tour starts by itself on the first visit to the dashboard on a 400×200 card, and
// once skipped it does not come back after a reload; a checklist item completes after its action.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { DESKTOP, PHONE, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

const onboardingState = (page: Page) =>
  page.evaluate(async () => {
    const answer = (await (await fetch("/api/onboarding")).json()) as {
      data: {
        tourDone: boolean;
        tourOutcome: string | null;
        checklist: { id: string; completed: boolean }[];
      };
    };
    return answer.data;
  });

async function skipTheTour(page: Page, viewport: { width: number; height: number }) {
  const card = page.getByTestId("tour-card");
  await card.waitFor(WAIT);
  const box = (await card.boundingBox())!;
  // Spec 1 §9: a 400×200 card, narrowed to the screen on a phone.
  expect(box.width).toBe(Math.min(400, viewport.width - 24));
  expect(box.height).toBeGreaterThanOrEqual(200);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await expect(card.locator(".driver-popover-progress-text").textContent()).resolves.toMatch(/^1 из \d+$/);
  await card.getByRole("button", { name: "Далее" }).click();
  await expect
    .poll(() => card.locator(".driver-popover-progress-text").textContent(), WAIT)
    .toMatch(/^2 из \d+$/);
  await card.getByRole("button", { name: "Пропустить" }).click();
  await card.waitFor({ state: "detached", ...WAIT });
  await expect.poll(async () => (await onboardingState(page)).tourOutcome, WAIT).toBe("skipped");
  // Not again after a reload: the flag is the server's.
  await page.reload();
  await page.getByTestId("onboarding-checklist").waitFor(WAIT);
  await page.waitForTimeout(1500);
  expect(await page.getByTestId("tour-card").count()).toBe(0);
}

describe("onboarding", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${name}: the tour starts on the first visit and not after a skip; viewing analytics ticks its item`, async () => {
      const user = await accounts.create({ tour: "fresh" });
      const { page, errors } = await signedInPage(chromium(), user, { viewport });
      await skipTheTour(page, viewport);

      const item = page.getByTestId("checklist-analytics");
      await expect(item.getAttribute("data-completed")).resolves.toBe("false");
      await expect(page.getByTestId("checklist-progress").textContent()).resolves.toBe("0 из 6");
      await item.getByRole("link", { name: "Открыть аналитику" }).click();
      await page.waitForURL(`${web}/dashboard/analytics`, WAIT);
      await expect
        .poll(
          async () => (await onboardingState(page)).checklist.find((i) => i.id === "analytics")?.completed,
          WAIT,
        )
        .toBe(true);
      await page.goto(`${web}/dashboard`);
      await expect(item.getAttribute("data-completed")).resolves.toBe("true");
      await expect(page.getByTestId("checklist-progress").textContent()).resolves.toBe("1 из 6");

      // Put away, the checklist stays away; the achievements stay on the dashboard.
      await page.getByTestId("onboarding-checklist").getByRole("button", { name: "Скрыть" }).click();
      await page.getByTestId("onboarding-checklist").waitFor({ state: "detached", ...WAIT });
      await page.reload();
      await page.getByTestId("achievements").waitFor(WAIT);
      expect(await page.getByTestId("onboarding-checklist").count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
