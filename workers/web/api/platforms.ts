import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { listPlatforms } from "../../core/platforms/catalogue";
import {
  createConnection,
  deleteConnection,
  listConnections,
  newConnectionSchema,
  PLATFORM_MESSAGES,
  startSync,
  testConnection,
} from "../../core/platforms/connections";
import { PROXY_SIGN_IN_LIMITS } from "../../core/provider-throttle";
import { PLATFORM_IDS } from "../../providers/customer-platform";
import { clientIp } from "../lib/auth";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Платформы";

const platformSchema = z.strictObject({
  id: z.enum(PLATFORM_IDS),
  display_name: z.string(),
  description: z.string(),
  logo_url: z.string(),
  website_url: z.string(),
});

const connectionSchema = z.strictObject({
  id: z.string(),
  platform_id: z.enum(PLATFORM_IDS),
  platform_name: z.string(),
  platform_logo: z.string(),
  connection_name: z.string(),
  sync_status: z.enum(["success", "error", "syncing", "none"]),
  last_sync_at: timestamp.nullable(),
  sync_error: z.string().nullable(),
  website_url: z.string(),
  orders_count: z.number().int(),
  progress: z.strictObject({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  created_at: timestamp,
});

const exampleConnection = {
  id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  platform_id: "magnit",
  platform_name: "Магнит",
  platform_logo: "/platforms/magnit.svg",
  connection_name: "Магнит — РЦ Краснодар",
  sync_status: "success",
  last_sync_at: "2026-11-23T08:30:00.000Z",
  sync_error: null,
  website_url: "https://www.magnit.ru",
  orders_count: 240,
  progress: null,
  created_at: "2026-11-20T09:00:00.000Z",
} satisfies z.input<typeof connectionSchema>;

const connectionId = z.object({
  id: z.string().describe("Идентификатор подключения из GET /platforms/connections"),
});

/** Customer platforms and the company's connections to them (spec 1 §2 Platforms, §7). */
export const platformsOperations = [
  operation(
    {
      method: "GET",
      path: "/platforms",
      group: GROUP,
      summary: "Платформы заказчиков, которые можно подключить",
      access: "public",
      success: {
        status: 200,
        data: z.array(platformSchema),
        example: [
          {
            id: "x5",
            display_name: "X5 Group",
            description:
              "Пятёрочка, Перекрёсток, Чижик: перевозки между распределительными центрами и магазинами",
            logo_url: "/platforms/x5.svg",
            website_url: "https://www.x5.ru",
          },
        ],
      },
      errors: [],
    },
    (_c, _input, reply) => reply.ok(listPlatforms()),
  ),
  operation(
    {
      method: "GET",
      path: "/platforms/connections",
      group: GROUP,
      summary: "Подключения компании к платформам",
      description:
        "Логин и пароль платформы никогда не возвращаются. sync_status: success, error, syncing или none (ещё не синхронизировалось); во время синхронизации progress показывает, сколько заказов загружено из скольких.",
      access: "signed-in",
      roles: ROLES.office,
      success: { status: 200, data: z.array(connectionSchema), example: [exampleConnection] },
      errors: [],
    },
    async (c, _, reply) =>
      reply.ok(await listConnections(c.get("db"), callerOf(c).user.company.id, Date.now())),
  ),
  operation(
    {
      method: "POST",
      path: "/platforms/connections",
      group: GROUP,
      summary: "Подключить платформу",
      description: `Сначала проверяет логин и пароль на платформе: отклонённые — 422, недоступная платформа — 503, и тогда ничего не сохраняется. Данные для входа хранятся зашифрованными. Сразу после подключения начинается синхронизация заказов. ${PROXY_SIGN_IN_LIMITS}`,
      access: "signed-in",
      roles: ROLES.office,
      body: newConnectionSchema,
      success: {
        status: 201,
        data: connectionSchema,
        message: PLATFORM_MESSAGES.created,
        example: {
          ...exampleConnection,
          sync_status: "syncing",
          orders_count: 0,
          progress: { done: 0, total: null },
        },
      },
      errors: [422, 429, 503],
    },
    async (c, { body }, reply) => {
      const companyId = callerOf(c).user.company.id;
      const result = await createConnection(c.get("deps").platforms(), companyId, body, clientIp(c));
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.connection);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/platforms/connections/:id/test",
      group: GROUP,
      summary: "Проверить подключение",
      description:
        "Входит на платформу с сохранёнными данными. connected: false с message, если платформа отказала или не ответила.",
      access: "signed-in",
      roles: ROLES.office,
      owns: { param: "id", resource: "platform-connection" },
      params: connectionId,
      success: {
        status: 200,
        data: z.strictObject({ connected: z.boolean(), message: z.string().optional() }),
        example: { connected: true },
      },
      errors: [],
    },
    async (c, { params }, reply) => {
      const deps = c.get("deps").platforms();
      const result = await testConnection(deps, callerOf(c).user.company.id, params.id);
      return result ? reply.ok(result) : reply.fail(404, PLATFORM_MESSAGES.notFound);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/platforms/connections/:id/sync",
      group: GROUP,
      summary: "Синхронизировать заказы",
      description:
        "Ставит синхронизацию в очередь (202) или возвращает уже идущую: повторное нажатие ничего не запускает. count — заказов этого подключения сейчас; ход синхронизации виден в GET /platforms/connections. Повторная синхронизация обновляет заказы, а не дублирует их.",
      access: "signed-in",
      roles: ROLES.office,
      owns: { param: "id", resource: "platform-connection" },
      params: connectionId,
      success: {
        status: 202,
        data: z.strictObject({ count: z.number().int(), connection: connectionSchema }),
        example: {
          count: 240,
          connection: { ...exampleConnection, sync_status: "syncing", progress: { done: 0, total: null } },
        },
      },
      errors: [],
    },
    async (c, { params }, reply) => {
      const deps = c.get("deps").platforms();
      const connection = await startSync(deps, callerOf(c).user.company.id, params.id);
      if (!connection) return reply.fail(404, PLATFORM_MESSAGES.notFound);
      return reply.ok({ count: connection.orders_count, connection });
    },
  ),
  operation(
    {
      method: "DELETE",
      path: "/platforms/connections/:id",
      group: GROUP,
      summary: "Отключить платформу",
      description: "Удаляет подключение, его данные для входа и загруженные через него заказы.",
      access: "signed-in",
      roles: ROLES.office,
      owns: { param: "id", resource: "platform-connection" },
      params: connectionId,
      success: { status: 200, data: z.strictObject({ deleted: z.number().int() }), example: { deleted: 1 } },
      errors: [],
    },
    async (c, { params }, reply) => {
      const deleted = await deleteConnection(c.get("db"), callerOf(c).user.company.id, params.id);
      return deleted ? reply.ok({ deleted: 1 }) : reply.fail(404, PLATFORM_MESSAGES.notFound);
    },
  ),
];
