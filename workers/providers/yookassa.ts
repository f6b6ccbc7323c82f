import { z } from "zod";
import { AMOUNT, amountToKopecks, kopecksToAmount } from "./decimal-amount";
import {
  PaymentNotFoundError,
  PaymentRejectedError,
  PaymentUnavailableError,
  PROVIDER_PAYMENT_STATUSES,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
} from "./payment-provider";

export { amountToKopecks, kopecksToAmount };

const DEFAULT_TIMEOUT_MS = 10_000;

export type YooKassaOptions = {
  /** The API root with its version: https://api.yookassa.ru/v3 in production, `<sandbox>/v3` locally. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  timeoutMs?: number;
};

const paymentSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  paid: z.boolean(),
  amount: z.object({ value: z.string().regex(AMOUNT), currency: z.string().min(1) }),
  description: z.string().nullish(),
  confirmation: z.object({ confirmation_url: z.string().nullish() }).nullish(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullish(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).nullish(),
  refunded_amount: z.object({ value: z.string().regex(AMOUNT), currency: z.string().min(1) }).nullish(),
  created_at: z.iso.datetime({ offset: true }),
});

const errorSchema = z.object({
  type: z.literal("error"),
  id: z.string().nullish(),
  code: z.string(),
  description: z.string().nullish(),
  parameter: z.string().nullish(),
});

function toProviderPayment(wire: z.output<typeof paymentSchema>): ProviderPayment {
  return {
    id: wire.id,
    status: wire.status,
    paid: wire.paid,
    amountKopecks: amountToKopecks(wire.amount.value),
    currency: wire.amount.currency,
    description: wire.description ?? null,
    confirmationUrl: wire.confirmation?.confirmation_url ?? null,
    metadata: Object.fromEntries(Object.entries(wire.metadata ?? {}).map(([k, v]) => [k, String(v)])),
    cancellation: wire.cancellation_details
      ? { party: wire.cancellation_details.party, reason: wire.cancellation_details.reason }
      : null,
    refundedKopecks: wire.refunded_amount ? amountToKopecks(wire.refunded_amount.value) : 0,
    createdAt: wire.created_at,
  };
}

/** HTTP Basic credentials; UTF-8, although YooKassa's ids and keys are ASCII. */
function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Card payments through YooKassa's API v3: `POST /payments` (one-stage, redirect confirmation,
 * with the caller's Idempotence-Key) and `GET /payments/{id}`. The secret key never reaches a
 * message or a log.
 */
export function createYooKassa({
  apiUrl,
  shopId,
  secretKey,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: YooKassaOptions): PaymentProvider {
  const root = apiUrl.replace(/\/+$/, "");
  const authorization = basicAuth(shopId, secretKey);

  async function send(path: string, what: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${root}${path}`, {
        ...init,
        headers: { Authorization: authorization, Accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new PaymentUnavailableError(
        timedOut ? `yookassa: ${what}: no answer in ${timeoutMs} ms` : `yookassa: ${what}: unreachable`,
        { cause: error },
      );
    }
  }

  /** The payment of a 200, or the typed error for anything else. */
  async function paymentOf(response: Response, what: string): Promise<ProviderPayment> {
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // An error status still says what went wrong; only a 200 needs its body.
      if (response.ok) {
        throw new PaymentUnavailableError(`yookassa: ${what}: HTTP ${response.status}, unreadable body`, {
          cause: error,
        });
      }
    }
    if (response.ok) {
      const payment = paymentSchema.safeParse(body);
      if (!payment.success) {
        const issue = payment.error.issues[0];
        throw new PaymentUnavailableError(
          `yookassa: ${what}: unexpected answer (${issue.path.join(".")}: ${issue.message})`,
        );
      }
      return toProviderPayment(payment.data);
    }
    const parsed = errorSchema.safeParse(body);
    const error = parsed.success ? parsed.data : null;
    const detail = error
      ? `${error.code}${error.parameter ? ` (${error.parameter})` : ""}${error.description ? `: ${error.description}` : ""}`
      : "no error object";
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new PaymentRejectedError(
        `yookassa: ${what}: the shop's credentials were refused (HTTP ${status} ${detail}); ` +
          "check YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY",
        "invalid_credentials",
        status,
      );
    }
    if (status === 404) throw new PaymentNotFoundError(`yookassa: ${what}: not found (${detail})`);
    if (status === 429 || status >= 500 || status < 400) {
      throw new PaymentUnavailableError(`yookassa: ${what}: HTTP ${status} ${detail}`);
    }
    throw new PaymentRejectedError(
      `yookassa: ${what}: refused (HTTP ${status} ${detail})`,
      error?.code ?? "invalid_request",
      status,
    );
  }

  return {
    async createPayment(input: CreatePaymentInput) {
      const body = {
        amount: { value: kopecksToAmount(input.amountKopecks), currency: "RUB" },
        capture: true,
        confirmation: { type: "redirect", return_url: input.returnUrl },
        description: input.description,
        metadata: input.metadata,
      };
      const response = await send("/payments", "create payment", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotence-Key": input.idempotenceKey },
        body: JSON.stringify(body),
      });
      return paymentOf(response, "create payment");
    },

    async getPayment(providerPaymentId: string) {
      if (!providerPaymentId) throw new PaymentNotFoundError("yookassa: get payment: empty payment id");
      const response = await send(`/payments/${encodeURIComponent(providerPaymentId)}`, "get payment");
      return paymentOf(response, "get payment");
    },
  };
}
