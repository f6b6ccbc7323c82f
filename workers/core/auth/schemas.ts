import { z } from "zod";
import {
  companyNameField,
  emailField,
  innField,
  kppField,
  loginPasswordField,
  newPasswordField,
  ogrnField,
  personNameField,
  phoneField,
} from "../validation/fields";

/** Sign-in (spec 1 §5): the same schema serves the /login form and POST /api/auth/login. */
export const loginSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  redirectTo: z.string().optional(),
});

const registrationFields = {
  firstName: personNameField("firstName"),
  lastName: personNameField("lastName"),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  companyName: companyNameField,
  inn: innField,
  kpp: kppField,
  ogrn: ogrnField,
  address: z.string().trim().max(500, { error: "Адрес не длиннее 500 символов" }).optional(),
  /** The partner code the visitor came with (landing, decision 0032); an unknown one is ignored. */
  partnerSource: z.string().trim().max(64, { error: "Код партнёра не длиннее 64 символов" }).optional(),
  /** The campaign and the plan the visitor came with from the landing; unknown ones are ignored. */
  campaign: z.string().trim().max(64, { error: "Название кампании не длиннее 64 символов" }).optional(),
  plan: z.string().trim().max(32, { error: "Код тарифа не длиннее 32 символов" }).optional(),
};

/** The registration payload of POST /api/auth/register (spec 1 §3). */
export const registrationSchema = z.object(registrationFields);

/** The /register form: the payload plus the password confirmation. */
export const registrationFormSchema = z
  .object({ ...registrationFields, confirmPassword: z.string({ error: "Подтвердите пароль" }) })
  .refine((form) => form.password === form.confirmPassword, {
    error: "Пароли должны совпадать",
    path: ["confirmPassword"],
    // Zod 4 skips object refinements while other fields are invalid; a mismatch should
    // show together with the rest of the form's errors.
    when: () => true,
  });

export type LoginInput = z.output<typeof loginSchema>;
export type RegistrationInput = z.output<typeof registrationSchema>;

export const refreshSchema = z.object({
  refreshToken: z.string({ error: "Не передан refreshToken" }).min(1, { error: "Не передан refreshToken" }),
});

/** POST /auth/logout: the refresh token ends a session whose access token already expired. */
export const logoutSchema = refreshSchema.partial();
