import { z } from "zod";
import { checkDatabase } from "../../core/health";
import { operation, timestamp } from "./operation";

export const healthSchema = z.strictObject({
  status: z.literal("ok"),
  service: z.string(),
  database: z.strictObject({ ok: z.literal(true), latencyMs: z.number() }),
  time: timestamp,
});

/** Health of the API and of the part of it named by `service`, after a real database round trip. */
function healthOperation(path: string, service: string, summary: string, description?: string) {
  return operation(
    {
      method: "GET",
      path,
      group: "Состояние",
      summary,
      ...(description ? { description } : {}),
      access: "public",
      success: {
        status: 200,
        data: healthSchema,
        example: {
          status: "ok",
          service,
          database: { ok: true, latencyMs: 3 },
          time: "2026-11-22T09:30:00.000Z",
        },
      },
      errors: [503],
    },
    async (c, _, reply) => {
      const database = await checkDatabase(c.get("db"));
      if (!database.ok) return reply.fail(503, "База данных недоступна");
      return reply.ok({ status: "ok", service, database, time: new Date().toISOString() });
    },
  );
}

export const healthOperations = [
  healthOperation(
    "/health",
    "api",
    "Проверка работы API",
    "Отвечает после настоящего запроса к базе данных; 503, если база недоступна.",
  ),
  healthOperation("/auth/health", "auth", "Проверка работы сервиса входа"),
];
