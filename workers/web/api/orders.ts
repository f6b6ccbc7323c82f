import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import {
  listOrders,
  ORDER_MESSAGES,
  orderMetrics,
  ordersByStatusQuerySchema,
  ordersInStatus,
  ordersQuerySchema,
  requestPayment,
} from "../../core/orders/orders";
import { READY_STATUSES } from "../../core/finance/quick-payments";
import { readyOrders } from "../../core/finance/ready-orders";
import { ORDER_STATUSES } from "../../providers/customer-platform";
import { exampleFactoringOrder, factoringOrderSchema } from "./finance-reads";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Заказы";

/** An order as the API shows it (OrderView): rubles, ISO dates. */
const orderSchema = z.strictObject({
  id: z.string(),
  platform_name: z.string(),
  platform_logo: z.string(),
  external_order_id: z.string(),
  customer_name: z.string().nullable(),
  pickup_address: z.string(),
  pickup_contact_name: z.string().nullable(),
  pickup_contact_phone: z.string().nullable(),
  delivery_address: z.string(),
  delivery_contact_name: z.string().nullable(),
  delivery_contact_phone: z.string().nullable(),
  pickup_longitude: z.number().nullable(),
  pickup_latitude: z.number().nullable(),
  delivery_longitude: z.number().nullable(),
  delivery_latitude: z.number().nullable(),
  cargo_type: z.string().nullable(),
  cargo_description: z.string().nullable(),
  cargo_weight: z.number().nullable(),
  cargo_volume: z.number().nullable(),
  cargo_packages: z.number().int().nullable(),
  documents_required: z.array(z.string()),
  price: z.number().nullable(),
  currency: z.string(),
  payment_terms: z.string().nullable(),
  created_at: timestamp,
  pickup_time_from: timestamp.nullable(),
  delivery_time_from: timestamp.nullable(),
  status: z.enum(ORDER_STATUSES),
  vehicle_requirements: z.string().nullable(),
  order_number: z.string().nullable(),
  edo_info: z
    .strictObject({
      edoId: z.string(),
      documents: z.array(
        z.strictObject({
          id: z.string(),
          type: z.string(),
          // As the EDO operator writes it.
          dateTime: z.string(),
        }),
      ),
    })
    .nullable(),
  distance_km: z.number().int().nullable(),
  payment_requested_at: timestamp.nullable(),
});

const exampleOrder = {
  id: "3b9f6a2c-1d4e-4f5a-8b7c-9d0e1f2a3b4c",
  platform_name: "magnit",
  platform_logo: "/platforms/magnit.svg",
  external_order_id: "MGN-2026-059874",
  customer_name: "АО «Тандер»",
  pickup_address: "Краснодарский край, г Краснодар, ул Солнечная, д 15/5",
  pickup_contact_name: "Ковалёв Игорь",
  pickup_contact_phone: "+7 (861) 210-45-17",
  delivery_address: "Ростовская обл, г Ростов-на-Дону, пр-кт Шолохова, д 31",
  delivery_contact_name: "Соколова Анна",
  delivery_contact_phone: null,
  pickup_longitude: 39.0334,
  pickup_latitude: 45.0355,
  delivery_longitude: 39.7015,
  delivery_latitude: 47.2357,
  cargo_type: "Продукты питания",
  cargo_description: "Молочная продукция, 18 паллет",
  cargo_weight: 12400,
  cargo_volume: 64,
  cargo_packages: 18,
  documents_required: ["ТТН", "ЭТрН"],
  price: 48250.5,
  currency: "RUB",
  payment_terms: "Отсрочка 30 дней",
  created_at: "2026-11-20T06:00:00.000Z",
  pickup_time_from: "2026-11-21T05:00:00.000Z",
  delivery_time_from: "2026-11-21T15:00:00.000Z",
  status: "delivered",
  vehicle_requirements: "Рефрижератор 20 т, +2…+6 °C",
  order_number: null,
  edo_info: null,
  distance_km: 250,
  payment_requested_at: null,
} satisfies z.input<typeof orderSchema>;

const metricsSchema = z.strictObject({
  totalOrders: z.number().int(),
  activeOrders: z.number().int(),
  completedOrders: z.number().int(),
  totalRevenue: z.number(),
  averageOrderValue: z.number(),
  profitMargin: z.number(),
  platformBreakdown: z.array(
    z.strictObject({ platform: z.string(), orders: z.number().int(), revenue: z.number() }),
  ),
});

