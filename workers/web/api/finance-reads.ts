import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { QUICK_PAYMENT_STATUSES } from "../../../db/schema/finance";
import { ORDER_PLATFORM_IDS, ORDER_STATUSES } from "../../../db/vocabulary";
import { creditScore, customerReliability, type CustomerReliability } from "../../core/finance/credit-score";
import { operationsOf, type Operation } from "../../core/finance/ledger";
import { movementState } from "../../core/finance/movement-state";
import { isPeriod, readyOrders, readySummary } from "../../core/finance/ready-orders";
import { cursorParam } from "../../core/orders/orders";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Финансы";

/** Rubles as the API writes them: a number with kopecks as its two decimals. */
const rubles = (kopecks: number) => kopecks / 100;

const periodSchema = z.coerce
  .number({ error: "period: 0 или код квартала, например 20243" })
  .refine(isPeriod, { error: "period: 0 или код квартала, например 20243" })
  .default(0)
  .describe("0 — все периоды, иначе год и квартал создания заказа по Москве: 20243 — III квартал 2024");

const reliabilitySchema = z.strictObject({
  key: z.string(),
  kind: z.enum(["platform", "shipper"]),
  name: z.string(),
  inn: z.string().nullable(),
  ordersCount: z.number().int(),
  decidedChains: z
    .number()
    .int()
    .describe("Цепочки ЭТрН с известным исходом: закрытые, отклонённые, просроченные"),
  closedChainsShare: z.number().nullable().describe("Доля закрытых из них, 0…1; null — судить не по чему"),
  daysToPay: z
    .number()
    .nullable()
    .describe("Среднее число дней от доставки до оплаты; null — данных об оплатах нет"),
});

const exampleCustomer = {
  key: "platform:magnit",
  kind: "platform",
  name: "Магнит",
  inn: null,
  ordersCount: 240,
  decidedChains: 0,
  closedChainsShare: null,
  daysToPay: null,
} satisfies CustomerReliability;

/** Spec 3 §3 «Order (factoring view)» with payability, the order's quick payment and its customer. */
export const factoringOrderSchema = z.strictObject({
  id: z.string(),
  platform: z.enum(ORDER_PLATFORM_IDS),
  platform_name: z.string(),
  external_order_id: z.string(),
  order_number: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  pricing: z.strictObject({
    total: z
      .number()
      .nullable()
      .describe("Рубли; null — у заказа нет цены (заказ из ЭДО: сумму указывает перевозчик)"),
    currency: z.string(),
  }),
  route: z.strictObject({
    from: z.strictObject({ address: z.string() }),
    to: z.strictObject({ address: z.string() }),
  }),
  cargo: z.strictObject({
    type: z.string().nullable(),
    description: z.string().nullable(),
    weight: z.number().nullable().describe("кг"),
  }),
  timeline: z.strictObject({ orderCreated: timestamp, deliveryDate: timestamp.nullable() }),
  edoInfo: z
    .strictObject({
      edoId: z.string(),
      documents: z.array(z.strictObject({ id: z.string(), type: z.string(), dateTime: z.string() })),
    })
    .nullable(),
  priceKnown: z.boolean(),
  payable: z.boolean(),
  notPayableReason: z.string().nullable(),
  quickPayment: z
    .strictObject({
      id: z.string(),
      status: z.enum(QUICK_PAYMENT_STATUSES),
      publicStatus: z.enum(["pending", "processing", "completed", "failed"]),
    })
    .nullable(),
  customer: reliabilitySchema,
});

export const exampleFactoringOrder = {
  id: "3b9f6a2c-1d4e-4f5a-8b7c-9d0e1f2a3b4c",
  platform: "magnit",
  platform_name: "Магнит",
  external_order_id: "MGN-2026-059874",
  order_number: null,
  status: "delivered",
  statusLabel: "Доставлен",
  pricing: { total: 48_250.5, currency: "RUB" },
  route: {
    from: { address: "Краснодарский край, г Краснодар, ул Солнечная, д 15/5" },
    to: { address: "Ростовская обл, г Ростов-на-Дону, пр-кт Шолохова, д 31" },
  },
  cargo: { type: "Продукты питания", description: "Молочная продукция, 18 паллет", weight: 12_400 },
  timeline: { orderCreated: "2026-11-20T06:00:00.000Z", deliveryDate: "2026-11-21T15:00:00.000Z" },
  edoInfo: null,
  priceKnown: true,
  payable: true,
  notPayableReason: null,
  quickPayment: null,
  customer: exampleCustomer,
} satisfies z.input<typeof factoringOrderSchema>;

