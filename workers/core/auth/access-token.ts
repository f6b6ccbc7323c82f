import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/** Access tokens live 15 minutes; clients refresh when under 300 s remain (spec 1 §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessTokenClaims = { sub: string; sid: string; iat: number; exp: number };

const encoder = new TextEncoder();
const HEADER = encodeBase64urlNoPadding(encoder.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));

function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/**
 * A signed JWT (HS256) naming the user and the session. It carries `exp` so clients know
 * when to refresh; the server still checks the session on every use, so signing out
 * stops the token at once.
 */
export async function signAccessToken(
  secret: string,
  claims: { userId: string; sessionId: string },
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(nowMs / 1000);
  const payload: AccessTokenClaims = {
    sub: claims.userId,
    sid: claims.sessionId,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  };
  const body = `${HEADER}.${encodeBase64urlNoPadding(encoder.encode(JSON.stringify(payload)))}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(body));
  return {
    token: `${body}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`,
    expiresAt: payload.exp * 1000,
  };
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<AccessTokenClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  try {
    const valid = await crypto.subtle.verify(
      "HMAC",
      await hmacKey(secret),
      new Uint8Array(decodeBase64urlIgnorePadding(parts[2])),
      encoder.encode(`${parts[0]}.${parts[1]}`),
    );
    if (!valid) return null;
    const claims = JSON.parse(
      new TextDecoder().decode(decodeBase64urlIgnorePadding(parts[1])),
    ) as AccessTokenClaims;
    if (typeof claims.sub !== "string" || typeof claims.sid !== "string" || typeof claims.exp !== "number")
      return null;
    return claims.exp * 1000 > nowMs ? claims : null;
  } catch {
    return null;
  }
}
