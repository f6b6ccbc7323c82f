import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";
import { checkoutPage, notFoundPage, type CheckoutView } from "./checkout";
import { openJournal } from "./journal";
import { createNotifier, type KeptNotification, type NotificationEvent } from "./notifications";
import { YOOKASSA_SANDBOX_SECRET_KEY, YOOKASSA_SANDBOX_SHOP_ID } from "../vars";

export const YOOKASSA_PROVIDER = "yookassa";
/** Test cards: the first pays, the second is declined for insufficient funds. */
export const YOOKASSA_SUCCESS_CARD = "5555555555554477";
export const YOOKASSA_DECLINED_CARD = "5555555555554592";

const GATEWAY_ID = "2345678";
/** The sandbox's commission, so `income_amount` differs from `amount` as at YooKassa. */
const COMMISSION_PERCENT = 3.5;
const IDEMPOTENCE_TTL_MS = 24 * 3_600_000;
const MAX_IDEMPOTENCE_KEY = 64;
const MAX_DESCRIPTION = 128;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

type Money = { value: string; currency: string };

/** A payment object as YooKassa answers it (the fields the sandbox fills). */
export type WirePayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: Money;
  income_amount?: Money;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  payment_method?: {
    type: "bank_card";
    id: string;
    saved: boolean;
    title: string;
    card: { last4: string; card_type: string; issuer_country: string };
  };
  captured_at?: string;
  created_at: string;
  confirmation?: { type: "redirect"; confirmation_url: string; return_url: string };
  test: true;
  refunded_amount?: Money;
  refundable: boolean;
  metadata: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
  authorization_details?: { rrn: string; auth_code: string; three_d_secure: { applied: boolean } };
};

/** A refund object as YooKassa answers it (the fields the sandbox fills). */
export type WireRefund = {
  id: string;
  payment_id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: Money;
  description?: string;
  created_at: string;
  refund_authorization_details: { rrn: string };
  metadata?: Record<string, string>;
};

type StoredPayment = { shopId: string; returnUrl: string; payment: WirePayment };
type StoredRefund = { shopId: string; refund: WireRefund };
/** A POST's first answer, given again for the same Idempotence-Key and body (YooKassa keeps a key 24 hours). */
type IdempotentCall = { body: string; answer: WirePayment | WireRefund; expiresAt: number };

/** What the sandbox keeps, and with `dataFile` journals across restarts. */
type SandboxState = {
  payment: StoredPayment;
  refund: StoredRefund;
  idempotence: IdempotentCall;
  notification: KeptNotification;
};

export type YooKassaSandboxOptions = {
  /**
   * The journal file (scripts/lib/stack.ts: `<data dir>/sandbox/yookassa.jsonl`): payments,
   * refunds, idempotence keys and notifications outlive a restart. Unset: memory only.
   */
  dataFile?: string;
  /** Where notifications go, read on every send (the server passes YOOKASSA_WEBHOOK_URL). Unset: none are sent. */
  webhookUrl?: () => string | undefined;
  /** Pauses before each retry of a notification not answered with 2xx. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
};

export type CardOutcome = "succeeded" | "canceled" | "declined_card" | "not_pending";

const moneyPattern = /^\d{1,10}\.\d{2}$/;

const refundSchema = z.object({
  payment_id: z.string("payment_id is required").min(1).max(100),
  amount: z.object({
    value: z.string().regex(moneyPattern, 'amount.value must be a string with two decimals, e.g. "2990.00"'),
    currency: z.literal("RUB", "amount.currency must be RUB"),
  }),
  description: z.string().max(250, "description must be at most 250 characters").optional(),
  metadata: z
    .record(z.string().max(32), z.string().max(512), "metadata must map keys to string values")
    .optional(),
});

const createSchema = z.object({
  amount: z.object({
    value: z.string().regex(moneyPattern, 'amount.value must be a string with two decimals, e.g. "2990.00"'),
    currency: z.literal("RUB", "amount.currency must be RUB"),
  }),
  capture: z.literal(true, "the sandbox makes one-stage payments only: capture must be true"),
  confirmation: z.object({
    type: z.literal("redirect", 'confirmation.type must be "redirect"'),
    return_url: z
      .url({ protocol: /^https?$/, error: "confirmation.return_url must be an http(s) URL" })
      .max(2048),
  }),
  description: z
    .string()
    .max(MAX_DESCRIPTION, `description must be at most ${MAX_DESCRIPTION} characters`)
    .optional(),
  metadata: z
    .record(z.string().max(32), z.string().max(512), "metadata must map keys to string values")
    .refine((m) => Object.keys(m).length <= 16, "metadata may have at most 16 keys")
    .optional(),
});

/** The card number's digits, or null when it is not a card number at all. */
const cardDigits = (text: string) => {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) ? digits : null;
};

