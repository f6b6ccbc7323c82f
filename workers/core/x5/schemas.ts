// The X5 page's form schema and texts, shared by the page (in the browser too), its action and
// the API: kept apart from the services so no database code reaches the browser bundle.
import { z } from "zod";

export const X5_MESSAGES = {
  credentialsRequired: "Введите логин и пароль",
  authFailed: "Ошибка аутентификации",
  refused: "X5 отклонила логин или пароль",
  unavailable: "Ошибка подключения к X5",
  works: "Подключение к X5 работает!",
  noToken: "Сначала получите токен",
  expired: "Токен X5 истёк или отозван. Получите новый токен.",
  disconnected: "X5 отключена",
} as const;

/** POST /x5/auth: the login is an e-mail-type field on the page, the password is masked (spec 3 §5). */
export const x5AuthSchema = z.object({
  userName: z
    .string({ error: X5_MESSAGES.credentialsRequired })
    .trim()
    .min(1, { error: X5_MESSAGES.credentialsRequired, abort: true })
    .max(200, { error: "Логин не длиннее 200 символов" }),
  password: z
    .string({ error: X5_MESSAGES.credentialsRequired })
    .min(1, { error: X5_MESSAGES.credentialsRequired })
    .max(200, { error: "Пароль не длиннее 200 символов" }),
});
