import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { generateLinkSchema, PARTNER_LINK_MESSAGES } from "../../core/partners/link-schema";
import { generateLink, linkView, listLinks } from "../../core/partners/links";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Партнёры";

/** A partner link as its carrier sees it (PartnerLinkView). */
const partnerLinkSchema = z.strictObject({
  id: z.string(),
  unique_token: z.string(),
  link: z.string().describe("Адрес партнерской страницы /partner/<unique_token>"),
  short_code: z.string(),
  short_link: z.string().describe("Короткий адрес /s/<short_code>"),
  partner_source: z.strictObject({ name: z.string(), code: z.string().nullable() }),
  source: z.string(),
  clicks: z.number().int(),
  last_clicked_at: timestamp.nullable(),
  created_at: timestamp,
  used_at: timestamp.nullable(),
});

const partnerLinkStatsSchema = z.strictObject({
  total: z.number().int(),
  used: z.number().int(),
  active: z.number().int(),
  clicks: z.number().int(),
  clicked: z.number().int(),
  /** Percent with one decimal. */
  conversion: z.number(),
});

const examplePartnerLink = {
  id: "8d3f1b2a-6c4e-4a7f-9b1d-2e5c7a9f0b3d",
  unique_token: "k7m2q9x4w8e1r6t3y5u0i2o7p4a9s6d1",
  link: "https://reys.example/partner/k7m2q9x4w8e1r6t3y5u0i2o7p4a9s6d1",
  short_code: "x7k2m9pqa3b4",
  short_link: "https://reys.example/s/x7k2m9pqa3b4",
  partner_source: { name: "ООО «Рейс Демо Транс»", code: null },
  source: "web_dashboard",
  clicks: 7,
  last_clicked_at: "2026-11-23T08:12:00.000Z",
  created_at: "2026-11-20T10:00:00.000Z",
  used_at: null,
} satisfies z.input<typeof partnerLinkSchema>;

/** A carrier's partner links (spec 1 §2 «Partner links management», §7; decision 0033). */
export const partnerOperations = [
  operation(
    {
      method: "GET",
      path: "/partner/leads",
      group: GROUP,
      summary: "Партнерские ссылки компании",
      description:
        "Ссылки, созданные вашей компанией, от новых к старым (до 500), и сводка по всем: total — всего, used — использовано (по ссылке зарегистрировались), active — активных, clicks — переходов по коротким ссылкам (без ботов), clicked — открытых ссылок, conversion — доля зарегистрировавшихся среди открытых, в процентах. Ссылки других компаний не видны.",
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: z.strictObject({ leads: z.array(partnerLinkSchema), stats: partnerLinkStatsSchema }),
        example: {
          leads: [examplePartnerLink],
          stats: { total: 3, used: 1, active: 2, clicks: 14, clicked: 2, conversion: 50 },
        },
      },
      errors: [],
    },
    async (c, _, reply) => {
      const { user } = callerOf(c);
      return reply.ok(await listLinks(c.get("db"), user.company.id, new URL(c.req.url).origin));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/partner/generate",
      group: GROUP,
      summary: "Создать партнерскую ссылку",
      description:
        "Приглашение компании-лида: её данные заполнят форму быстрой регистрации на странице link. Обязательны companyName, companyInn (10 или 12 цифр, пробелы убираются), companyAddress, contactFirstName, contactLastName, contactEmail; companyEmail — по желанию, но в формате email. source — откуда создана ссылка (по умолчанию web_dashboard). Ответ — ссылка: link ведёт на /partner/<unique_token>, short_link — короткая /s/<short_code>. Не больше 60 ссылок в час от одного пользователя (429 с заголовком Retry-After).",
      access: "signed-in",
      roles: ROLES.director,
      body: generateLinkSchema,
      success: { status: 201, data: partnerLinkSchema, example: examplePartnerLink },
      errors: [429],
    },
    async (c, { body }, reply) => {
      const { user } = callerOf(c);
      const result = await generateLink(
        c.get("db"),
        { companyId: user.company.id, companyName: user.company.name, userId: user.id },
        body,
        Date.now(),
      );
      if (!result.ok) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return reply.fail(429, PARTNER_LINK_MESSAGES.createFailed, PARTNER_LINK_MESSAGES.tooMany);
      }
      return reply.ok(linkView(result.link, new URL(c.req.url).origin));
    },
  ),
  operation(
    {
      method: "GET",
      path: "/partner/ping",
      group: GROUP,
      summary: "Проверка партнерского API",
      description: "Для разработчиков: отвечает, что партнерский API доступен, и время сервера.",
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: z.strictObject({ status: z.literal("ok"), service: z.literal("partner"), time: timestamp }),
        example: { status: "ok", service: "partner", time: "2026-11-23T09:30:00.000Z" },
      },
      errors: [],
    },
    (_c, _input, reply) => reply.ok({ status: "ok", service: "partner", time: new Date().toISOString() }),
  ),
];
