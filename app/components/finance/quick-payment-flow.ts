import type { Envelope } from "../../../workers/web/wiring";

/** What POST /api/factoring/calculate-quick-payment answers (spec 3 §3 «Quick-payment calculation»), rubles. */
export type QuickPaymentCalculation = {
  totalAmount: number;
  /** Percent, as the server sets it for the company (2 unless configured otherwise). */
  commissionRate: number;
  commissionAmount: number;
  netAmount: number;
  annualRate: number;
  deferralDays: number;
  terms: string;
};

/** What POST /api/factoring/quick-payment answers with 201. */
export type QuickPaymentAccepted = {
  id: string;
  status: string;
  netAmount: number;
  feeRate: number;
  totalFee: number;
  requestedAt: string;
};

/** An answer of the API as the page received it: status 0 when the network failed. */
export type ApiAnswer<T> = { status: number; body: Envelope<T> | null };

export type FlowError = { title: string; detail: string };

/** The texts of spec 3 §8 for a failed calculation or request. */
export function flowErrorOf(step: "calculate" | "request", answer: ApiAnswer<unknown>): FlowError {
  if (answer.status === 401)
    return { title: "Ошибка авторизации", detail: "Необходимо войти в систему заново" };
  const title =
    step === "calculate" ? "Не удалось рассчитать комиссию" : "Не удалось запросить быструю оплату";
  const failure = answer.body && !answer.body.success ? answer.body : null;
  const detail =
    failure?.message ??
    failure?.error ??
    (answer.status === 0
      ? "Не удалось обработать запрос"
      : answer.status >= 500
        ? "Ошибка сервера"
        : `HTTP ${answer.status}`);
  return { title, detail };
}

/**
 * Rubles as a person types them («85 000,50», «85000.5», «85 000 ₽») in whole kopecks; null when
 * it is not a positive amount with at most two decimals.
 */
export function parseRubles(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]|₽|руб\.?/gi, "").replace(",", ".");
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const kopecks = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return kopecks > 0 ? kopecks : null;
}

/** POSTs JSON to the API with the session cookie; never throws. */
export async function postApi<T>(path: string, body: unknown, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const parsed = (await response.json().catch(() => null)) as Envelope<T> | null;
    return { status: response.status, body: parsed };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 0, body: null };
  }
}
