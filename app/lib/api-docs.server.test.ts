import { describe, expect, it } from "vitest";
import { apiDocs, type DocAnswer, type DocField, type DocOperation } from "./api-docs.server";

function operation(method: string, path: string): DocOperation {
  const found = apiDocs()
    .flatMap((group) => group.operations)
    .find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}

const field = (
  op: Pick<DocOperation, "body" | "parameters"> | DocAnswer,
  list: "body" | "parameters" | "fields",
  name: string,
) => (op as Record<typeof list, DocField[]>)[list].find((f) => f.name === name);

describe("the API documentation page's model", () => {
  it("describes request fields in Russian from the same schemas the API validates with", () => {
    const login = operation("POST", "/api/auth/login");
    expect(login.accessLabel).toBe("Без входа");
    expect(field(login, "body", "email")).toEqual({ name: "email", required: true, description: "email" });
    expect(field(login, "body", "password")).toEqual({
      name: "password",
      required: true,
      description: "строка, 6–128 символов",
    });
    expect(login.errors.map((e) => e.status)).toEqual([400, 401, 403, 413, 415, 429, 503]);

    const batch = operation("POST", "/api/analytics/events");
    expect(field(batch, "body", "events")?.description).toBe("массив, 1–100 элементов");
    expect(field(batch, "body", "events[].id")).toMatchObject({ required: true, description: "UUID" });

    const events = operation("GET", "/api/analytics/user/{userId}/events");
    expect(events.accessLabel).toBe("Только администратор");
    expect(field(events, "parameters", "limit")?.description).toBe("целое число, 1–500, по умолчанию 100");
    expect(field(events, "parameters", "{userId} (в пути)")?.required).toBe(true);
  });

  it("shows each answer's schema and an example of the envelope a client receives", () => {
    const logout = operation("POST", "/api/auth/logout");
    expect(JSON.parse(logout.success[0].example!)).toEqual({
      success: true,
      data: null,
      message: "Вы вышли из системы.",
    });
    const endOne = operation("DELETE", "/api/auth/sessions/{id}");
    expect(endOne.parameters.map((p) => p.name)).toEqual(["{id} (в пути)"]);
    expect(endOne.errors).toContainEqual({ status: 404, text: "Не найдено" });

    const me = operation("GET", "/api/auth/me");
    expect(me.success.map((answer) => answer.status)).toEqual([200]);
    expect(field(me.success[0], "fields", "data.company.inn")).toEqual({
      name: "data.company.inn",
      required: true,
      description: "строка",
    });
    expect(field(me.success[0], "fields", "success")?.description).toBe("всегда true");

    const paymentRequest = operation("POST", "/api/orders/{id}/payment-request");
    expect(paymentRequest.success.map((answer) => answer.status)).toEqual([200, 201]);

    const print = operation("GET", "/api/edo/documents/{id}/print");
    expect(print.success[0].file).toBe("application/pdf, сохраняется как document-{id}.pdf");
  });

  it("names the company roles each signed-in operation serves, and the 403 the others get", () => {
    const balance = operation("GET", "/api/finance/balance");
    expect(balance.accessLabel).toBe("Нужен вход: руководитель");
    expect(balance.errors.map((e) => e.status)).toContain(403);
    expect(operation("GET", "/api/orders").accessLabel).toBe("Нужен вход: руководитель, диспетчер");
    const me = operation("GET", "/api/auth/me");
    expect(me.accessLabel).toBe("Нужен вход: любая роль");
    expect(me.errors.map((e) => e.status)).not.toContain(403);
  });
});
