import { z } from "zod";
import { deleteAccount, DELETION_MESSAGES } from "../../core/privacy/deletion";
import { CLOSED_COMPANY_RETENTION_DAYS } from "../../core/privacy/erasure";
import { exportFileName, personalDataExport } from "../../core/privacy/export";
import { accountDeletionSchema } from "../../core/privacy/schemas";
import { clearSessionCookieHeader, sessionTokenOf } from "../lib/auth";
import { download } from "./download";
import { callerOf, operation } from "./operation";

const GROUP = "Персональные данные";

const JSON_TYPE = "application/json; charset=utf-8";

/** A user's own personal data: a copy and the account's deletion (152-ФЗ ст. 14, 21; decision 0079). */
export const privacyOperations = [
  operation(
    {
      method: "GET",
      path: "/privacy/export",
      group: GROUP,
      summary: "Мои персональные данные файлом JSON",
      description:
        "Копия персональных данных пользователя (ст. 14 152-ФЗ): профиль, сеансы, отправленные и принятое приглашения, обращения, настройки и состояние знакомства с сервисом, свои платежи и события использования. Руководителю — ещё данные компании, за которые он отвечает: реквизиты компании и банка, контакты из партнёрских ссылок, ожидающие приглашения, названия подключённых учётных записей платформ, X5 и ЭДО (без паролей и токенов). Данных других компаний в файле нет.",
      access: "signed-in",
      roles: ["director", "dispatcher", "driver"],
      success: { status: 200, file: { type: JSON_TYPE, name: "reys-personal-data-{date}.json" } },
      errors: [],
    },
    async (c) => {
      const now = Date.now();
      const data = await personalDataExport(c.get("db"), callerOf(c).user.id, now);
      const bytes = new TextEncoder().encode(JSON.stringify(data, null, 2));
      return download(bytes, JSON_TYPE, exportFileName(now));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/privacy/delete",
      group: GROUP,
      summary: "Удалить свой аккаунт",
      description: `Подтверждается текущим паролем (неверный — 401, ничего не изменено; попытки считаются вместе со входом). Руководитель компании, где есть другие сотрудники и нет другого руководителя, получает 409: сначала нужно передать руководство на странице /members. Все сеансы завершаются сразу, профиль и личные данные удаляются; платежи остаются за компанией без имени плательщика (402-ФЗ). Если это был последний сотрудник, данные компании и доступы к платформам, X5 и ЭДО удаляются через ${CLOSED_COMPANY_RETENTION_DAYS} дней. Войти снова с этим e-mail нельзя.`,
      access: "signed-in",
      roles: ["director", "dispatcher", "driver"],
      body: accountDeletionSchema,
      formBody: true,
      success: { status: 200, data: z.null(), message: DELETION_MESSAGES.deleted, example: null },
      errors: [401, 409, 429],
    },
    async (c, { body }, reply) => {
      const result = await deleteAccount(c.get("db"), {
        userId: callerOf(c).user.id,
        password: body.password,
        now: Date.now(),
      });
      if (!result.ok) return reply.refuse(result);
      if (sessionTokenOf(c.env, c.req.raw) !== undefined)
        c.header("Set-Cookie", clearSessionCookieHeader(c.env, c.req.url), { append: true });
      return reply.ok(null);
    },
  ),
];
