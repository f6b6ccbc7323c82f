import { z } from "zod";
import { COMPANY_ROLES } from "../../../db/schema/auth";
import {
  COMPANY_MESSAGES,
  readCompany,
  requireCompanyDirector,
  updateCompany,
} from "../../core/account/company";
import { PROFILE_MESSAGES, readProfile, updateProfile } from "../../core/account/profile";
import { companySchema, profileSchema } from "../../core/account/schemas";
import { changePassword, EMAIL_LINK_MESSAGES } from "../../core/auth/email-links";
import { changePasswordSchema } from "../../core/auth/recovery-schemas";
import { callerOf, operation } from "./operation";

const PROFILE_GROUP = "Профиль";
const COMPANY_GROUP = "Компания";

const profileView = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  phone: z.string(),
  role: z.enum(COMPANY_ROLES),
});

const exampleProfile = {
  firstName: "Алексей",
  lastName: "Петров",
  email: "director@trassa.ru",
  emailConfirmed: true,
  phone: "+79161234567",
  role: "director" as const,
};

const companyView = z.strictObject({
  name: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  innVerified: z.boolean(),
});

const exampleCompany = {
  name: "ООО «Трасса»",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  address: "г Москва, ул Вавилова, д 19",
  innVerified: true,
};

const INN_RULE =
  "ИНН подтверждён (innVerified), когда с ним одобрена быстрая оплата или в накладных ЭДО компании она указана перевозчиком с этим ИНН; подтверждённый ИНН не меняется (409).";

/** The signed-in user's own data and the director's company card (issue 25 item 5, decision 0078). */
export const profileOperations = [
  operation(
    {
      method: "GET",
      path: "/profile",
      group: PROFILE_GROUP,
      summary: "Мой профиль",
      description:
        "Имя, фамилия, телефон, e-mail (emailConfirmed — подтверждён ли он по ссылке из письма) и роль в компании.",
      access: "signed-in",
      roles: ["director", "dispatcher", "driver"],
      success: { status: 200, data: profileView, example: exampleProfile },
      errors: [404],
    },
    async (c, _input, reply) => {
      const profile = await readProfile(c.get("db"), callerOf(c).user.id);
      return profile ? reply.ok(profile) : reply.fail(404, PROFILE_MESSAGES.notFound);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/profile",
      group: PROFILE_GROUP,
      summary: "Изменить имя и телефон",
      description:
        "Телефон — в международном формате (пробелы, скобки и дефисы убираются), как при регистрации. E-mail здесь не меняется.",
      access: "signed-in",
      roles: ["director", "dispatcher", "driver"],
      body: profileSchema,
      formBody: true,
      success: { status: 200, data: profileView, message: PROFILE_MESSAGES.saved, example: exampleProfile },
      errors: [404],
    },
    async (c, { body }, reply) => {
      const result = await updateProfile(c.get("db"), callerOf(c).user.id, body);
      return result.ok ? reply.ok(result.profile) : reply.fail(404, result.message);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/profile/password",
      group: PROFILE_GROUP,
      summary: "Сменить пароль",
      description:
        "Нужен текущий пароль; новый — по правилам регистрации (не короче 8 символов, заглавная и строчная буквы и цифра), дважды. Все сеансы, кроме текущего (браузер и API), завершаются. Неверный текущий пароль — 400; попытки считаются вместе со входами (429 после 5 неудач за 15 минут).",
      access: "signed-in",
      roles: ["director", "dispatcher", "driver"],
      body: changePasswordSchema,
      formBody: true,
      success: {
        status: 200,
        data: z.strictObject({ changed: z.literal(true) }),
        message: EMAIL_LINK_MESSAGES.passwordChanged,
        example: { changed: true as const },
      },
      errors: [429],
    },
    async (c, { body }, reply) => {
      const { user, session } = callerOf(c);
      const result = await changePassword(c.get("db"), {
        userId: user.id,
        sessionId: session.id,
        currentPassword: body.currentPassword,
        newPassword: body.password,
        now: Date.now(),
      });
      if (result.ok) return reply.ok({ changed: true });
      // A wrong current password is bad input here, not a missing sign-in.
      const { reason, ...refusal } = result;
      return reason === "invalid" ? reply.fail(400, refusal.message) : reply.refuse({ reason, ...refusal });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/company",
      group: COMPANY_GROUP,
      summary: "Карточка компании",
      description: `Название, ИНН, КПП, ОГРН и адрес. Только для руководителя компании (остальным — 403). ${INN_RULE} Реквизиты для выплат — GET /companies/requisites.`,
      access: "signed-in",
      roles: ["director"],
      success: { status: 200, data: companyView, example: exampleCompany },
      errors: [403, 404],
    },
    async (c, _input, reply) => {
      const { user } = callerOf(c);
      const refused = await requireCompanyDirector(c.get("db"), user.id);
      if (refused) return reply.refuse(refused);
      const company = await readCompany(c.get("db"), user.company.id);
      return company ? reply.ok(company) : reply.fail(404, COMPANY_MESSAGES.notFound);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/company",
      group: COMPANY_GROUP,
      summary: "Изменить карточку компании",
      description: `Передаются все поля: необязательное поле, которое не передано или пусто, очищается. Проверки — как при регистрации (контрольные суммы ИНН и ОГРН, формат КПП). Только для руководителя (остальным — 403). ${INN_RULE} ИНН другой компании Рейса — 409. Реквизиты для выплат — POST /companies/requisites.`,
      access: "signed-in",
      roles: ["director"],
      body: companySchema,
      formBody: true,
      success: { status: 200, data: companyView, message: COMPANY_MESSAGES.saved, example: exampleCompany },
      errors: [403, 404, 409],
    },
    async (c, { body }, reply) => {
      const { user } = callerOf(c);
      const refused = await requireCompanyDirector(c.get("db"), user.id);
      if (refused) return reply.refuse(refused);
      const result = await updateCompany(c.get("db"), user.company.id, body);
      return result.ok ? reply.ok(result.company) : reply.refuse(result);
    },
  ),
];
