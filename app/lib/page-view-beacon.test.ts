import { describe, expect, it } from "vitest";
import { pageViewBeaconScript } from "./page-view-beacon";

type SentEvent = { eventLabel: string; pageUrl: string; referrer: string };

/** Runs the inline script as a plain page would, with the given referrer; the event it beacons. */
async function beaconedEvent(referrer: string): Promise<SentEvent> {
  let sent: Blob | null = null;
  const globals = {
    sessionStorage: { getItem: () => "session-1", setItem: () => undefined },
    crypto,
    location: { pathname: "/terms", href: "https://reys.ru/terms" },
    document: { referrer },
    navigator: {
      sendBeacon: (_url: string, body: Blob) => {
        sent = body;
        return true;
      },
    },
    Blob,
  };
  new Function(...Object.keys(globals), pageViewBeaconScript())(...Object.values(globals));
  expect(sent).not.toBeNull();
  const { events } = JSON.parse(await sent!.text()) as { events: SentEvent[] };
  return events[0];
}

describe("the plain pages' page-view beacon", () => {
  it("reports the page and where the visitor came from", async () => {
    expect(await beaconedEvent("https://ya.ru/search?q=рейс")).toMatchObject({
      eventLabel: "/terms",
      pageUrl: "https://reys.ru/terms",
      referrer: "https://ya.ru/search?q=рейс",
    });
  });

  it.each([
    ["https://reys.ru/partner/abcdefghijklmnopqrstuvwxyz234567?utm_source=mail", "https://reys.ru/partner"],
    ["https://reys.ru/partner?token=abcdefghijklmnopqrstuvwxyz234567", "https://reys.ru/partner"],
    ["https://reys.ru/s/x7k2m9pqa3b4", "https://reys.ru/s"],
    ["https://reys.ru/partners", "https://reys.ru/partners"],
  ])("never sends a partner link's token or short code in the referrer (%s)", async (referrer, sent) => {
    expect((await beaconedEvent(referrer)).referrer).toBe(sent);
  });
});
