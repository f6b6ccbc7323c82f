import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { AUTH_MESSAGES, registerAccount, signIn } from "../../core/auth/accounts";
import { askToConfirm } from "../lib/email-links";
import { endSessionOfRefreshToken, rotateRefreshToken, startApiSession } from "../../core/auth/refresh";
import { loginSchema, logoutSchema, refreshSchema, registrationSchema } from "../../core/auth/schemas";
import {
  endOtherSessions,
  endSessionByHandle,
  invalidateSession,
  listSessions,
} from "../../core/auth/sessions";
import { clearSessionCookieHeader, clientIp, sessionTokenOf } from "../lib/auth";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Вход и сеансы";

/** A user as every answer shows them: never a password hash, always their company. */
export const userSchema = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(["user", "admin"]),
  company: z.strictObject({
    id: z.string(),
    name: z.string(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
    ogrn: z.string().nullable(),
    address: z.string().nullable(),
  }),
});

export const tokenPairSchema = z.strictObject({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** When the access token expires, ms since epoch. */
  accessTokenExpiresAt: z.number().int(),
  /** The access token's lifetime in seconds, counted when it was issued. */
  expiresIn: z.number().int(),
});

export const signedInSchema = z.strictObject({ tokens: tokenPairSchema, user: userSchema });

export const exampleUser = {
  id: "0b1c9a4e-5d2f-4e8a-9f61-3c7d2e1a0b9f",
  firstName: "Ольга",
  lastName: "Смирнова",
  email: "director@reys.demo",
  phone: "+79161234567",
  role: "user",
  company: {
    id: "5e2f8c1a-7b3d-4c9e-a1f0-6d4b2c8e9a7f",
    name: "ООО «Трасса»",
    inn: "7707083893",
    kpp: "773601001",
    ogrn: "1027700132195",
    address: "г Москва, ул Вавилова, д 19",
  },
} satisfies z.input<typeof userSchema>;

export const exampleTokens = {
  accessToken: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…",
  refreshToken: "k3m9x2q7w4e8r1t6y5u0i9o3p2a7s4d8",
  accessTokenExpiresAt: 1_795_000_000_000,
  expiresIn: 900,
} satisfies z.input<typeof tokenPairSchema>;

const sessionSchema = z.strictObject({
  id: z.string().describe("Открытый идентификатор сеанса: первые 16 символов"),
  kind: z.enum(["browser", "api"]),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestamp,
  lastSeenAt: timestamp,
});

const endedSchema = z.strictObject({ ended: z.number().int() });

