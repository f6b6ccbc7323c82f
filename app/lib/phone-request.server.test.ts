import { describe, expect, it } from "vitest";
import { isPhoneRequest } from "./phone-request.server";

const request = (headers: Record<string, string>) =>
  new Request("https://reys.example/dashboard/orders", { headers });

const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("isPhoneRequest", () => {
  it("takes Chromium's mobile client hint", () => {
    expect(isPhoneRequest(request({ "sec-ch-ua-mobile": "?1", "user-agent": DESKTOP_CHROME }))).toBe(true);
    expect(isPhoneRequest(request({ "sec-ch-ua-mobile": "?0", "user-agent": DESKTOP_CHROME }))).toBe(false);
  });

  it("reads phones and tablets from the User-Agent of browsers without the hint", () => {
    for (const agent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1",
      "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0",
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ])
      expect(isPhoneRequest(request({ "user-agent": agent })), agent).toBe(true);
    expect(isPhoneRequest(request({ "user-agent": DESKTOP_CHROME }))).toBe(false);
    expect(isPhoneRequest(request({}))).toBe(false);
  });
});
