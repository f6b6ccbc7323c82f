import type { Context } from "hono";
import { requestEmailConfirmation } from "../../core/auth/email-links";
import type { AppBindings } from "../bindings";

/**
 * After an account is made through the API: its confirmation letter is asked for (decision 0073),
 * with links back to the origin the request came to. The account works at once whatever happens
 * here; a refusal (the queue down) is logged by the service and the banner offers the letter again.
 */
export async function askToConfirm(c: Context<AppBindings>, userId: string): Promise<void> {
  await requestEmailConfirmation(
    { db: c.get("db"), now: Date.now, enqueue: c.get("deps").enqueue },
    { userId, origin: new URL(c.req.url).origin },
  );
}
