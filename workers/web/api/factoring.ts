import { ROLES } from "../../core/members/roles";
import type { Context } from "hono";
import { z } from "zod";
import { companyFeeRateBp } from "../../core/finance/company-fee-rate";
import { balanceOf } from "../../core/finance/ledger";
import {
  payableOrder,
  QUICK_PAYMENT_TERMS,
  quote,
  requestQuickPayment,
  type QuickPaymentQuote,
} from "../../core/finance/quick-payments";
import {
  quickPaymentOf,
  quickPaymentsOf,
  type QuickPaymentView,
} from "../../core/finance/quick-payment-views";
import { payoutOrdersOfDay } from "../../core/finance/payouts";
import { documentFile, documentsOf } from "../../core/finance/quick-payment-documents";
import { renderClientBankExchange } from "../../providers/client-bank-exchange";
import { payerOf } from "../../providers/bank-config";
import { readRequisites, saveRequisites } from "../../core/finance/requisites";
import { QUICK_PAYMENT_DOCUMENT_KINDS, type QuickPaymentDocumentKind } from "../../../db/schema/finance";
import { bankRequisitesSchema } from "../../core/requisites/schemas";
import type { AppBindings } from "../bindings";
import { download } from "./download";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Быстрая оплата";

/** Rubles as the API writes them: a number with kopecks as its two decimals. */
const rubles = (kopecks: number) => kopecks / 100;

/** An amount in rubles with at most two decimals, as kopecks. */
const amountSchema = z
  .number({ error: "Укажите сумму заказа" })
  .positive({ error: "Сумма должна быть больше нуля" })
  .max(10_000_000_000, { error: "Слишком большая сумма" })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    error: "Сумма указывается в рублях с копейками, не больше двух знаков после запятой",
  })
  .transform((value) => Math.round(value * 100));

const orderIdSchema = z.string({ error: "Укажите заказ" }).min(1, { error: "Укажите заказ" }).max(100);

const calculationSchema = z.strictObject({
  totalAmount: z.number(),
  commissionRate: z.number().describe("Процент комиссии, например 2"),
  commissionAmount: z.number(),
  netAmount: z.number(),
  annualRate: z.number().describe("Комиссия как годовая ставка за срок отсрочки оплаты, %"),
  deferralDays: z.number().int(),
  terms: z.string(),
});

const calculationOf = (q: QuickPaymentQuote) => ({
  totalAmount: rubles(q.totalAmountKopecks),
  commissionRate: q.feeRateBp / 100,
  commissionAmount: rubles(q.feeKopecks),
  netAmount: rubles(q.netKopecks),
  annualRate: q.annualRatePercent,
  deferralDays: q.deferralDays,
  terms: q.terms,
});

/** The company's rate: the server's configuration for its plan (never the client's). */
const feeRateOf = (c: Context<AppBindings>, companyId: string, now: number) =>
  companyFeeRateBp(c.get("db"), c.env, companyId, now);

const exampleCalculation = {
  totalAmount: 85_000,
  commissionRate: 2,
  commissionAmount: 1_700,
  netAmount: 83_300,
  annualRate: 24.8,
  deferralDays: 30,
  terms: QUICK_PAYMENT_TERMS,
};

const requisitesSchema = z.strictObject({
  settlementAccount: z.string(),
  bic: z.string(),
  bankName: z.string(),
  correspondentAccount: z.string(),
  updatedAt: timestamp,
});

const exampleRequisites = {
  settlementAccount: "40702810938000012345",
  bic: "044525225",
  bankName: "ПАО Сбербанк",
  correspondentAccount: "30101810400000000225",
  updatedAt: "2026-11-24T09:15:00.000Z",
};

