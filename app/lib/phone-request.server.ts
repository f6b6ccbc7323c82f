// Whether a page request comes from a phone (decision 0083): pages whose layout differs between a
// phone and a desk render only one of them, so the server decides from the request alone.

/** User agents of phones and tablets (Android phones say «Mobile», Android tablets do not). */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad/;

/**
 * A phone's request: Chromium browsers say so in the `Sec-CH-UA-Mobile` client hint, sent by
 * default over HTTPS; for the others (Safari, Firefox) the User-Agent tells.
 */
export function isPhoneRequest(request: Request): boolean {
  return (
    request.headers.get("sec-ch-ua-mobile") === "?1" ||
    MOBILE_AGENT.test(request.headers.get("user-agent") ?? "")
  );
}
