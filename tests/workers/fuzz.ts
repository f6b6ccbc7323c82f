// Generators the fuzz suites share (api-fuzz.test.ts, page-fuzz.test.ts).
import { fc } from "@fast-check/vitest";

/** What a refusal in Russian contains. */
export const CYRILLIC = /[А-Яа-яЁё]/;

/** Strings attackers and broken clients send. */
const PAYLOADS = [
  "' OR 1=1 --",
  "'); DROP TABLE users; --",
  '" UNION SELECT password_hash FROM users --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "\r\nSet-Cookie: x=1",
  "${7*7}{{7*7}}",
  "\u202E\u0441\u043F\u0430\u043C",
  "😀".repeat(50),
  "NaN",
  "-1",
  "1e309",
  "null",
  "[]",
  "{}",
];

export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) }),
  fc.string({ minLength: 2_000, maxLength: 20_000 }),
  fc.constantFrom(...PAYLOADS),
);

/** What a header can carry on the wire (HTTP header values are visible ASCII and tabs). */
export const isHeaderValue = (value: string) => /^[\t\x20-\x7e]*$/.test(value);