const requisitesView = (r: { updatedAt: number } & Omit<typeof exampleRequisites, "updatedAt">) => ({
  ...r,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

const quickPaymentSchema = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  platform: z.string(),
  status: z.enum(["pending", "processing", "completed", "failed"]).describe("Статус по спецификации"),
  stage: z
    .enum(["requested", "documents_checked", "approved", "paid_out", "held", "failed"])
    .describe("Шаг: запрошено, документы проверены, одобрено, выплачено, приостановлено, отклонено"),
  stageLabel: z.string(),
  totalAmount: z.number(),
  amountDeclared: z.boolean().describe("Сумму указал перевозчик: в документах ЭДО цены нет"),
  feeRate: z.number(),
  totalFee: z.number(),
  netAmount: z.number(),
  hold: z
    .strictObject({
      code: z.string(),
      message: z.string(),
      action: z.strictObject({ label: z.string(), href: z.string() }),
    })
    .nullable(),
  failureReason: z.string().nullable(),
  steps: z.strictObject({
    consentAt: timestamp,
    requestedAt: timestamp,
    checkedAt: timestamp.nullable(),
    approvedAt: timestamp.nullable(),
    deadlineAt: timestamp.nullable().describe("24 часа после одобрения"),
    paidOutAt: timestamp.nullable(),
    failedAt: timestamp.nullable(),
    feeRefundedAt: timestamp.nullable().describe("Срок нарушен: комиссия возвращена"),
  }),
  deadlineMissed: z.boolean(),
  documents: z
    .array(
      z.strictObject({
        kind: z.enum(QUICK_PAYMENT_DOCUMENT_KINDS),
        fileName: z.string(),
        url: z.string().describe("GET: файл PDF"),
      }),
    )
    .describe(
      "Уведомление должника об уступке (ст. 830 ГК РФ), акт и счёт-фактура на комиссию — после одобрения",
    ),
});

const exampleQuickPayment = {
  id: "7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10",
  orderId: "3f1e6a2b-0c4d-4e5f-8a9b-1c2d3e4f5a6b",
  platform: "edo",
  status: "processing",
  stage: "approved",
  stageLabel: "Одобрено, выплачиваем",
  totalAmount: 85_000,
  amountDeclared: true,
  feeRate: 2,
  totalFee: 1_700,
  netAmount: 83_300,
  hold: null,
  failureReason: null,
  steps: {
    consentAt: "2026-11-24T09:14:58.000Z",
    requestedAt: "2026-11-24T09:15:00.000Z",
    checkedAt: "2026-11-24T09:15:01.000Z",
    approvedAt: "2026-11-24T09:15:01.000Z",
    deadlineAt: "2026-11-25T09:15:01.000Z",
    paidOutAt: null,
    failedAt: null,
    feeRefundedAt: null,
  },
  deadlineMissed: false,
  documents: [
    {
      kind: "assignment_notice",
      fileName: "Уведомление об уступке — заказ ТН-000311.pdf",
      url: "/api/factoring/quick-payments/7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10/documents/assignment_notice",
    },
  ],
};

type DocumentList = { kind: QuickPaymentDocumentKind; fileName: string }[];

const quickPaymentJson = (v: QuickPaymentView, documents: DocumentList = []) => ({
  id: v.id,
  orderId: v.orderId,
  platform: v.platformId,
  status: v.publicStatus,
  stage: v.status,
  stageLabel: v.statusLabel,
  totalAmount: rubles(v.amountKopecks),
  amountDeclared: v.amountDeclared,
  feeRate: v.feeRateBp / 100,
  totalFee: rubles(v.feeKopecks),
  netAmount: rubles(v.netKopecks),
  hold: v.hold,
  failureReason: v.failureReason,
  steps: {
    consentAt: new Date(v.steps.consentAt).toISOString(),
    requestedAt: new Date(v.steps.requestedAt).toISOString(),
    checkedAt: isoOrNull(v.steps.checkedAt),
    approvedAt: isoOrNull(v.steps.approvedAt),
    deadlineAt: isoOrNull(v.steps.deadlineAt),
    paidOutAt: isoOrNull(v.steps.paidOutAt),
    failedAt: isoOrNull(v.steps.failedAt),
    feeRefundedAt: isoOrNull(v.steps.feeRefundedAt),
  },
  deadlineMissed: v.deadlineMissed,
  documents: documents.map((d) => ({
    ...d,
    url: `/api/factoring/quick-payments/${encodeURIComponent(v.id)}/documents/${d.kind}`,
  })),
});

