import { Hono } from "hono";
import { generateLinkSchema, PARTNER_LINK_MESSAGES } from "../../core/partners/link-schema";
import { generateLink, linkView, listLinks } from "../../core/partners/links";
import type { AppBindings } from "../bindings";
import { readJson } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { callerOf } from "./access";

/** A carrier's partner links (spec 1 §2 «Partner links management», §7; decision 0033). */
export const partnerRoutes = new Hono<AppBindings>()
  .get("/leads", async (c) => {
    const { user } = callerOf(c);
    return ok(c, await listLinks(c.get("db"), user.company.id, new URL(c.req.url).origin));
  })
  .post("/generate", async (c) => {
    const body = await readJson(c, generateLinkSchema);
    if (!body.ok) return body.response;
    const { user } = callerOf(c);
    const result = await generateLink(
      c.get("db"),
      { companyId: user.company.id, companyName: user.company.name, userId: user.id },
      body.data,
      Date.now(),
    );
    if (!result.ok) {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return fail(c, 429, PARTNER_LINK_MESSAGES.createFailed, PARTNER_LINK_MESSAGES.tooMany);
    }
    return ok(c, linkView(result.link, new URL(c.req.url).origin), 201);
  })
  .get("/ping", (c) => ok(c, { status: "ok", service: "partner", time: new Date().toISOString() }));
