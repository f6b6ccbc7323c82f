import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { clientIp } from "../lib/auth";
import { operation } from "./operation";

/** The БИК field's type-ahead starts at this many characters (three digits already narrow a region). */
const MIN_BANK_QUERY = 3;
const MAX_BANK_QUERY = 100;
const BANKS_SHOWN = 10;

const bankSuggestionSchema = z.strictObject({
  bic: z.string(),
  name: z.string().describe("Наименование для платёжного поручения"),
  shortName: z.string(),
  correspondentAccount: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(["active", "liquidating", "liquidated"]),
});

/** Bank look-up for the requisites form (issue 21, item 4): DaData's bank directory by БИК or name. */
export const banksOperations = [
  operation(
    {
      method: "GET",
      path: "/banks/suggest",
      group: "Компании",
      summary: "Подсказки банков по БИК или названию",
      description: `Поиск в справочнике банков (DaData) начинается с ${MIN_BANK_QUERY} символов и возвращает до ${BANKS_SHOWN} банков: БИК, наименование, корреспондентский счёт, город и статус (ликвидированные и ликвидируемые банки принять выплату не могут). Не больше 60 запросов в минуту с одного IP (429). Если справочник недоступен — 503.`,
      access: "signed-in",
      roles: ROLES.director,
      query: z.object({
        query: z
          .string({ error: "Строка поиска должна быть текстом" })
          .trim()
          .max(MAX_BANK_QUERY, { error: `Строка поиска не длиннее ${MAX_BANK_QUERY} символов` })
          .default(""),
      }),
      success: {
        status: 200,
        data: z.array(bankSuggestionSchema),
        example: [
          {
            bic: "044525225",
            name: "ПАО СБЕРБАНК",
            shortName: "ПАО Сбербанк",
            correspondentAccount: "30101810400000000225",
            city: "г. Москва",
            status: "active",
          },
        ],
      },
      errors: [429, 503],
    },
    async (c, { query }, reply) => {
      if (query.query.length < MIN_BANK_QUERY) return reply.ok([]);
      const { success } = await c.env.SUGGEST_LIMITER.limit({ key: clientIp(c) ?? "unknown" });
      if (!success) {
        return reply.fail(429, "Слишком много запросов подсказок. Подождите минуту и попробуйте снова.");
      }
      let banks;
      try {
        banks = await c.get("deps").bankLookup().suggest(query.query, BANKS_SHOWN);
      } catch {
        return reply.fail(
          503,
          "Справочник банков сейчас недоступен. Введите реквизиты вручную или повторите через минуту",
        );
      }
      return reply.ok(
        banks.map((bank) => ({
          bic: bank.bic,
          name: bank.name,
          shortName: bank.shortName,
          correspondentAccount: bank.correspondentAccount,
          city: bank.city,
          status: bank.status,
        })),
      );
    },
  ),
];
