import { z } from "zod";
import { COMPANY_ROLES } from "../../../db/schema/auth";
import { newPasswordPair, passwordsMatch } from "../auth/recovery-schemas";
import { emailField, optionalPhoneField, personNameField } from "../validation/fields";

export { COMPANY_ROLES };

/** Roles a user sees, in Russian. */
export const ROLE_LABELS = {
  director: "Руководитель",
  dispatcher: "Диспетчер",
  driver: "Водитель",
} as const satisfies Record<(typeof COMPANY_ROLES)[number], string>;

export const companyRoleField = z.enum(COMPANY_ROLES, {
  error: "Роль: director (руководитель), dispatcher (диспетчер) или driver (водитель)",
});

/** A director's invitation: the colleague's address and role. */
export const invitationSchema = z.object({ email: emailField, role: companyRoleField });

/** The invitation link's short registration: no company, no INN; the phone may be left out. */
export const acceptInvitationSchema = z
  .object({
    token: z.string({ error: "Ссылка неполная" }).min(1, { error: "Ссылка неполная" }),
    firstName: personNameField("firstName"),
    lastName: personNameField("lastName"),
    phone: optionalPhoneField,
    ...newPasswordPair,
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);
