import { z } from "zod";
import { emailField, loginPasswordField, newPasswordField } from "../validation/fields";

/** «Забыли пароль?»: the address to send the reset link to. */
export const forgotPasswordSchema = z.object({ email: emailField });

export const newPasswordPair = {
  password: newPasswordField,
  confirmPassword: z.string({ error: "Подтвердите пароль" }),
};

export const passwordsMatch = {
  error: "Пароли должны совпадать",
  path: ["confirmPassword"],
  // Shown together with the other fields' errors (Zod 4 skips refinements of invalid objects),
  // but only on an object: a null or a string sent to the API is refused by the object check.
  when: ({ value }: { value: unknown }) => typeof value === "object" && value !== null,
};

/** The reset link's form: the link's token and the new password twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Ссылка неполная" }).min(1, { error: "Ссылка неполная" }),
    ...newPasswordPair,
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);

/** A password change by a signed-in user: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({ currentPassword: loginPasswordField, ...newPasswordPair })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);

/** The confirmation link's form: its token. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: "Ссылка неполная" }).min(1, { error: "Ссылка неполная" }),
});
