import { Hono } from "hono";
import { suggestCompanies, suggestQuerySchema } from "../../core/companies/suggest";
import type { CompanyLookup } from "../../providers/company-lookup";
import { createDadataLookup } from "../../providers/dadata";
import type { AppBindings } from "../bindings";
import { validate } from "../lib/body";
import { clientIp } from "../lib/auth";
import { fail, ok } from "../lib/envelope";

/** DaData as configured; without a key every look-up fails, which the service logs. */
function companyLookup(env: Env): CompanyLookup {
  const apiKey = env.DADATA_API_KEY;
  if (!apiKey) return { suggest: () => Promise.reject(new Error("DADATA_API_KEY is not set")) };
  return createDadataLookup({ baseUrl: env.DADATA_URL, apiKey });
}

/** Company look-up for the registration form (spec 1 §3, §9); public, as registration is. */
export const companiesRoutes = new Hono<AppBindings>().get("/suggest", async (c) => {
  const { success } = await c.env.SUGGEST_LIMITER.limit({ key: clientIp(c) ?? "unknown" });
  if (!success) return fail(c, 429, "Слишком много запросов подсказок. Подождите минуту и попробуйте снова.");
  const query = validate(c, suggestQuerySchema, c.req.query());
  if (!query.ok) return query.response;
  return ok(c, await suggestCompanies(companyLookup(c.env), query.data.query));
});
