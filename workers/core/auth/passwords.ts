import { scryptAsync } from "@noble/hashes/scrypt.js";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * scrypt with OWASP's N=2^14, r=8, p=5 (equivalent to N=2^17, p=1 with 16 MiB instead of
 * 128 MiB of memory). PBKDF2 in Workers is capped at 100,000 iterations, below OWASP's
 * 600,000, and argon2 needs WebAssembly compiled at run time, which Workers forbid.
 * See docs/decisions for the measured CPU time.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5, dkLen: 32 };

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await scryptAsync(password.normalize("NFKC"), salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, encodeBase64(salt), encodeBase64(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt") return false;
  const hash = await scryptAsync(password.normalize("NFKC"), decodeBase64(salt), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    dkLen: 32,
  });
  return constantTimeEqual(hash, decodeBase64(expected));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/**
 * What an unknown e-mail's sign-in verifies against, so it costs what a wrong password costs
 * from the first request on (a hash made lazily would make the first one slower, and Workers
 * forbid making one at start-up: random values are not allowed in global scope). It is the hash
 * of a random password nobody kept, with the current parameters (a test keeps them equal).
 */
export const DECOY_HASH =
  "scrypt$16384$8$5$jrpsumNAPxFyfh+b060PSA==$PabZ9YbYLuBKu4gU1tv5kpmY7I3u0ICirffiurupUow=";
