// What every way of writing to the team shares (spec 1 §5, §8, §9 for feedback): the message's
// rule and texts. Browser-safe (zod only): the feedback dialog counts against the same limits.
import { z } from "zod";

/** At most 2000 characters; the counter warns above 1800. */
export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGE_WARNING_ABOVE = 1800;

export const FEEDBACK_MESSAGES = {
  sent: "Спасибо! Ваше сообщение отправлено.",
  messageRequired: "Пожалуйста, введите сообщение",
  messageTooLong: `Сообщение не длиннее ${MAX_MESSAGE_LENGTH} символов`,
  signInRequired: "Необходимо войти в систему для отправки обратной связи",
  sendFailed: "Произошла ошибка при отправке. Попробуйте еще раз.",
  loadFailed: "Ошибка загрузки обратной связи",
  forbidden: "Доступ запрещен",
} as const;

/** The message itself: trimmed, not blank, at most 2000 characters. */
export const feedbackMessageField = z
  .string({ error: FEEDBACK_MESSAGES.messageRequired })
  .trim()
  .min(1, { error: FEEDBACK_MESSAGES.messageRequired, abort: true })
  .max(MAX_MESSAGE_LENGTH, { error: FEEDBACK_MESSAGES.messageTooLong });

/** How the admin panel names a user: the id's first 8 characters (spec 1 §2). */
export const shortUserId = (userId: string) => userId.slice(0, 8);
