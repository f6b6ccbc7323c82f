import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { withoutLinkSecrets, withoutLinkSecretsOrNull, withoutLinkSecretsParsed } from "./link-secrets";

const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

describe("withoutLinkSecrets", () => {
  it.each([
    [`https://reys.ru/partner/${TOKEN}`, "https://reys.ru/partner"],
    [
      `https://reys.ru/partner/${TOKEN}?utm_source=partner&utm_campaign=magnit`,
      "https://reys.ru/partner?utm_source=partner&utm_campaign=magnit",
    ],
    [`https://reys.ru/partner?utm_source=mail&token=${TOKEN}`, "https://reys.ru/partner?utm_source=mail"],
    [`https://reys.ru/partner?token=${TOKEN}`, "https://reys.ru/partner"],
    [`https://reys.ru/partner#${TOKEN}`, "https://reys.ru/partner"],
    [`https://reys.ru/partner#token=${TOKEN}`, "https://reys.ru/partner"],
    [`https://reys.ru/PARTNER/${TOKEN.toUpperCase()}/`, "https://reys.ru/partner"],
    [`https://reys.ru/partner/${TOKEN}.data`, "https://reys.ru/partner"],
    [`/partner/${TOKEN}`, "/partner"],
    [`/partner/${TOKEN}?utm_medium=short_link`, "/partner?utm_medium=short_link"],
    ["https://reys.ru/s/x7k2m9pqa3b4", "https://reys.ru/s"],
    ["/s/X7K2M9PQ", "/s"],
  ])("strips %s to %s", (value, stripped) => {
    expect(withoutLinkSecrets(value)).toBe(stripped);
    expect(withoutLinkSecrets(value)).not.toMatch(new RegExp(TOKEN, "i"));
  });

  it.each([
    "https://reys.ru/partners",
    "https://reys.ru/dashboard?token=keep",
    "/partners?create=1",
    "https://reys.ru/s",
    "https://reys.ru/sessions",
    "",
    "9d4c2b1a-8e7f-4a6b-9c5d-3e2f1a0b9c8d",
    "Не удалось загрузить /partner/ — ошибка сети",
  ])("leaves %s as it is", (value) => {
    expect(withoutLinkSecrets(value)).toBe(value);
  });

  it("keeps a missing field missing", () => {
    expect(withoutLinkSecretsOrNull(undefined)).toBeNull();
    expect(withoutLinkSecretsOrNull(null)).toBeNull();
    expect(withoutLinkSecretsOrNull(`/partner/${TOKEN}`)).toBe("/partner");
  });

  // The shortcut that skips parsing must never keep a secret the parse would strip: on text made
  // of the pieces URLs are made of (either case, tabs and line breaks the parser drops,
  // backslashes it reads as slashes, dot segments, non-ASCII), both give the same answer.
  const piece = fc.constantFrom(
    "partner",
    "PaRtNeR",
    "part",
    "ner",
    "s",
    "S",
    "/",
    "\\",
    "\t",
    "\n",
    "\r",
    " ",
    ".",
    "..",
    "?",
    "#",
    "token=",
    "%2F",
    "%73",
    ":",
    "https://reys.ru",
    "http://",
    "//",
    "x7k2m9pq",
    "Заказ",
    "ｓ",
    "／",
  );
  test.prop([fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""))], { numRuns: 5_000 })(
    "agrees with always parsing the URL",
    (value) => {
      expect(withoutLinkSecrets(value)).toBe(withoutLinkSecretsParsed(value));
    },
  );
});
