import { z } from "zod";
import { startApiSession } from "../../core/auth/refresh";
import { PARTNER_DISCOUNTS, type PartnerCode } from "../../core/partners/codes";
import { linkViewedEvent, registeredEvent } from "../../core/partners/funnel";
import { readPartnerLanding, validateCodeOrHash } from "../../core/partners/landing";
import { registerPartnerAccount } from "../../core/partners/quick-registration";
import { askToConfirm } from "../lib/email-links";
import {
  landingQuerySchema,
  PARTNER_REGISTRATION_MESSAGES,
  partnerRegistrationSchema,
} from "../../core/partners/quick-registration-schema";
import { clientIp } from "../lib/auth";
import { recordServerEvents } from "../lib/server-events";
import { exampleTokens, exampleUser, tokenPairSchema, userSchema } from "./auth";
import { operation, timestamp } from "./operation";

const GROUP = "Партнёры";

const partnerCodeSchema = z.enum(Object.keys(PARTNER_DISCOUNTS) as PartnerCode[]);

/** Who invites: a retail partner (with its code and logo) or the carrier that made the link. */
const landingPartnerSchema = z.strictObject({
  name: z.string(),
  logo: z.string().nullable(),
  code: z.string().nullable(),
  description: z.string(),
});

const landingDiscountSchema = z.strictObject({
  discountValue: z.number().describe("Проценты для percentage, рубли для fixed"),
  discountType: z.enum(["percentage", "fixed"]),
  description: z.string(),
  validUntil: timestamp.nullable(),
});

/** PartnerLandingData: partner, discount and lead are null for a token that names no link. */
export const partnerLandingSchema = z.strictObject({
  isValid: z.boolean(),
  alreadyRegistered: z.boolean(),
  partner: landingPartnerSchema.nullable(),
  discount: landingDiscountSchema.nullable(),
  lead: z
    .strictObject({
      companyName: z.string(),
      companyInn: z.string(),
      companyAddress: z.string(),
      companyEmail: z.string().nullable(),
      companyPhone: z.string().nullable(),
      contactName: z.string(),
      contactEmail: z.string(),
      contactPhone: z.string().nullable(),
    })
    .nullable(),
});

/** CodeOrHashValidation: a partner's code, a link's token, or neither. */
const codeOrHashValidationSchema = z.union([
  z.strictObject({
    valid: z.literal(true),
    kind: z.literal("partner"),
    code: partnerCodeSchema,
    name: z.string(),
    discountPercent: z.number(),
  }),
  z.strictObject({
    valid: z.boolean(),
    kind: z.literal("link"),
    alreadyRegistered: z.boolean(),
    partner: landingPartnerSchema.nullable(),
    discount: landingDiscountSchema.nullable(),
  }),
  z.strictObject({ valid: z.literal(false), kind: z.null() }),
]);

const examplePartnerLanding = {
  isValid: true,
  alreadyRegistered: false,
  partner: {
    name: "Магнит",
    logo: "/platforms/magnit.svg",
    code: "magnit",
    description:
      "Магнит — партнёр Рейса. Перевозчики партнёра получают оплату за выполненный рейс за 24 часа с комиссией 2% и работают с ЭДО в одном кабинете.",
  },
  discount: {
    discountValue: 15,
    discountType: "percentage",
    description: "Скидка 15% на тарифы платформы для партнеров",
    validUntil: "2026-12-23T09:30:00.000Z",
  },
  lead: {
    companyName: "ООО «Вектор Логистик»",
    companyInn: "7707083893",
    companyAddress: "г Москва, ул Вавилова, д 19",
    companyEmail: "office@vector-log.ru",
    companyPhone: "+74951234567",
    contactName: "Андрей Волков",
    contactEmail: "volkov@vector-log.ru",
    contactPhone: "+79161234567",
  },
} satisfies z.input<typeof partnerLandingSchema>;

