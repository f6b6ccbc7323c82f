/**
 * The card payment provider (YooKassa API v3) as the product uses it: create a payment that
 * the user confirms on the provider's page, and read a payment's state. The adapter
 * (workers/providers/yookassa.ts) speaks YooKassa's protocol; the sandbox
 * (sandbox/yookassa/app.ts) serves the same protocol at the same paths.
 */

/** YooKassa's payment statuses. */
export const PROVIDER_PAYMENT_STATUSES = ["pending", "waiting_for_capture", "succeeded", "canceled"] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

export type CreatePaymentInput = {
  /** Whole kopecks; sent as YooKassa's decimal string («2990.00»). */
  amountKopecks: number;
  /** Up to 128 characters (YooKassa's limit), shown to the payer. */
  description: string;
  /** Where the provider's page sends the payer back. */
  returnUrl: string;
  /** Our own ids (e.g. `{paymentId, companyId}`): string values, as YooKassa keeps them. */
  metadata: Record<string, string>;
  /**
   * YooKassa's Idempotence-Key: the same key and body give the same payment, so a retry after
   * a timeout never makes a second one. Kept with our payment row and reused on every retry.
   */
  idempotenceKey: string;
};

export type ProviderPayment = {
  /** The provider's payment id. */
  id: string;
  status: ProviderPaymentStatus;
  paid: boolean;
  amountKopecks: number;
  currency: string;
  description: string | null;
  /** The page the payer confirms the payment on (present while pending). */
  confirmationUrl: string | null;
  metadata: Record<string, string>;
  /** Why a canceled payment was canceled (YooKassa's `cancellation_details`). */
  cancellation: { party: string; reason: string } | null;
  /**
   * What was refunded of a succeeded payment so far, kopecks (YooKassa's `refunded_amount`; 0
   * without one). A refunded payment stays `succeeded`.
   */
  refundedKopecks: number;
  /** ISO 8601 */
  createdAt: string;
};

/** The provider refused the request (4xx other than auth): not worth retrying as is. */
export class PaymentRejectedError extends Error {
  override name = "PaymentRejectedError";
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The provider failed, timed out or answered something unreadable: retry with the same key. */
export class PaymentUnavailableError extends Error {
  override name = "PaymentUnavailableError";
}

/** No such payment at the provider (404). */
export class PaymentNotFoundError extends Error {
  override name = "PaymentNotFoundError";
}

export interface PaymentProvider {
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
}
