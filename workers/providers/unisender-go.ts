import { z } from "zod";
import { MailerUnavailableError, type Mailer } from "./mailer";

const DEFAULT_TIMEOUT_MS = 10_000;
/** The method's path under the API root (…/ru/transactional/api/v1). */
export const UNISENDER_GO_SEND_PATH = "/email/send.json";

export type UnisenderGoOptions = {
  /** The API root of the account's data centre, e.g. https://go1.unisender.ru/ru/transactional/api/v1. */
  apiUrl: string;
  /** The user's or the project's API key, sent in X-API-KEY. */
  apiKey: string;
  /** The sender: a domain the account has verified in Unisender Go. */
  fromEmail: string;
  fromName: string;
  timeoutMs?: number;
};

/** Unisender Go's answer to email/send: accepted addresses, and the refused ones with why. */
const sentSchema = z.object({
  status: z.literal("success"),
  job_id: z.string().min(1),
  emails: z.array(z.string()),
  failed_emails: z.record(z.string(), z.string()).optional(),
});
const errorSchema = z.object({ status: z.literal("error"), message: z.string(), code: z.number() });

/**
 * Letters through Unisender Go's `email/send.json` (one recipient a letter, plain text and HTML,
 * tracking off: a reset link must not pass through a click-tracking redirect). The API key never
 * reaches a message or a log.
 */
export function createUnisenderGo({
  apiUrl,
  apiKey,
  fromEmail,
  fromName,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: UnisenderGoOptions): Mailer {
  const url = `${apiUrl.replace(/\/+$/, "")}${UNISENDER_GO_SEND_PATH}`;
  return {
    async send(letter) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-API-KEY": apiKey },
          body: JSON.stringify({
            idempotence_key: letter.idempotenceKey,
            message: {
              recipients: [{ email: letter.to }],
              subject: letter.subject,
              from_email: fromEmail,
              from_name: fromName,
              body: { plaintext: letter.text, html: letter.html },
              track_links: 0,
              track_read: 0,
            },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new MailerUnavailableError(
          timedOut ? `unisender-go: no answer in ${timeoutMs} ms` : "unisender-go: unreachable",
          { cause: error },
        );
      }
      const body: unknown = await response.json().catch(() => null);
      const sent = sentSchema.safeParse(body);
      if (response.ok && sent.success) {
        const failure = sent.data.failed_emails?.[letter.to];
        // "duplicate" lists an address that was also sent to; anything else was not sent.
        if (failure && failure !== "duplicate") {
          throw new MailerUnavailableError(`unisender-go: the address was refused (${failure})`);
        }
        return { jobId: sent.data.job_id };
      }
      const refused = errorSchema.safeParse(body);
      throw new MailerUnavailableError(
        `unisender-go: HTTP ${response.status}` +
          (refused.success ? ` code ${refused.data.code}: ${refused.data.message}` : ", unexpected answer"),
      );
    },
  };
}

/** The e-mail settings of the web and jobs Workers (README «Pointing adapters at real providers»). */
export type MailEnv = {
  EMAIL_API_URL: string;
  EMAIL_API_KEY: string;
  EMAIL_FROM: string;
  EMAIL_FROM_NAME?: string;
};

export function mailerFor(env: MailEnv): Mailer {
  return createUnisenderGo({
    apiUrl: env.EMAIL_API_URL,
    apiKey: env.EMAIL_API_KEY,
    fromEmail: env.EMAIL_FROM,
    fromName: env.EMAIL_FROM_NAME || "Рейс",
  });
}
