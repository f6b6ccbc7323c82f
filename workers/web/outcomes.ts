// One map from the core services' failure reasons to HTTP statuses, for the API's routers and
// the pages' actions alike: the same refusal answers the same status wherever it is met.

const STATUS_OF_REASON = {
  /** The input was well-formed but names nothing usable (a plan, a return address). */
  unknown_plan: 400,
  bad_return_url: 400,
  /** Well-formed, but contradicts what the server knows (an order's amount) or lacks a consent. */
  invalid_input: 400,
  /** Wrong e-mail or password. */
  invalid: 401,
  /** The user's e-mail is not confirmed yet: payouts wait for it (decision 0073). */
  email_unconfirmed: 403,
  /** Only a company's director manages its members (decision 0076). */
  not_director: 403,
  not_found: 404,
  invalid_link: 404,
  email_taken: 409,
  inn_taken: 409,
  /** The company's ИНН is verified by documents and can no longer change (decision 0078). */
  inn_fixed: 409,
  already_registered: 409,
  /** The change would leave the company without a director. */
  last_director: 409,
  /** The order is not in a state to be paid for. */
  not_payable: 409,
  /** The company's saved access to a provider is missing or expired: set it up again. */
  no_token: 409,
  expired: 409,
  /** A single-use link (an e-mail's reset or confirmation link) was used already. */
  used: 410,
  /** The provider checked what was sent and refused it (a login, a password). */
  refused: 422,
  rate_limited: 429,
  /** The provider answered, but refused the operation itself. */
  rejected: 502,
  /** The provider did not answer or failed; nothing was changed. */
  unavailable: 503,
} as const;

export type OutcomeReason = keyof typeof STATUS_OF_REASON;

/** The reasons whose status is one of `S`. */
export type ReasonAnswering<S> = {
  [R in OutcomeReason]: (typeof STATUS_OF_REASON)[R] extends S ? R : never;
}[OutcomeReason];

/** The HTTP status of a core service's failure reason. */
export function statusOf<R extends OutcomeReason>(reason: R): (typeof STATUS_OF_REASON)[R] {
  return STATUS_OF_REASON[reason];
}
