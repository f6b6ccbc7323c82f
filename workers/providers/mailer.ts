/**
 * Transactional e-mail as the product uses it: one letter to one address, plain text and HTML.
 * The adapter (workers/providers/unisender-go.ts) speaks Unisender Go's Web API v1 (decision 0073);
 * the sandbox (sandbox/unisender-go/app.ts) serves the same protocol at the same paths and keeps
 * what it was sent in a mailbox people and tests can read.
 */

export type Letter = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The same key is sent on every retry of one letter, so the provider sends it once even when
   * an earlier attempt reached it and only its answer was lost.
   */
  idempotenceKey: string;
};

export type Mailer = {
  /** Hands the letter to the provider; resolves with the provider's job id. */
  send(letter: Letter): Promise<{ jobId: string }>;
};

/** The provider could not be reached, failed, or refused the letter: the job retries it. */
export class MailerUnavailableError extends Error {
  override name = "MailerUnavailableError";
}