/** Kopecks from YooKassa's «2990.00» (exact: no floating point). */
const toKopecks = (value: string) => {
  const [whole, fraction] = value.split(".");
  return Number(whole) * 100 + Number(fraction);
};
const toValue = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;

/** Keys in a fixed order, so two bodies that differ only in key order or spacing are the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const yookassaError = (
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  description: string,
  parameter?: string,
) =>
  c.json(
    { type: "error", id: crypto.randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
    status,
  );

/** The shop of a valid `Authorization: Basic` header, or null. */
function shopOf(header: string | undefined): string | null | "missing" {
  const basic = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!basic) return "missing";
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(basic[1]), (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  const [shopId, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  return colon > 0 && shopId === YOOKASSA_SANDBOX_SHOP_ID && secret === YOOKASSA_SANDBOX_SECRET_KEY
    ? shopId
    : null;
}

/**
 * YooKassa API v3 under `/v3` (payments: create with an Idempotence-Key, read; refunds: create,
 * read, list), the payer's page at `/checkout/{id}` and the sandbox's controls under
 * `/__sandbox/yookassa`. State is one per sandbox app, in memory and, with `dataFile`, journaled.
 */
export function yookassaSandbox(failures: FailureSwitch, options: YooKassaSandboxOptions = {}) {
  const now = options.now ?? Date.now;
  const journal = openJournal<SandboxState>(options.dataFile, [
    "payment",
    "refund",
    "idempotence",
    "notification",
  ]);
  const { payment: payments, refund: refunds, idempotence: idempotent } = journal.tables;
  const notifier = createNotifier({
    webhookUrl: options.webhookUrl ?? (() => undefined),
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    now,
    restored: journal.tables.notification.values(),
    onChange: (kept) => journal.save("notification", String(kept.record.id), kept),
    onForget: (record) => journal.remove("notification", String(record.id)),
  });
  // Ids look like YooKassa's: the creation second in hex first, then a tag of this run and a counter.
  const instanceTag = crypto.randomUUID().slice(0, 4);
  let created = 0;
  const newId = (kind: "000f" | "0016") =>
    `${Math.floor(now() / 1000)
      .toString(16)
      .padStart(8, "0")}-${kind}-5000-8000-${instanceTag}${(++created).toString(16).padStart(8, "0")}`;

  const copy = (payment: WirePayment): WirePayment => structuredClone(payment);

  /** The card outcome, applied once: a payment no longer pending does not change. */
  function pay(stored: StoredPayment, cardNumber: string): CardOutcome {
    const { payment } = stored;
    if (payment.status !== "pending") return "not_pending";
    const digits = cardDigits(cardNumber);
    if (digits !== YOOKASSA_SUCCESS_CARD && digits !== YOOKASSA_DECLINED_CARD) return "declined_card";
    const last4 = digits.slice(-4);
    const at = new Date(now()).toISOString();
    delete payment.confirmation;
    payment.payment_method = {
      type: "bank_card",
      id: payment.id,
      saved: false,
      title: `Bank card *${last4}`,
      card: { last4, card_type: "MasterCard", issuer_country: "RU" },
    };
    let event: NotificationEvent;
    if (digits === YOOKASSA_SUCCESS_CARD) {
      const kopecks = toKopecks(payment.amount.value);
      const income = kopecks - Math.round((kopecks * COMMISSION_PERCENT) / 100);
      Object.assign(payment, {
        status: "succeeded",
        paid: true,
        captured_at: at,
        income_amount: { value: toValue(income), currency: payment.amount.currency },
        refunded_amount: { value: "0.00", currency: payment.amount.currency },
        refundable: true,
        authorization_details: {
          rrn: String(100_000_000_000 + created),
          auth_code: String(100_000 + (created % 900_000)),
          three_d_secure: { applied: false },
        },
      } satisfies Partial<WirePayment>);
      event = "payment.succeeded";
    } else {
      Object.assign(payment, {
        status: "canceled",
        paid: false,
        cancellation_details: { party: "payment_network", reason: "insufficient_funds" },
      } satisfies Partial<WirePayment>);
      event = "payment.canceled";
    }
    journal.save("payment", payment.id, stored);
    notifier.send(event, copy(payment));
    return event === "payment.succeeded" ? "succeeded" : "canceled";
  }

  /**
   * YooKassa's idempotence for a POST: the key is required (at most 64 characters); the same key
   * and body within 24 hours answer the first call's answer, another body under it is refused.
   * `make` answers the call itself: an object to keep and return, or an error response.
   */
  async function idempotentPost(
    c: Context<{ Variables: { shopId: string } }>,
    make: (raw: unknown, shopId: string, at: number) => WirePayment | WireRefund | Response,
  ): Promise<Response> {
    const key = c.req.header("idempotence-key");
    if (!key) {
      return yookassaError(c, 400, "invalid_request", "Idempotence key is missing", "Idempotence-Key");
    }
    if (key.length > MAX_IDEMPOTENCE_KEY) {
      return yookassaError(
        c,
        400,
        "invalid_request",
        `Idempotence key is longer than ${MAX_IDEMPOTENCE_KEY} characters`,
        "Idempotence-Key",
      );
    }
    const raw: unknown = await c.req.json().catch(() => undefined);
    if (raw === undefined)
      return yookassaError(c, 400, "invalid_request", "The request body is not valid JSON");
    const shopId = c.get("shopId");
    const at = now();
    for (const [k, call] of idempotent) if (call.expiresAt <= at) journal.remove("idempotence", k);
    // The path is part of the body: one key cannot name a payment and a refund.
    const body = `${c.req.path} ${canonicalJson(raw)}`;
    const previous = idempotent.get(`${shopId}:${key}`);
    if (previous) {
      if (previous.body !== body) {
        return yookassaError(c, 400, "invalid_request", "Idempotence key duplicated", "Idempotence-Key");
      }
      return c.json(previous.answer);
    }
    const answer = make(raw, shopId, at);
    if (answer instanceof Response) return answer;
    journal.save("idempotence", `${shopId}:${key}`, { body, answer, expiresAt: at + IDEMPOTENCE_TTL_MS });
    return c.json(answer);
  }

  /**
   * A refund of a succeeded payment, as YooKassa makes a bank card's: succeeded at once, the
   * payment's `refunded_amount` grows (its status stays succeeded) and `refund.succeeded` is sent.
   */
  function refund(c: Context, raw: unknown, shopId: string, at: number): WireRefund | Response {
    const parsed = refundSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return yookassaError(c, 400, "invalid_request", issue.message, issue.path.join(".") || undefined);
    }
    const input = parsed.data;
    const stored = payments.get(input.payment_id);
    if (!stored || stored.shopId !== shopId) {
      return yookassaError(c, 404, "not_found", "Payment not found or forbidden", "payment_id");
    }
    const { payment } = stored;
    if (payment.status !== "succeeded") {
      return yookassaError(
        c,
        400,
        "invalid_request",
        `Payment in status ${payment.status} can't be refunded: only a succeeded payment can`,
        "payment_id",
      );
    }
    const kopecks = toKopecks(input.amount.value);
    const refundedBefore = toKopecks(payment.refunded_amount?.value ?? "0.00");
    const available = toKopecks(payment.amount.value) - refundedBefore;
    if (kopecks <= 0) {
      return yookassaError(c, 400, "invalid_request", "amount.value must be above zero", "amount.value");
    }
    if (kopecks > available) {
      return yookassaError(
        c,
        400,
        "invalid_request",
        `Refund amount exceeds the amount available for refund (${toValue(available)})`,
        "amount.value",
      );
    }
    const made: WireRefund = {
      id: newId("0016"),
      payment_id: payment.id,
      status: "succeeded",
      amount: { value: input.amount.value, currency: input.amount.currency },
      ...(input.description === undefined ? {} : { description: input.description }),
      created_at: new Date(at).toISOString(),
      refund_authorization_details: { rrn: String(200_000_000_000 + created) },
      ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    };
    payment.refunded_amount = { value: toValue(refundedBefore + kopecks), currency: payment.amount.currency };
    payment.refundable = kopecks < available;
    journal.save("payment", payment.id, stored);
    journal.save("refund", made.id, { shopId, refund: made });
    notifier.send("refund.succeeded", structuredClone(made));
    return structuredClone(made);
  }

  const checkoutView = (stored: StoredPayment, error?: string): CheckoutView => ({
    paymentId: stored.payment.id,
    shopId: stored.shopId,
    amountKopecks: toKopecks(stored.payment.amount.value),
    description: stored.payment.description ?? null,
    status: stored.payment.status,
    cancellationReason: stored.payment.cancellation_details?.reason ?? null,
    returnUrl: stored.returnUrl,
    error,
  });

  const api = new Hono<{ Variables: { shopId: string } }>()
    .use("*", simulatedFailures(failures, YOOKASSA_PROVIDER))
    .use("*", async (c, next) => {
      const shop = shopOf(c.req.header("authorization"));
      if (shop === "missing") {
        return yookassaError(
          c,
          401,
          "invalid_credentials",
          "Authorization header is missing. Use HTTP Basic Auth: your shop id as the username, your secret key as the password.",
          "Authorization",
        );
      }
      if (shop === null || refusesCredentials(failures, YOOKASSA_PROVIDER)) {
        return yookassaError(
          c,
          401,
          "invalid_credentials",
          "Authentication failed: wrong shop id or secret key. Use the secret key issued in the merchant profile as the password.",
          "Authorization",
        );
      }
      c.set("shopId", shop);
      await next();
    })
    .post("/payments", (c) =>
      idempotentPost(c, (raw, shopId, at) => {
        const parsed = createSchema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return yookassaError(c, 400, "invalid_request", issue.message, issue.path.join(".") || undefined);
        }
        const input = parsed.data;
        if (toKopecks(input.amount.value) <= 0) {
          return yookassaError(c, 400, "invalid_request", "amount.value must be above zero", "amount.value");
        }
        const id = newId("000f");
        const payment: WirePayment = {
          id,
          status: "pending",
          paid: false,
          amount: { value: input.amount.value, currency: input.amount.currency },
          ...(input.description === undefined ? {} : { description: input.description }),
          recipient: { account_id: shopId, gateway_id: GATEWAY_ID },
          created_at: new Date(at).toISOString(),
          confirmation: {
            type: "redirect",
            confirmation_url: `${new URL(c.req.url).origin}/checkout/${id}`,
            return_url: input.confirmation.return_url,
          },
          test: true,
          refundable: false,
          metadata: input.metadata ?? {},
        };
        journal.save("payment", id, { shopId, returnUrl: input.confirmation.return_url, payment });
        return copy(payment);
      }),
    )
    .get("/payments/:paymentId", (c) => {
      const stored = payments.get(c.req.param("paymentId"));
      if (!stored || stored.shopId !== c.get("shopId")) {
        return yookassaError(c, 404, "not_found", "Payment not found or forbidden", "payment_id");
      }
      return c.json(stored.payment);
    })
    .post("/refunds", (c) => idempotentPost(c, (raw, shopId, at) => refund(c, raw, shopId, at)))
    .get("/refunds/:refundId", (c) => {
      const stored = refunds.get(c.req.param("refundId"));
      if (!stored || stored.shopId !== c.get("shopId")) {
        return yookassaError(c, 404, "not_found", "Refund not found or forbidden", "refund_id");
      }
      return c.json(stored.refund);
    })
    .get("/refunds", (c) => {
      // Newest first, as YooKassa lists; by payment and status when asked (no paging: the sandbox's lists are short).
      const paymentId = c.req.query("payment_id");
      const status = c.req.query("status");
      const items = [...refunds.values()]
        .filter(
          (stored) =>
            stored.shopId === c.get("shopId") &&
            (!paymentId || stored.refund.payment_id === paymentId) &&
            (!status || stored.refund.status === status),
        )
        .map((stored) => stored.refund)
        .reverse();
      return c.json({ type: "list", items });
    })
    .all("*", (c) => yookassaError(c, 404, "not_found", `No such call: ${c.req.method} ${c.req.path}`));

  const checkout = new Hono()
    .get("/:paymentId", (c) => {
      const stored = payments.get(c.req.param("paymentId"));
      if (!stored) return c.html(notFoundPage(), 404);
      return c.html(checkoutPage(checkoutView(stored)));
    })
    .post("/:paymentId", async (c) => {
      const stored = payments.get(c.req.param("paymentId"));
      if (!stored) return c.html(notFoundPage(), 404);
      const form = await c.req.parseBody();
      const card = typeof form.card_number === "string" ? form.card_number : "";
      const outcome = pay(stored, card);
      if (outcome === "declined_card") {
        return c.html(checkoutPage(checkoutView(stored, "Карта не принята. Проверьте номер карты.")), 422);
      }
      if (outcome === "not_pending") return c.html(checkoutPage(checkoutView(stored)), 409);
      return c.redirect(stored.returnUrl, 303);
    });

  const paySchema = z.object({ card: z.string() });
  const admin = new Hono()
    .get("/payments/:paymentId", (c) => {
      const stored = payments.get(c.req.param("paymentId"));
      if (!stored) return c.json({ error: "no such payment" }, 404);
      return c.json(stored);
    })
    .post("/payments/:paymentId/pay", async (c) => {
      const stored = payments.get(c.req.param("paymentId"));
      if (!stored) return c.json({ error: "no such payment" }, 404);
      const parsed = paySchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return c.json(
          {
            error: `expected {"card": "${YOOKASSA_SUCCESS_CARD}" (pays) or "${YOOKASSA_DECLINED_CARD}" (declined)}`,
          },
          400,
        );
      }
      const outcome = pay(stored, parsed.data.card);
      const status = outcome === "declined_card" ? 422 : outcome === "not_pending" ? 409 : 200;
      return c.json({ outcome, payment: stored.payment }, status);
    })
    .get("/notifications", (c) => {
      const paymentId = c.req.query("paymentId");
      const all = notifier.list();
      return c.json({ notifications: paymentId ? all.filter((n) => n.paymentId === paymentId) : all });
    });

  return new Hono().route("/v3", api).route("/checkout", checkout).route("/__sandbox/yookassa", admin);
}
