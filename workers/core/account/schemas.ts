// The profile and company forms (issue 25 item 5, decision 0078): one schema per form for the
// page (conform), its action and the API operation alike, with registration's fields and texts.
import { z } from "zod";
import {
  companyNameField,
  innField,
  kppField,
  ogrnField,
  personNameField,
  phoneField,
} from "../validation/fields";

/** A user's own name and phone; the e-mail is the sign-in and is not changed here. */
export const profileSchema = z.object({
  firstName: personNameField("firstName"),
  lastName: personNameField("lastName"),
  phone: phoneField,
});

/**
 * The company's card as registration took it. Every field is sent: an optional one left out or
 * blank is cleared. The ИНН cannot change once verified (see company.ts).
 */
export const companySchema = z.object({
  name: companyNameField,
  inn: innField,
  kpp: kppField,
  ogrn: ogrnField,
  address: z.string().trim().max(500, { error: "Адрес не длиннее 500 символов" }).optional(),
});

export type ProfileInput = z.output<typeof profileSchema>;
export type CompanyInput = z.output<typeof companySchema>;
