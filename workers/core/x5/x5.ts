import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { x5Tokens } from "../../../db/schema";
import { PlatformAuthError, type CustomerPlatform } from "../../providers/customer-platform";
import { open, seal } from "../crypto/secret-box";
import { takeProxySignIn, type RateLimited } from "../provider-throttle";
import { X5_MESSAGES, type x5AuthSchema } from "./schemas";

export { X5_MESSAGES, x5AuthSchema } from "./schemas";

/** The X5 integration page's calls (spec 3 §7) need the X5 adapter and the sealing key. */
export type X5Deps = { db: Db; credentialsKey: string; x5: CustomerPlatform; now: () => number };

/** The X5 auth response (spec 3 §3): the token, when it expires, and whose it is. */
export type X5Auth = { token: string; expires: string; user: { userName: string } };

const context = (companyId: string) => `x5-token/${companyId}`;

type X5FailureReason = "refused" | "unavailable" | "no_token" | "expired";

/** An X5 call's outcome; `R` narrows the reasons a given call can fail with. */
export type X5Result<T, R extends X5FailureReason = X5FailureReason> =
  { ok: true; data: T } | { ok: false; reason: R; message: string };

/**
 * Gets a token from X5 with the carrier's login and keeps it, sealed, for the company. A burst
 * of sign-ins from the company or the IP (null: a trusted caller) is refused before X5 is asked.
 */
export async function authenticateX5(
  deps: X5Deps,
  companyId: string,
  input: z.output<typeof x5AuthSchema>,
  ip: string | null,
): Promise<X5Result<X5Auth, "refused" | "unavailable"> | RateLimited> {
  const throttled = await takeProxySignIn(deps.db, "x5", { companyId, ip }, deps.now());
  if (throttled) return throttled;
  let session;
  try {
    session = await deps.x5.signIn({ username: input.userName, password: input.password });
  } catch (error) {
    if (error instanceof PlatformAuthError) {
      // Spec 3 §8: a refused sign-in clears the token; it belongs to a login X5 no longer accepts.
      await disconnectX5(deps.db, companyId);
      return { ok: false, reason: "refused", message: X5_MESSAGES.refused };
    }
    console.error("x5: sign-in failed", error instanceof Error ? error.message : error);
    return { ok: false, reason: "unavailable", message: X5_MESSAGES.unavailable };
  }
  const row = {
    companyId,
    userName: input.userName,
    token: await seal(deps.credentialsKey, session.accessToken, context(companyId)),
    expiresAt: new Date(session.expiresAt),
    createdAt: new Date(deps.now()),
  };
  await deps.db
    .insert(x5Tokens)
    .values(row)
    .onConflictDoUpdate({ target: x5Tokens.companyId, set: { ...row, companyId: undefined } });
  return {
    ok: true,
    data: {
      token: session.accessToken,
      expires: new Date(session.expiresAt).toISOString(),
      user: { userName: input.userName },
    },
  };
}

/** The company's stored X5 token, if any (the page shows it again after a reload). */
export async function storedX5Auth(
  deps: Pick<X5Deps, "db" | "credentialsKey">,
  companyId: string,
): Promise<X5Auth | null> {
  const [row] = await deps.db.select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId));
  if (!row) return null;
  return {
    token: await open<string>(deps.credentialsKey, row.token, context(companyId)),
    expires: row.expiresAt.toISOString(),
    user: { userName: row.userName },
  };
}

/** Calls X5 with the stored token: one order, enough to prove the token and the API work. */
export async function testX5(
  deps: X5Deps,
  companyId: string,
): Promise<X5Result<{ connected: true }, "unavailable" | "no_token" | "expired">> {
  const auth = await storedX5Auth(deps, companyId);
  if (!auth) return { ok: false, reason: "no_token", message: X5_MESSAGES.noToken };
  try {
    await deps.x5.ordersPage({ accessToken: auth.token, expiresAt: Date.parse(auth.expires) }, 1, 1);
    return { ok: true, data: { connected: true } };
  } catch (error) {
    if (error instanceof PlatformAuthError)
      return { ok: false, reason: "expired", message: X5_MESSAGES.expired };
    console.error("x5: test failed", error instanceof Error ? error.message : error);
    return { ok: false, reason: "unavailable", message: X5_MESSAGES.unavailable };
  }
}

/** Forgets the company's X5 token. */
export async function disconnectX5(db: Db, companyId: string): Promise<boolean> {
  const result = await db.delete(x5Tokens).where(eq(x5Tokens.companyId, companyId));
  return result.rowsAffected > 0;
}
