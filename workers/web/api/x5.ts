import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import {
  authenticateX5,
  disconnectX5,
  storedX5Auth,
  testX5,
  X5_MESSAGES,
  x5AuthSchema,
} from "../../core/x5/x5";
import { PROXY_SIGN_IN_LIMITS } from "../../core/provider-throttle";
import { clientIp } from "../lib/auth";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Интеграция X5";

/** The X5 auth response (spec 3 §3): the token, when it expires, and whose it is. */
const x5AuthAnswerSchema = z.strictObject({
  token: z.string(),
  expires: timestamp,
  user: z.strictObject({ userName: z.string() }),
});

const exampleX5Auth = {
  token: "x5.eyJzdWIiOiJjYXJyaWVyQHg1LmRlbW8ifQ…",
  expires: "2026-11-23T10:15:00.000Z",
  user: { userName: "carrier@x5.demo" },
} satisfies z.input<typeof x5AuthAnswerSchema>;

/** The X5 integration page's API (spec 3 §7): a token from X5, its test, and disconnecting. */
export const x5Operations = [
  operation(
    {
      method: "GET",
      path: "/x5/health",
      group: GROUP,
      summary: "Проверка работы интеграции X5",
      description: "Отвечает без обращения к X5: доступность самой X5 проверяет GET /x5/test.",
      access: "public",
      success: {
        status: 200,
        data: z.strictObject({ status: z.literal("ok"), service: z.literal("x5") }),
        example: { status: "ok", service: "x5" },
      },
      errors: [],
    },
    (_c, _input, reply) => reply.ok({ status: "ok", service: "x5" }),
  ),
  operation(
    {
      method: "POST",
      path: "/x5/auth",
      group: GROUP,
      summary: "Получить токен X5 по логину и паролю X5",
      description: `Токен хранится зашифрованным для компании и показывается только ей. Логин или пароль отклонены — 422, X5 не отвечает — 503. ${PROXY_SIGN_IN_LIMITS}`,
      access: "signed-in",
      roles: ROLES.office,
      body: x5AuthSchema,
      success: { status: 200, data: x5AuthAnswerSchema, example: exampleX5Auth },
      errors: [422, 429, 503],
    },
    async (c, { body }, reply) => {
      const result = await authenticateX5(c.get("deps").x5(), callerOf(c).user.company.id, body, clientIp(c));
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.data);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/x5/auth",
      group: GROUP,
      summary: "Текущий токен X5 компании",
      access: "signed-in",
      roles: ROLES.office,
      requires: "x5-token",
      success: { status: 200, data: x5AuthAnswerSchema, example: exampleX5Auth },
      errors: [404],
    },
    async (c, _, reply) => {
      const auth = await storedX5Auth(c.get("deps").x5(), callerOf(c).user.company.id);
      return auth ? reply.ok(auth) : reply.fail(404, X5_MESSAGES.noToken);
    },
  ),
  operation(
    {
      method: "DELETE",
      path: "/x5/auth",
      group: GROUP,
      summary: "Отключить X5: забыть токен",
      access: "signed-in",
      roles: ROLES.office,
      success: { status: 200, data: z.null(), message: X5_MESSAGES.disconnected, example: null },
      errors: [],
    },
    async (c, _, reply) => {
      await disconnectX5(c.get("db"), callerOf(c).user.company.id);
      return reply.ok(null);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/x5/test",
      group: GROUP,
      summary: "Проверить подключение к X5 сохранённым токеном",
      description: "Без токена или с истёкшим токеном — 409 с объяснением; X5 не отвечает — 503.",
      access: "signed-in",
      roles: ROLES.office,
      requires: "x5-token",
      success: {
        status: 200,
        data: z.strictObject({ connected: z.literal(true) }),
        message: X5_MESSAGES.works,
        example: { connected: true },
      },
      errors: [409, 503],
    },
    async (c, _, reply) => {
      const result = await testX5(c.get("deps").x5(), callerOf(c).user.company.id);
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.data);
    },
  ),
];