/** Quick payment of delivered orders (spec 3 §2–§7): the price, the request, the money's history. */
export const factoringOperations = [
  operation(
    {
      method: "GET",
      path: "/companies/requisites",
      group: GROUP,
      summary: "Реквизиты компании для выплат",
      description:
        "Расчётный счёт, на который приходят выплаты быстрой оплаты; null, пока реквизиты не указаны.",
      access: "signed-in",
      roles: ROLES.director,
      success: { status: 200, data: requisitesSchema.nullable(), example: exampleRequisites },
      errors: [],
    },
    async (c, _, reply) => {
      const requisites = await readRequisites(c.get("db"), callerOf(c).user.company.id);
      return reply.ok(requisites ? requisitesView(requisites) : null);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/companies/requisites",
      group: GROUP,
      summary: "Указать реквизиты компании для выплат",
      description:
        "Р/с и к/с проверяются по контрольному ключу Банка России вместе с БИК, банк — по справочнику (DaData): он должен действовать, к/с — быть его. Пробелы и дефисы в номерах убираются. Если справочник недоступен — 503, реквизиты не сохраняются.",
      access: "signed-in",
      roles: ROLES.director,
      body: bankRequisitesSchema,
      success: { status: 200, data: requisitesSchema, example: exampleRequisites },
      errors: [503],
    },
    async (c, { body }, reply) => {
      const result = await saveRequisites(
        c.get("db"),
        c.get("deps").bankLookup(),
        callerOf(c).user.company.id,
        body,
        Date.now(),
      );
      if (!result.ok)
        return result.reason === "unavailable"
          ? reply.fail(503, result.message)
          : reply.fail(
              400,
              "Некорректные данные",
              result.field ? `${result.message} (${result.field})` : result.message,
            );
      return reply.ok(requisitesView(result.requisites));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/factoring/calculate-quick-payment",
      group: GROUP,
      summary: "Рассчитать быструю оплату заказа",
      description:
        "Ставку комиссии задаёт сервер (по умолчанию 2 %, для тарифа может быть своя), сумма — сумма заказа в рублях (у заказа из ЭДО суммы нет: её указывает перевозчик по договору, не больше 10 000 000 ₽). netAmount — сколько придёт на расчётный счёт. Заказ другой компании — 404; заказ, который нельзя оплатить сейчас (не доставлен, нет суммы, цепочка ЭТрН не закрыта), — 409 с причиной.",
      access: "signed-in",
      roles: ROLES.director,
      body: z.object({ orderId: orderIdSchema, amount: amountSchema }),
      success: { status: 200, data: calculationSchema, example: exampleCalculation },
      errors: [404, 409],
    },
    async (c, { body }, reply) => {
      const companyId = callerOf(c).user.company.id;
      const payable = await payableOrder(c.get("db"), companyId, body.orderId, body.amount);
      if (!payable.ok) return reply.refuse(payable);
      const rate = await feeRateOf(c, companyId, Date.now());
      return reply.ok(calculationOf(quote(payable.amountKopecks, rate, payable.order.paymentTerms)));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/factoring/quick-payment",
      group: GROUP,
      summary: "Запросить быструю оплату заказа",
      description:
        "Одна быстрая оплата на заказ: повторный запрос, повтор после сбоя или двойной клик ответят 409 и ничего не запишут. Нужны согласие с условиями (userConsent.accepted) и расчётный счёт компании. Цена фиксируется при запросе по ставке сервера. status — pending (запрос принят); дальше задание проверяет цепочку ЭТрН, одобряет запрос со сроком выплаты 24 часа и отправляет платёжное поручение в банк: processing — одобрено и выплачивается, completed — выплачено, failed — отклонено.",
      access: "signed-in",
      roles: ROLES.director,
      body: z.object({
        orderId: orderIdSchema,
        amount: amountSchema,
        platform: z.string().max(50).optional(),
        edoInfo: z.unknown().optional(),
        userConsent: z.object(
          {
            accepted: z.boolean({ error: "Подтвердите согласие с условиями быстрой оплаты" }),
            timestamp: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]).optional(),
          },
          { error: "Подтвердите согласие с условиями быстрой оплаты" },
        ),
      }),
      success: {
        status: 201,
        data: z.strictObject({
          id: z.string(),
          status: z.enum(["pending"]),
          stage: z.enum(["requested"]),
          netAmount: z.number(),
          feeRate: z.number(),
          totalFee: z.number(),
          requestedAt: timestamp,
        }),
        example: {
          id: "7d0c3c58-5a4f-4f0e-9d7b-8f3f2b1c4a10",
          status: "pending",
          stage: "requested",
          netAmount: 83_300,
          feeRate: 2,
          totalFee: 1_700,
          requestedAt: "2026-11-24T09:15:00.000Z",
        },
      },
      errors: [403, 404, 409],
    },
    async (c, { body }, reply) => {
      const { user } = callerOf(c);
      const companyId = user.company.id;
      const now = Date.now();
      const consentAt = body.userConsent.timestamp;
      const result = await requestQuickPayment(c.get("db"), {
        companyId,
        requesterId: user.id,
        orderId: body.orderId,
        amountKopecks: body.amount,
        consent: {
          accepted: body.userConsent.accepted,
          timestamp: typeof consentAt === "string" ? Date.parse(consentAt) : consentAt,
        },
        feeRateBp: await feeRateOf(c, companyId, now),
        now,
      });
      if (!result.ok) return reply.refuse(result);
      const qp = result.quickPayment;
      try {
        await c.get("deps").enqueue({ kind: "quick_payment.advance", id: qp.id });
      } catch (error) {
        // Recorded all the same: the 30 s payout check moves a request whose message was lost.
        console.error("factoring: the quick payment's job could not be queued", qp.id, error);
      }
      return reply.ok(
        {
          id: qp.id,
          status: "pending",
          stage: "requested",
          netAmount: rubles(qp.netKopecks),
          feeRate: qp.feeRateBp / 100,
          totalFee: rubles(qp.feeKopecks),
          requestedAt: qp.requestedAt.toISOString(),
        },
        { status: 201 },
      );
    },
  ),
  operation(
    {
      method: "GET",
      path: "/factoring/quick-payments",
      group: GROUP,
      summary: "Быстрые оплаты компании",
      description:
        "Новые сначала, по 50 (limit до 100), курсор следующей страницы — nextCursor. У каждой — шаги с их временем (по ним строится хронология), срок выплаты, причина приостановки с действием, которое её снимает, или причина отказа.",
      access: "signed-in",
      roles: ROLES.director,
      query: z.object({
        limit: z.coerce.number().int().min(1).max(100).default(50),
        after: z
          .string()
          .regex(/^\d{1,15}:[\w-]{1,100}$/, { error: "Неверный курсор страницы" })
          .optional(),
      }),
      success: {
        status: 200,
        data: z.strictObject({
          quickPayments: z.array(quickPaymentSchema),
          nextCursor: z.string().nullable(),
        }),
        example: { quickPayments: [exampleQuickPayment], nextCursor: null },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const cut = query.after?.indexOf(":") ?? -1;
      const list = await quickPaymentsOf(c.get("db"), callerOf(c).user.company.id, {
        limit: query.limit,
        after: query.after
          ? { requestedAt: Number(query.after.slice(0, cut)), id: query.after.slice(cut + 1) }
          : undefined,
        now: Date.now(),
      });
      const last = list.at(-1);
      const documents = await documentsOf(
        c.get("db"),
        callerOf(c).user.company.id,
        list.map((v) => v.id),
      );
      return reply.ok({
        quickPayments: list.map((v) => quickPaymentJson(v, documents.get(v.id))),
        nextCursor: last && list.length === query.limit ? `${last.steps.requestedAt}:${last.id}` : null,
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/factoring/quick-payments/:id",
      group: GROUP,
      summary: "Быстрая оплата и её статус",
      description:
        "status — pending, processing, completed или failed (спецификация); stage — шаг конвейера. Страница опрашивает его раз в 30 секунд, пока выплата не завершится. Быстрая оплата другой компании — 404.",
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "id", resource: "quick-payment" },
      params: z.object({ id: z.string().max(100).describe("id из POST /factoring/quick-payment") }),
      success: { status: 200, data: quickPaymentSchema, example: exampleQuickPayment },
      errors: [],
    },
    async (c, { params }, reply) => {
      const companyId = callerOf(c).user.company.id;
      const view = await quickPaymentOf(c.get("db"), companyId, params.id, Date.now());
      if (!view) return reply.fail(404, "Быстрая оплата не найдена");
      const documents = await documentsOf(c.get("db"), companyId, [view.id]);
      return reply.ok(quickPaymentJson(view, documents.get(view.id)));
    },
  ),
  operation(
    {
      method: "GET",
      path: "/factoring/quick-payments/:id/documents/:kind",
      group: GROUP,
      summary: "Документ быстрой оплаты (PDF)",
      description:
        "assignment_notice — уведомление должника об уступке денежного требования (ст. 830 ГК РФ), commission_act — акт на комиссию, commission_invoice — счёт-фактура на комиссию. Документы появляются после одобрения; до этого и для чужой быстрой оплаты — 404.",
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "id", resource: "quick-payment" },
      params: z.object({
        id: z.string().max(100),
        kind: z.enum(QUICK_PAYMENT_DOCUMENT_KINDS, {
          error: "Документ: assignment_notice, commission_act или commission_invoice",
        }),
      }),
      success: { status: 200, file: { type: "application/pdf", name: "{kind}-{id}.pdf" } },
      errors: [],
    },
    async (c, { params }, reply) => {
      const file = await documentFile(c.get("db"), callerOf(c).user.company.id, params.id, params.kind);
      if (!file) return reply.fail(404, "Документ ещё не готов или не найден");
      return download(
        file.bytes,
        "application/pdf",
        `${params.kind}-${params.id.slice(0, 8)}.pdf`,
        file.fileName,
      );
    },
  ),
  operation(
    {
      method: "GET",
      path: "/finance/balance",
      group: GROUP,
      summary: "Баланс компании",
      description:
        "Из журнала операций: current — заработано и ещё не выплачено, pending — выплаты в пути на расчётный счёт, totalReceived — все зачисления, totalPaidOut — все исполненные выплаты. Рубли.",
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: z.strictObject({
          current: z.number(),
          pending: z.number(),
          totalReceived: z.number(),
          totalPaidOut: z.number(),
        }),
        example: { current: 0, pending: 83_300, totalReceived: 425_000, totalPaidOut: 333_200 },
      },
      errors: [],
    },
    async (c, _, reply) => {
      const balance = await balanceOf(c.get("db"), callerOf(c).user.company.id);
      return reply.ok({
        current: rubles(balance.currentKopecks),
        pending: rubles(balance.pendingKopecks),
        totalReceived: rubles(balance.totalReceivedKopecks),
        totalPaidOut: rubles(balance.totalPaidOutKopecks),
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/admin/payouts/client-bank-exchange",
      group: GROUP,
      summary: "Платёжные поручения дня файлом 1CClientBankExchange",
      description:
        "Для банка без API: все платёжные поручения выплат, решённые в этот день по Москве (кроме отклонённых банком), в формате 1CClientBankExchange 1.03 (windows-1251), который импортируют «Клиент-Банк» и 1С. Только для администратора.",
      access: "admin",
      query: z.object({
        date: z.iso.date({ error: "Дата в формате ГГГГ-ММ-ДД" }).describe("День по Москве, ГГГГ-ММ-ДД"),
      }),
      success: {
        status: 200,
        file: { type: "text/plain; charset=windows-1251", name: "1c_to_kl-{date}.txt" },
      },
      errors: [],
    },
    async (c, { query }) => {
      const orders = await payoutOrdersOfDay(c.get("db"), query.date);
      const bytes = renderClientBankExchange({
        payer: payerOf(c.env),
        day: query.date,
        orders,
        createdAt: Date.now(),
      });
      return download(bytes, "text/plain; charset=windows-1251", `1c_to_kl-${query.date}.txt`);
    },
  ),
];
