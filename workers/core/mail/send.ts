import type { Mailer } from "../../providers/mailer";
import type { OutgoingLetter } from "./letters";

/**
 * The email.send job: hands the letter to the provider under its own id as the idempotence key,
 * so a retry after a lost answer sends nothing twice. A failure throws: the queue retries the
 * message with backoff and, when retries run out, keeps it in dead_jobs, so no letter is lost.
 */
export async function sendLetter(mailer: Mailer, letter: OutgoingLetter): Promise<void> {
  await mailer.send({
    to: letter.to,
    subject: letter.subject,
    text: letter.text,
    html: letter.html,
    idempotenceKey: letter.id,
  });
}