/** The partner landing's data, the partner-code / link check (public) and quick registration. */
export const partnerLandingOperations = [
  operation(
    {
      method: "GET",
      path: "/landing/landing",
      group: GROUP,
      summary: "Данные партнерской страницы по токену ссылки",
      description:
        "Для страницы /partner/<token>. isValid: false — ссылки с таким токеном нет (данных лида в ответе нет никогда). alreadyRegistered: true — по ссылке уже зарегистрировались: партнер виден, lead — null. Иначе — предложение партнера, скидка (discountValue — проценты для percentage, рубли для fixed; null, если скидки нет или она истекла) и данные лида для формы быстрой регистрации. Метки utm_source, utm_medium, utm_campaign попадают в аналитику просмотров.",
      access: "public",
      query: landingQuerySchema,
      success: { status: 200, data: partnerLandingSchema, example: examplePartnerLanding },
      errors: [],
    },
    async (c, { query }, reply) => {
      const { token, ...utm } = query;
      const now = Date.now();
      const landing = await readPartnerLanding(c.get("db"), token, now);
      if (landing.link && !landing.data.alreadyRegistered) {
        recordServerEvents(c.env, c.executionCtx, [
          linkViewedEvent(landing.link, {
            utm,
            // The page that asked: the landing itself, read from the URL hash.
            pageUrl: c.req.header("referer") ?? null,
            referrer: null,
            userId: c.get("caller")?.user.id ?? null,
            now,
          }),
        ]);
      }
      return reply.ok(landing.data);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/landing/validate/:codeOrHash",
      group: GROUP,
      summary: "Проверка кода партнера или токена ссылки",
      description:
        "Код партнера (magnit, pyaterochka, lenta, metro, auchan, perekrestok, okey, karusel; регистр не важен) — kind: partner со скидкой партнера по умолчанию. Токен партнерской ссылки — kind: link; valid — ссылка еще не использована. Что-то другое — valid: false, kind: null.",
      access: "public",
      params: z.object({
        codeOrHash: z.string().describe("Код партнера или токен партнерской ссылки"),
      }),
      success: {
        status: 200,
        data: codeOrHashValidationSchema,
        example: {
          valid: true,
          kind: "partner",
          code: "magnit",
          name: "Магнит",
          discountPercent: 15,
        },
      },
      errors: [],
    },
    async (c, { params }, reply) =>
      reply.ok(await validateCodeOrHash(c.get("db"), params.codeOrHash, Date.now())),
  ),
  operation(
    {
      method: "POST",
      path: "/registration/partner-register",
      group: GROUP,
      summary: "Быстрая регистрация по партнерской ссылке",
      description:
        "Создает компанию и пользователя, отмечает ссылку использованной и сразу выполняет вход: data.authToken — токен доступа (то же, что data.tokens.accessToken), data.tokens — пара токенов, как у POST /auth/login. Телефон — +7 и 10 цифр; ИНН компании (10 или 12 цифр) и адрес обязательны; agreedToTerms — true. Ссылки нет — 404 «Ссылка недействительна»; по ссылке уже зарегистрировались (в том числе одновременным запросом) — 409 «Уже зарегистрированы»; занятый email или ИНН — 409. С одного IP — не больше 10 новых аккаунтов в час вместе с обычной регистрацией (429 с заголовком Retry-After).",
      access: "public",
      body: partnerRegistrationSchema,
      success: {
        status: 201,
        data: z.strictObject({
          authToken: z.string().describe("Токен доступа: то же, что tokens.accessToken"),
          tokens: tokenPairSchema,
          user: userSchema,
        }),
        message: PARTNER_REGISTRATION_MESSAGES.registered,
        example: { authToken: exampleTokens.accessToken, tokens: exampleTokens, user: exampleUser },
      },
      errors: [404, 409, 429],
    },
    async (c, { body }, reply) => {
      const db = c.get("db");
      const now = Date.now();
      const ip = clientIp(c);
      const result = await registerPartnerAccount(db, body, { ip, now });
      if (!result.ok) {
        const detail =
          result.reason === "already_registered"
            ? PARTNER_REGISTRATION_MESSAGES.alreadyRegisteredDetail
            : undefined;
        return reply.refuse(result, detail);
      }
      await askToConfirm(c, result.user.id);
      const tokens = await startApiSession(db, c.env.SESSION_SECRET, {
        userId: result.user.id,
        now,
        userAgent: c.req.header("user-agent"),
        ip,
      });
      recordServerEvents(c.env, c.executionCtx, [
        registeredEvent(result.link, {
          utm: {},
          userId: result.user.id,
          companyId: result.user.company.id,
          channel: "api",
          now,
        }),
      ]);
      return reply.ok({ authToken: tokens.accessToken, tokens, user: result.user });
    },
  ),
];
