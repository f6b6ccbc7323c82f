import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { LIST_VIEWS, saveSettings, settingsSchema, userSettingsOf } from "../../core/settings/settings";
import { callerOf, operation } from "./operation";

const GROUP = "Настройки";

const settingsSuccess = {
  status: 200 as const,
  data: z.strictObject({ edoListView: z.enum(LIST_VIEWS), ordersListView: z.enum(LIST_VIEWS) }),
  example: { edoListView: "compact" as const, ordersListView: "compact" as const },
};

const LIST_VIEW_RULE =
  "edoListView — вид списка документов ЭДО на широком экране: compact (строка на цепочку, раскрывается в карточку) или cards (карточки). ordersListView — вид списка заказов на компьютере: compact (строка на заказ, раскрывается в карточку) или cards. Пока пользователь не выбрал, compact. На телефоне списки всегда из карточек.";

/** The signed-in user's own settings (decision 0072): kept per user, the same on every device. */
export const settingsOperations = [
  operation(
    {
      method: "GET",
      path: "/settings",
      group: GROUP,
      summary: "Настройки пользователя",
      description: `${LIST_VIEW_RULE} Настройки хранятся на сервере для каждого пользователя.`,
      access: "signed-in",
      roles: ROLES.all,
      success: settingsSuccess,
      errors: [],
    },
    async (c, _input, reply) => reply.ok(await userSettingsOf(c.get("db"), callerOf(c).user.id)),
  ),
  operation(
    {
      method: "POST",
      path: "/settings",
      group: GROUP,
      summary: "Изменить настройки пользователя",
      description: `${LIST_VIEW_RULE} Меняет только названные в теле настройки и только вызывающего пользователя; ответ — настройки, как GET /settings.`,
      access: "signed-in",
      roles: ROLES.all,
      body: settingsSchema,
      success: settingsSuccess,
      errors: [],
    },
    async (c, { body }, reply) =>
      reply.ok(await saveSettings(c.get("db"), callerOf(c).user.id, body, Date.now())),
  ),
];