/** Spec 3 §3 «Payment / operation»: one ledger movement in its current state. */
export const historyItemSchema = z.strictObject({
  id: z.string().describe("Идентификатор операции для GET /payments/{id}/status"),
  type: z.enum(["payment", "payout", "quick", "fee", "fee_refund"]),
  status: z.enum(["pending", "completed", "failed"]),
  amount: z.number().describe("Рубли со знаком: плюс — поступление, минус — списание"),
  description: z.string(),
  date: timestamp,
  platform: z.string().nullable(),
  orderId: z.string().nullable(),
  transactionId: z.string().nullable(),
  quickPayment: z.boolean(),
});

export const historyItemOf = (o: Operation): z.input<typeof historyItemSchema> => ({
  id: o.movementId,
  type: o.type,
  status: o.status,
  amount: rubles(o.amountKopecks),
  description: o.description,
  date: new Date(o.at).toISOString(),
  platform: o.platformId,
  orderId: o.orderId,
  transactionId: o.transactionId,
  quickPayment: o.quickPaymentId !== null,
});

const operationIdSchema = z
  .string({ error: "Укажите операцию" })
  .min(1, { error: "Укажите операцию" })
  .max(200, { error: "Слишком длинный идентификатор операции" });

const NOT_FOUND = "Операция не найдена";

/**
 * The reads of the finance and factoring pages (spec 3 §2, §3, §7; decision 0055): orders ready for
 * quick payment and their summary, the credit score, customers' reliability, the payment history
 * and one payment's status. `/payments/history` comes before `/payments/:paymentId` in the API's
 * list, which would take it otherwise.
 */