/** Orders across platforms: the list, reads by status, metrics, payment requests (spec 2 §7, spec 3 §7). */
export const ordersOperations = [
  operation(
    {
      method: "GET",
      path: "/platforms/orders",
      group: GROUP,
      summary: "Заказы с платформ: страница списка",
      description:
        "Фильтры platform (all, edo, x5, magnit, pepsi, mars, sber_logistics) и status (all или статус заказа), поиск search без учёта регистра по заказчику, получателю, описанию груза и номеру заказа (подстрока; от трёх символов — по индексу). Новые сверху; pagination рядом с data: page, limit (до 200), total, totalPages и курсоры соседних страниц nextCursor, prevCursor (null у края списка). Следующая страница — after=nextCursor, предыдущая — before=prevCursor (с page её номера): она начинается сразу за заказом курсора, так что заказы, пришедшие между запросами, не повторяются и не пропадают, и глубокая страница отвечает так же быстро, как первая. Без курсора страница page берётся по номеру. distance_km — расстояние по прямой между точками погрузки и выгрузки.",
      access: "signed-in",
      roles: ROLES.office,
      query: ordersQuerySchema,
      success: {
        status: 200,
        data: z.array(orderSchema),
        extra: {
          pagination: z.strictObject({
            page: z.number().int(),
            limit: z.number().int(),
            total: z.number().int(),
            totalPages: z.number().int(),
            nextCursor: z.string().nullable(),
            prevCursor: z.string().nullable(),
          }),
        },
        example: [exampleOrder],
        exampleExtra: {
          pagination: { page: 1, limit: 50, total: 1, totalPages: 1, nextCursor: null, prevCursor: null },
        },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const { orders, total, nextCursor, prevCursor } = await listOrders(
        c.get("db"),
        callerOf(c).user.company.id,
        query,
      );
      const { page, limit } = query;
      return reply.ok(orders, {
        extra: {
          pagination: { page, limit, total, totalPages: Math.ceil(total / limit), nextCursor, prevCursor },
        },
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/orders",
      group: GROUP,
      summary: "Заказы компании в статусе",
      description:
        "Не больше 500 последних. С финальным статусом (delivered, invoiced, paid или свободен), как их запрашивает экран финансов, — заказы в виде для факторинга (как GET /finance/ready-orders): только с ценой больше нуля или с данными ЭДО, с payable, quickPayment и надёжностью заказчика. Без status или с другим статусом — заказы в общем виде, как в GET /platforms/orders.",
      access: "signed-in",
      roles: ROLES.office,
      query: ordersByStatusQuerySchema,
      success: {
        status: 200,
        data: z.union([z.array(orderSchema), z.array(factoringOrderSchema)]),
        example: [exampleFactoringOrder],
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const companyId = callerOf(c).user.company.id;
      if (query.status && READY_STATUSES.includes(query.status)) {
        const ready = await readyOrders(c.get("db"), companyId, { status: query.status, limit: 500 });
        return reply.ok(ready.orders);
      }
      return reply.ok(await ordersInStatus(c.get("db"), companyId, query.status));
    },
  ),
  operation(
    {
      method: "GET",
      path: "/orders/metrics",
      group: GROUP,
      summary: "Сводка по заказам",
      description:
        "Активные: new, reviewed, accepted, confirmed, in_transit. Выполненные: delivered, invoiced, paid. Выручка — сумма выполненных заказов в рублях; средний чек — выручка на выполненный заказ; profitMargin всегда 0.15.",
      access: "signed-in",
      roles: ROLES.office,
      success: {
        status: 200,
        data: metricsSchema,
        example: {
          totalOrders: 480,
          activeOrders: 270,
          completedOrders: 160,
          totalRevenue: 7_420_350.5,
          averageOrderValue: 46_377.19,
          profitMargin: 0.15,
          platformBreakdown: [
            { platform: "magnit", orders: 240, revenue: 3_910_200 },
            { platform: "x5", orders: 240, revenue: 3_510_150.5 },
          ],
        },
      },
      errors: [],
    },
    async (c, _, reply) => reply.ok(await orderMetrics(c.get("db"), callerOf(c).user.company.id)),
  ),
  operation(
    {
      method: "POST",
      path: "/orders/:id/payment-request",
      group: GROUP,
      summary: "Запросить оплату за выполненный заказ",
      description:
        "Только для заказов в статусе delivered, paid или свободен (иначе 409). Повторный запрос возвращает уже созданный (200, created: false), второй не создаётся.",
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "id", resource: "order" },
      params: z.object({ id: z.string().describe("Идентификатор заказа (id из списка заказов)") }),
      success: {
        status: [201, 200],
        data: z.strictObject({ requestedAt: timestamp, created: z.boolean() }),
        message: ORDER_MESSAGES.paymentRequested,
        example: { requestedAt: "2026-11-23T09:15:00.000Z", created: true },
      },
      errors: [409],
    },
    async (c, { params }, reply) => {
      const result = await requestPayment(c.get("db"), callerOf(c).user.company.id, params.id, Date.now());
      if (!result.ok) return reply.refuse(result);
      return reply.ok(
        { requestedAt: result.requestedAt, created: result.created },
        { status: result.created ? 201 : 200 },
      );
    },
  ),
];
