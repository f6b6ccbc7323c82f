/** Where the payment provider returns the payer (createPayment's returnUrl), a signed-in page. */
export const PAYMENT_SUCCESS_PATH = "/payment/success";

/** Its public twin: the same payment's status alone, for a payer without a session (decision 0070). */
export const PAYMENT_RESULT_PATH = "/payment/result";
