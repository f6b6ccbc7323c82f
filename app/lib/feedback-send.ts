// Sending the feedback dialog's message (spec 1 §7 POST /feedback, §8 texts): what the dialog shows
// for every way the call can end.
import { FEEDBACK_MESSAGES } from "../../workers/core/feedback/rules";

/** What the browser tells about where the message was written (spec 1 §3 "Sent metadata"). */
export type FeedbackMetadata = {
  url: string;
  userAgent: string;
  timestamp: string;
  viewport: { width: number; height: number };
};

export type SendOutcome = { ok: true } | { ok: false; error: string };

type FeedbackAnswer = { success: true } | { success: false; error?: string };

/**
 * Posts the message with the session cookie. A signed-out answer (401) reads as spec 1 §5's
 * sign-in text, another refusal as the server's own error, anything unreadable or a lost
 * connection as spec 1 §8's «Произошла ошибка при отправке…».
 */
export async function sendFeedback(
  payload: { message: string; screen: string; metadata: FeedbackMetadata },
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome> {
  try {
    const response = await fetchImpl("/api/feedback", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload),
    });
    if (response.status === 401) return { ok: false, error: FEEDBACK_MESSAGES.signInRequired };
    const answer = (await response.json().catch(() => null)) as FeedbackAnswer | null;
    if (answer?.success) return { ok: true };
    return { ok: false, error: (answer && !answer.success && answer.error) || FEEDBACK_MESSAGES.sendFailed };
  } catch {
    return { ok: false, error: FEEDBACK_MESSAGES.sendFailed };
  }
}
