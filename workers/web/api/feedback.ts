import { Hono } from "hono";
import { CONTACT_MESSAGES, contactMessageSchema, submitContactMessage } from "../../core/feedback/contact";
import type { AppBindings } from "../bindings";
import { clientIp } from "../lib/auth";
import { readJson } from "../lib/body";
import { fail } from "../lib/envelope";

/** Messages to the team; for now the public contact form (decision 0032). */
export const feedbackRoutes = new Hono<AppBindings>().post("/contact", async (c) => {
  const body = await readJson(c, contactMessageSchema);
  if (!body.ok) return body.response;
  const result = await submitContactMessage(c.get("db"), body.data, {
    ip: clientIp(c),
    userId: c.get("caller")?.user.id ?? null,
    userAgent: c.req.header("user-agent") ?? null,
    now: Date.now(),
  });
  if (!result.ok) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    return fail(c, 429, result.message);
  }
  return c.json({ success: true as const, data: { received: true }, message: CONTACT_MESSAGES.sent }, 201);
});
