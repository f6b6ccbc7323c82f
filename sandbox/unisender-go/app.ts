// A Unisender Go twin (Web API v1, decision 0073): `POST /ru/transactional/api/v1/email/send.json`
// with the key in X-API-KEY (or `api_key` in the body), answering Unisender Go's shapes, so a stock
// client pointed at the sandbox works. Nothing is delivered: every accepted letter lands in the
// sandbox mailbox (`/__sandbox/mail`, HTML for people, `/__sandbox/mail.json` for tests), where
// its links can be followed.
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";
import { UNISENDER_GO_SANDBOX_API_KEY } from "../vars";

export const EMAIL_PROVIDER = "unisender-go";
/** The API root under the sandbox's origin, as at go1.unisender.ru. */
export const UNISENDER_GO_API_ROOT = "/ru/transactional/api/v1";
/** Letters the mailbox keeps (the oldest go first). */
const MAILBOX_LIMIT = 2_000;

/** A letter the sandbox accepted, as the mailbox shows it. */
export type SandboxLetter = {
  id: string;
  jobId: string;
  to: string;
  fromEmail: string;
  fromName: string | null;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the letter, in order, once each. */
  links: string[];
  sentAt: string;
};

export type Mailbox = {
  letters(): readonly SandboxLetter[];
  add(letter: SandboxLetter): void;
};

export function createMailbox(): Mailbox {
  const letters: SandboxLetter[] = [];
  return {
    letters: () => letters,
    add(letter) {
      letters.push(letter);
      if (letters.length > MAILBOX_LIMIT) letters.shift();
    },
  };
}

const sendSchema = z.object({
  api_key: z.string().optional(),
  idempotence_key: z.string().max(64).optional(),
  message: z.object({
    recipients: z
      .array(z.object({ email: z.string() }))
      .min(1)
      .max(500),
    subject: z.string().min(1),
    from_email: z.string().min(3),
    from_name: z.string().optional(),
    body: z.object({ html: z.string().optional(), plaintext: z.string().optional() }),
  }),
});

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const unisenderError = (c: Context, status: ContentfulStatusCode, code: number, message: string) =>
  c.json({ status: "error", message, code }, status);

function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

export function unisenderGoSandbox(failures: FailureSwitch, mailbox: Mailbox) {
  // What each idempotence key was answered: a repeat gets the same answer and sends nothing again.
  const answered = new Map<string, unknown>();
  return new Hono()
    .use(`${UNISENDER_GO_API_ROOT}/*`, simulatedFailures(failures, EMAIL_PROVIDER))
    .post(`${UNISENDER_GO_API_ROOT}/email/send.json`, async (c) => {
      const parsed = sendSchema.safeParse(await c.req.json().catch(() => null));
      const key = c.req.header("X-API-KEY") ?? (parsed.success ? parsed.data.api_key : undefined);
      if (key !== UNISENDER_GO_SANDBOX_API_KEY || refusesCredentials(failures, EMAIL_PROVIDER)) {
        return unisenderError(c, 401, 102, "Invalid API key");
      }
      if (!parsed.success)
        return unisenderError(c, 400, 101, `Bad request: ${parsed.error.issues[0]?.message}`);
      const { message, idempotence_key: idempotenceKey } = parsed.data;
      if (!message.body.html && !message.body.plaintext) {
        return unisenderError(c, 400, 204, "Message body is empty");
      }
      const repeated = idempotenceKey && answered.get(idempotenceKey);
      if (repeated) return c.json(repeated);
      const jobId = `sbx-${crypto.randomUUID().slice(0, 13)}`;
      const emails: string[] = [];
      const failed: Record<string, string> = {};
      for (const { email } of message.recipients) {
        if (!ADDRESS.test(email)) failed[email] = "invalid";
        else if (emails.includes(email)) failed[email] = "duplicate";
        else emails.push(email);
      }
      const text = message.body.plaintext ?? "";
      const html = message.body.html ?? "";
      for (const to of emails) {
        mailbox.add({
          id: crypto.randomUUID(),
          jobId,
          to,
          fromEmail: message.from_email,
          fromName: message.from_name ?? null,
          subject: message.subject,
          text,
          html,
          links: linksOf(`${text}\n${html.replace(/&amp;/g, "&")}`),
          sentAt: new Date().toISOString(),
        });
      }
      const answer = {
        status: "success",
        job_id: jobId,
        emails,
        ...(Object.keys(failed).length > 0 ? { failed_emails: failed } : {}),
      };
      if (idempotenceKey) answered.set(idempotenceKey, answer);
      return c.json(answer);
    });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The text with its links made clickable. */
function linkified(text: string): string {
  return text
    .split(/(https?:\/\/[^\s"'<>)]+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

function mailboxPage(letters: readonly SandboxLetter[]): string {
  const items = letters
    .map(
      (l) => `<article data-letter="${escapeHtml(l.id)}">
  <h2>${escapeHtml(l.subject)}</h2>
  <p class="meta">Кому: <b data-to>${escapeHtml(l.to)}</b> · от ${escapeHtml(l.fromName ?? "")} &lt;${escapeHtml(l.fromEmail)}&gt; · ${escapeHtml(l.sentAt)}</p>
  <pre>${linkified(l.text)}</pre>
  <details><summary>HTML-версия</summary><iframe sandbox title="HTML-версия письма" srcdoc="${escapeHtml(l.html)}"></iframe></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Почтовый ящик песочницы</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#555;margin:0 0 .75rem}pre{white-space:pre-wrap;font:inherit}iframe{width:100%;height:420px;border:1px solid #eee}</style>
</head><body>
<h1>Почтовый ящик песочницы</h1>
<p>Письма, которые Рейс отправил через песочницу Unisender Go, новые сверху. Ничего не доставляется по-настоящему. <a href="/__sandbox/mail">Обновить</a> · <a href="/__sandbox/mail.json">JSON</a></p>
${items || "<p>Писем пока нет.</p>"}
</body></html>`;
}

/**
 * `GET /mail` (HTML) and `GET /mail.json` (`{letters}`), newest first; `?to=` keeps one
 * address's letters.
 */
export function mailboxRoutes(mailbox: Mailbox) {
  const selected = (to: string | undefined) => {
    const address = to?.trim().toLowerCase();
    return [...mailbox.letters()].reverse().filter((l) => !address || l.to.toLowerCase() === address);
  };
  return new Hono()
    .get("/mail", (c) => c.html(mailboxPage(selected(c.req.query("to")))))
    .get("/mail.json", (c) => c.json({ letters: selected(c.req.query("to")) }));
}
