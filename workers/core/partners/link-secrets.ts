// A partner link's token (/partner/<token>, /partner?token=…, /partner#<token>) and its short code
// (/s/<code>) open the landing with the invited contact's data, so they are secrets of the link:
// they never go into analytics (decision 0043). Pure and browser-safe: the analytics client strips
// the URLs it reports, and the server strips every event it accepts, so an old client cannot leak
// them either.

const PLACEHOLDER_ORIGIN = "http://link-secrets.invalid";
const PARTNER_PAGE = /^\/partner(?:\/|$)/i;
const SHORT_LINK = /^\/s\/./i;

/**
 * Whether parsing `value` as a URL could give a partner page's or a short link's path. The URL
 * parser drops tabs and line breaks and reads `\\` as `/`, but never makes letters: a path
 * `/partner…` needs "partner" in the text and `/s/…` needs an "s" before a slash. Most analytics
 * fields (every other page, labels) fail this test and skip the parse: three per event.
 */
const MAY_NAME_LINK = /partner|s[\\/]/i;
const DROPPED_BY_URL_PARSER = /[\t\n\r]/g;

/**
 * The URL or path without a partner link's token or short code: `/partner/<token>` becomes
 * `/partner`, its `token` query parameter and its hash go, `/s/<code>` becomes `/s`. Anything
 * else (other pages, free text, an empty string) comes back as it was, byte for byte.
 */
export function withoutLinkSecrets(value: string): string {
  return MAY_NAME_LINK.test(value.replace(DROPPED_BY_URL_PARSER, ""))
    ? withoutLinkSecretsParsed(value)
    : value;
}

/** `withoutLinkSecrets` without its shortcut: always parses (exported for the test that they agree). */
export function withoutLinkSecretsParsed(value: string): string {
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return value;
  }
  if (PARTNER_PAGE.test(url.pathname)) {
    url.pathname = "/partner";
    url.searchParams.delete("token");
    url.hash = "";
  } else if (SHORT_LINK.test(url.pathname)) {
    url.pathname = "/s";
    url.hash = "";
  } else {
    return value;
  }
  // A path comes back as a path, a URL as a URL.
  return url.origin === PLACEHOLDER_ORIGIN ? url.href.slice(PLACEHOLDER_ORIGIN.length) : url.href;
}

/** `withoutLinkSecrets` for an optional field. */
export function withoutLinkSecretsOrNull(value: string | null | undefined): string | null {
  return value == null ? null : withoutLinkSecrets(value);
}