export const financeReadsOperations = [
  operation(
    {
      method: "GET",
      path: "/finance/ready-orders",
      group: GROUP,
      summary: "Заказы, готовые к быстрой оплате",
      description:
        "Заказы в финальном статусе (delivered, invoiced, paid, свободен) с ценой больше нуля или с данными ЭДО, новые сверху, в виде заказа для факторинга. payable и notPayableReason — можно ли оплатить сейчас и почему нет; у заказа из ЭДО цены нет (priceKnown: false), его можно оплатить, когда цепочка закрыта титулом ON_TRNACLPVYN, по сумме, которую укажет перевозчик. quickPayment — уже запрошенная быстрая оплата; customer — надёжность заказчика. Следующая страница — с after из nextCursor.",
      access: "signed-in",
      roles: ROLES.director,
      query: z.object({
        period: periodSchema,
        limit: z.coerce.number().int().min(1).max(100).default(20),
        after: cursorParam("Следующая страница: заказы после этого (nextCursor)"),
      }),
      success: {
        status: 200,
        data: z.strictObject({ orders: z.array(factoringOrderSchema), nextCursor: z.string().nullable() }),
        example: { orders: [exampleFactoringOrder], nextCursor: null },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const { orders, nextCursor } = await readyOrders(c.get("db"), callerOf(c).user.company.id, query);
      return reply.ok({ orders, nextCursor: nextCursor && `${nextCursor.createdAt}.${nextCursor.id}` });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/finance/ready-summary",
      group: GROUP,
      summary: "Сводка заказов, готовых к оплате",
      description:
        "Заказы, которые можно оплатить сейчас и по которым быстрая оплата ещё не запрошена: всего, из ЭДО и с платформ, их сумма в рублях. У заказов из ЭДО цены нет: они не входят в totalAmount, их число — unpricedOrdersCount.",
      access: "signed-in",
      roles: ROLES.director,
      query: z.object({ period: periodSchema }),
      success: {
        status: 200,
        data: z.strictObject({
          totalReadyOrders: z.number().int(),
          edoOrdersCount: z.number().int(),
          regularOrdersCount: z.number().int(),
          totalAmount: z.number(),
          unpricedOrdersCount: z.number().int(),
        }),
        example: {
          totalReadyOrders: 12,
          edoOrdersCount: 4,
          regularOrdersCount: 8,
          totalAmount: 386_004,
          unpricedOrdersCount: 4,
        },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const { totalAmountKopecks, ...counts } = await readySummary(
        c.get("db"),
        callerOf(c).user.company.id,
        query.period,
      );
      return reply.ok({ ...counts, totalAmount: rubles(totalAmountKopecks) });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/factoring/credit-score",
      group: GROUP,
      summary: "Кредитный рейтинг и максимальный аванс",
      description:
        "По собственной истории компании: доставленные заказы за 180 дней, доля закрытых цепочек ЭТрН, выплаченные и отклонённые быстрые оплаты, срок истории. score от 0 до 100 (50 — нейтрально), factors — что его подняло (raises) или снизило (lowers) и на сколько баллов (weight). maxAdvanceAmount — средний месячный объём доставленных заказов × score/100, рубли; без истории 0.",
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: z.strictObject({
          score: z.number().int().min(0).max(100),
          maxAdvanceAmount: z.number(),
          factors: z.array(
            z.strictObject({
              code: z.enum([
                "history_age",
                "delivered_orders",
                "closed_chains",
                "quick_paid_out",
                "quick_failed",
              ]),
              label: z.string(),
              effect: z.enum(["raises", "lowers"]),
              weight: z.number(),
            }),
          ),
          basis: z.strictObject({
            deliveredOrders: z.number().int(),
            deliveredVolume: z.number(),
            decidedChains: z.number().int(),
            closedChains: z.number().int(),
            quickPaymentsPaidOut: z.number().int(),
            quickPaymentsFailed: z.number().int(),
            historyDays: z.number().int(),
          }),
        }),
        example: {
          score: 78,
          maxAdvanceAmount: 1_204_500,
          factors: [
            {
              code: "delivered_orders",
              label: "Доставлено 74 заказа за 180 дней",
              effect: "raises",
              weight: 20,
            },
            {
              code: "closed_chains",
              label: "Закрыто 41 из 45 цепочек ЭТрН за 180 дней",
              effect: "raises",
              weight: 12.3,
            },
            { code: "history_age", label: "История перевозок: 14 месяцев", effect: "raises", weight: 1.5 },
            { code: "quick_failed", label: "Быстрых оплат отклонено: 1", effect: "lowers", weight: 5 },
          ],
          basis: {
            deliveredOrders: 74,
            deliveredVolume: 9_265_000,
            decidedChains: 45,
            closedChains: 41,
            quickPaymentsPaidOut: 0,
            quickPaymentsFailed: 1,
            historyDays: 430,
          },
        },
      },
      errors: [],
    },
    async (c, _, reply) => {
      const { score, maxAdvanceKopecks, factors, inputs } = await creditScore(
        c.get("db"),
        callerOf(c).user.company.id,
        Date.now(),
      );
      const { deliveredVolumeKopecks, ...counts } = inputs;
      return reply.ok({
        score,
        maxAdvanceAmount: rubles(maxAdvanceKopecks),
        factors,
        basis: { ...counts, deliveredVolume: rubles(deliveredVolumeKopecks) },
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/factoring/customers",
      group: GROUP,
      summary: "Надёжность заказчиков",
      description:
        "Заказчики компании: платформа — для её заказов, грузоотправитель (по ИНН, иначе по названию) — для заказов из ЭДО. Число заказов, доля закрытых цепочек ЭТрН среди цепочек с известным исходом, среднее число дней до оплаты — null, когда данных нет.",
      access: "signed-in",
      roles: ROLES.director,
      success: { status: 200, data: z.array(reliabilitySchema), example: [exampleCustomer] },
      errors: [],
    },
    async (c, _, reply) => reply.ok(await customerReliability(c.get("db"), callerOf(c).user.company.id)),
  ),
  operation(
    {
      method: "GET",
      path: "/payments/history",
      group: GROUP,
      summary: "История платежей и выплат",
      description:
        "Операции компании, новые сверху, каждая в её текущем состоянии. Фильтры работают: type — payment (поступления не по быстрой оплате), payout (выплаты на расчётный счёт), quick (всё, что относится к быстрым оплатам); status — pending, completed, failed. Следующая страница — с after из nextCursor.",
      access: "signed-in",
      roles: ROLES.director,
      query: z.object({
        type: z.enum(["payment", "payout", "quick"], { error: "Тип: payment, payout или quick" }).optional(),
        status: z
          .enum(["pending", "completed", "failed"], { error: "Статус: pending, completed или failed" })
          .optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
        after: z
          .string()
          .regex(/^\d{1,15}:[\w:.-]{1,200}$/, { error: "Неверный курсор страницы" })
          .optional()
          .describe("Следующая страница: операции после этой (nextCursor)"),
      }),
      success: {
        status: 200,
        data: z.array(historyItemSchema),
        extra: { nextCursor: z.string().nullable() },
        example: [
          {
            id: "qp:7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10:payout",
            type: "payout",
            status: "completed",
            amount: -83_300,
            description: "Выплата по заказу MGN-2026-059874",
            date: "2026-11-24T11:02:00.000Z",
            platform: "magnit",
            orderId: "3b9f6a2c-1d4e-4f5a-8b7c-9d0e1f2a3b4c",
            transactionId: "0000142",
            quickPayment: true,
          },
        ],
        exampleExtra: { nextCursor: null },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const colon = query.after?.indexOf(":") ?? -1;
      const operations = await operationsOf(c.get("db"), callerOf(c).user.company.id, {
        type: query.type,
        status: query.status,
        limit: query.limit,
        after: query.after
          ? { at: Number(query.after.slice(0, colon)), movementId: query.after.slice(colon + 1) }
          : undefined,
      });
      const last = operations.at(-1);
      return reply.ok(operations.map(historyItemOf), {
        extra: {
          nextCursor: last && operations.length === query.limit ? `${last.at}:${last.movementId}` : null,
        },
      });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/payments/history",
      group: GROUP,
      summary: "Сообщить о полученном платеже (ничего не записывает)",
      description:
        "Для клиентов прежней версии, которые сообщали о поступлении денег сами. Деньги в журнал записывает только банк: запрос ничего не меняет. Если операция paymentId уже исполнена (и amount, если указан, — её сумма), ответ 200 с transactionId банка; операция ещё в пути или сумма другая — 409; операции нет или она другой компании — 404.",
      access: "signed-in",
      roles: ROLES.director,
      body: z.object({
        paymentId: operationIdSchema,
        amount: z.number({ error: "Сумма — число в рублях" }).optional(),
        orderId: z.string().max(100).nullish(),
        platform: z.string().max(50).nullish(),
        timestamp: z.union([z.number(), z.string().max(40)]).optional(),
      }),
      success: {
        status: 200,
        data: z.strictObject({
          paymentId: z.string(),
          status: z.literal("completed"),
          transactionId: z.string().nullable(),
          recorded: z
            .literal(false)
            .describe("Запрос ничего не записал: поступление уже в журнале по данным банка"),
        }),
        example: {
          paymentId: "qp:7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10:payout",
          status: "completed",
          transactionId: "0000142",
          recorded: false,
        },
      },
      errors: [404, 409],
    },
    async (c, { body }, reply) => {
      const movement = await movementState(c.get("db"), callerOf(c).user.company.id, body.paymentId);
      if (!movement) return reply.fail(404, NOT_FOUND);
      if (movement.status !== "completed")
        return reply.fail(
          409,
          movement.status === "pending" ? "Операция ещё не исполнена банком" : "Операция отклонена банком",
          "Поступления записываются по уведомлениям банка, сообщать о них не нужно",
        );
      if (
        body.amount !== undefined &&
        Math.round(Math.abs(body.amount) * 100) !== Math.abs(movement.amountKopecks)
      )
        return reply.fail(409, "Сумма не совпадает с суммой операции");
      return reply.ok({
        paymentId: movement.movementId,
        status: "completed",
        transactionId: movement.transactionId,
        recorded: false,
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/payments/:id/status",
      group: GROUP,
      summary: "Статус операции",
      description:
        "status: pending (в обработке), completed (выполнен) или failed (отклонён); страница спрашивает о платежах в обработке раз в 30 секунд. id — из GET /payments/history (закодированный для пути). Операция другой компании — 404.",
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "id", resource: "ledger-operation" },
      params: z.object({ id: operationIdSchema.describe("Идентификатор операции из GET /payments/history") }),
      success: {
        status: 200,
        data: z.strictObject({
          id: z.string(),
          type: z.enum(["payment", "payout", "quick", "fee", "fee_refund"]),
          status: z.enum(["pending", "completed", "failed"]),
          amount: z.number(),
          transactionId: z.string().nullable(),
          date: timestamp,
        }),
        example: {
          id: "qp:7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10:payout",
          type: "payout",
          status: "pending",
          amount: -83_300,
          transactionId: null,
          date: "2026-11-24T09:40:00.000Z",
        },
      },
      errors: [],
    },
    async (c, { params }, reply) => {
      const movement = await movementState(c.get("db"), callerOf(c).user.company.id, params.id);
      if (!movement) return reply.fail(404, NOT_FOUND);
      return reply.ok({
        id: movement.movementId,
        type: movement.type,
        status: movement.status,
        amount: rubles(movement.amountKopecks),
        transactionId: movement.transactionId,
        date: new Date(movement.at).toISOString(),
      });
    },
  ),
];