/** Sign-in, registration, tokens and sessions (spec 1 §7, §9). */
export const authOperations = [
  operation(
    {
      method: "POST",
      path: "/auth/login",
      group: GROUP,
      summary: "Вход: пара токенов и пользователь",
      description:
        "Принимает JSON или форму (application/x-www-form-urlencoded). Токен доступа живёт 15 минут; обновляйте его, когда осталось меньше 300 секунд. После 5 неудачных попыток за 15 минут для одного email или 20 с одного IP отвечает 429 с заголовком Retry-After.",
      access: "public",
      // redirectTo belongs to the /login page's form, not to API clients.
      body: loginSchema.omit({ redirectTo: true }),
      formBody: true,
      success: {
        status: 200,
        data: signedInSchema,
        message: AUTH_MESSAGES.welcome,
        example: { tokens: exampleTokens, user: exampleUser },
      },
      errors: [401, 429],
    },
    async (c, { body }, reply) => {
      const now = Date.now();
      const db = c.get("db");
      const result = await signIn(db, { ...body, ip: clientIp(c), now });
      if (!result.ok) return reply.refuse(result);
      const tokens = await startApiSession(db, c.env.SESSION_SECRET, {
        userId: result.user.id,
        now,
        userAgent: c.req.header("user-agent"),
        ip: clientIp(c),
      });
      return reply.ok({ tokens, user: result.user });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/auth/register",
      group: GROUP,
      summary: "Регистрация пользователя и компании",
      description:
        "Не выполняет вход: после регистрации вызовите POST /auth/login. Занятый email или ИНН — 409. С одного IP — не больше 10 новых аккаунтов в час (429 с заголовком Retry-After).",
      access: "public",
      body: registrationSchema,
      success: {
        status: 201,
        data: z.strictObject({ user: userSchema }),
        message: AUTH_MESSAGES.registered,
        example: { user: exampleUser },
      },
      errors: [409, 429],
    },
    async (c, { body }, reply) => {
      const result = await registerAccount(c.get("db"), body, { ip: clientIp(c), now: Date.now() });
      if (!result.ok) return reply.refuse(result);
      await askToConfirm(c, result.user.id);
      return reply.ok({ user: result.user });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/auth/refresh",
      group: GROUP,
      summary: "Новая пара токенов по токену обновления",
      description:
        "Каждый токен обновления действует один раз. Повторное предъявление уже использованного токена завершает весь сеанс.",
      access: "public",
      body: refreshSchema,
      success: { status: 200, data: signedInSchema, example: { tokens: exampleTokens, user: exampleUser } },
      errors: [401],
    },
    async (c, { body }, reply) => {
      const result = await rotateRefreshToken(
        c.get("db"),
        c.env.SESSION_SECRET,
        body.refreshToken,
        Date.now(),
      );
      if (!result.ok) {
        const message =
          result.reason === "reused"
            ? "Токен обновления уже использован: сеанс завершён в целях безопасности. Войдите снова."
            : "Сеанс истёк. Войдите снова.";
        return reply.fail(401, message);
      }
      return reply.ok({ tokens: result.tokens, user: result.user });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/auth/logout",
      group: GROUP,
      summary: "Выход: сеанс завершается на сервере",
      description:
        "Тело не обязательно: с токеном доступа (Bearer) или cookie сеанса сеанс завершается и без него, токен доступа перестаёт действовать сразу. Можно передать { refreshToken }, чтобы завершить сеанс с истёкшим токеном доступа.",
      access: "public",
      body: logoutSchema,
      bodyOptional: true,
      success: { status: 200, data: z.null(), message: AUTH_MESSAGES.loggedOut, example: null },
      errors: [],
    },
    async (c, { body }, reply) => {
      const caller = c.get("caller");
      if (caller) await invalidateSession(c.get("db"), caller.session.id);
      // A client whose access token expired still ends its session with the refresh token.
      if (body.refreshToken) await endSessionOfRefreshToken(c.get("db"), body.refreshToken);
      if (sessionTokenOf(c.env, c.req.raw) !== undefined) {
        c.header("Set-Cookie", clearSessionCookieHeader(c.env, c.req.url), { append: true });
      }
      return reply.ok(null);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/auth/me",
      group: GROUP,
      summary: "Текущий пользователь",
      access: "signed-in",
      roles: ROLES.all,
      success: { status: 200, data: userSchema, example: exampleUser },
      errors: [],
    },
    (c, _, reply) => reply.ok(callerOf(c).user),
  ),
  operation(
    {
      method: "GET",
      path: "/auth/sessions",
      group: GROUP,
      summary: "Активные сеансы пользователя",
      access: "signed-in",
      roles: ROLES.all,
      success: {
        status: 200,
        data: z.array(sessionSchema),
        example: [
          {
            id: "3f9a1c7e5b2d8a4f",
            kind: "browser",
            current: true,
            userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
            ip: "203.0.113.7",
            createdAt: "2026-11-20T08:15:00.000Z",
            lastSeenAt: "2026-11-22T09:30:00.000Z",
          },
        ],
      },
      errors: [],
    },
    async (c, _, reply) => {
      const { user, session } = callerOf(c);
      return reply.ok(await listSessions(c.get("db"), user.id, session.id, Date.now()));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/auth/sessions/end-others",
      group: GROUP,
      summary: "Завершить все сеансы, кроме текущего",
      access: "signed-in",
      roles: ROLES.all,
      success: { status: 200, data: endedSchema, example: { ended: 2 } },
      errors: [],
    },
    async (c, _, reply) => {
      const { user, session } = callerOf(c);
      return reply.ok({ ended: await endOtherSessions(c.get("db"), user.id, session.id) });
    },
  ),
  operation(
    {
      method: "DELETE",
      path: "/auth/sessions/:id",
      group: GROUP,
      summary: "Завершить один сеанс",
      access: "signed-in",
      roles: ROLES.all,
      owns: { param: "id", resource: "session" },
      params: z.object({ id: z.string().describe("Идентификатор сеанса из GET /auth/sessions") }),
      success: { status: 200, data: endedSchema, example: { ended: 1 } },
      errors: [],
    },
    async (c, { params }, reply) => {
      const { user } = callerOf(c);
      const ended = await endSessionByHandle(c.get("db"), user.id, params.id);
      return ended ? reply.ok({ ended: 1 }) : reply.fail(404, "Сеанс не найден");
    },
  ),
];
