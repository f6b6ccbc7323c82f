import { z } from "zod";
import { suggestCompanies, suggestQuerySchema } from "../../core/companies/suggest";
import { clientIp } from "../lib/auth";
import { operation } from "./operation";

/**
 * A CompanySuggestion (workers/providers/company-lookup.ts) as the look-up adapters give it: any
 * field the service does not know is null, the company's name and address included.
 */
export const companySuggestionSchema = z.strictObject({
  value: z.string(),
  data: z.strictObject({
    name: z.strictObject({ short_with_opf: z.string().nullable(), full_with_opf: z.string().nullable() }),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
    ogrn: z.string().nullable(),
    address: z.strictObject({ value: z.string().nullable() }),
  }),
});

/** Company look-up for the registration form (spec 1 §3, §9); public, as registration is. */
export const companiesOperations = [
  operation(
    {
      method: "GET",
      path: "/companies/suggest",
      group: "Компании",
      summary: "Подсказки компаний по названию или ИНН",
      description:
        "Поиск начинается с 2 символов и возвращает до 10 компаний. Не больше 60 запросов в минуту с одного IP (429). Если сервис подсказок недоступен, список пуст.",
      access: "public",
      query: suggestQuerySchema,
      success: {
        status: 200,
        data: z.array(companySuggestionSchema),
        example: [
          {
            value: "ООО «Трасса»",
            data: {
              name: {
                short_with_opf: "ООО «Трасса»",
                full_with_opf: "Общество с ограниченной ответственностью «Трасса»",
              },
              inn: "7707083893",
              kpp: "773601001",
              ogrn: "1027700132195",
              address: { value: "г Москва, ул Вавилова, д 19" },
            },
          },
        ],
      },
      errors: [429],
    },
    async (c, { query }, reply) => {
      const { success } = await c.env.SUGGEST_LIMITER.limit({ key: clientIp(c) ?? "unknown" });
      if (!success) {
        return reply.fail(429, "Слишком много запросов подсказок. Подождите минуту и попробуйте снова.");
      }
      return reply.ok(await suggestCompanies(c.get("deps").companyLookup(), query.query));
    },
  ),
];
