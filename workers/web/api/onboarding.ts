import { ROLES } from "../../core/members/roles";
import type { Context } from "hono";
import { z } from "zod";
import {
  ACHIEVEMENT_CATEGORIES,
  achievementsFor,
  achievementsRead,
} from "../../core/onboarding/achievements";
import {
  CHECKLIST,
  CHECKLIST_IDS,
  dismiss,
  dismissSchema,
  HINT_KEYS,
  markTour,
  markVisited,
  onboardingState,
  tourSchema,
  visitSchema,
  type Member,
} from "../../core/onboarding/checklist";
import type { AppBindings } from "../bindings";
import { exampleUser } from "./auth";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Первые шаги";

const stateSchema = z.strictObject({
  userId: z.string(),
  checklist: z.array(
    z.strictObject({
      id: z.enum(CHECKLIST_IDS),
      title: z.string(),
      description: z.string(),
      action: z.strictObject({ label: z.string(), href: z.string() }),
      completed: z.boolean(),
    }),
  ),
  completed: z.number().int(),
  total: z.number().int(),
  checklistDismissed: z.boolean(),
  tourDone: z.boolean(),
  tourOutcome: z.enum(["finished", "skipped"]).nullable(),
  dismissedHints: z.array(z.enum(HINT_KEYS)),
});

const exampleState = {
  userId: exampleUser.id,
  checklist: CHECKLIST.map((item, index) => ({ ...item, completed: index < 3 })),
  completed: 3,
  total: CHECKLIST.length,
  checklistDismissed: false,
  tourDone: true,
  tourOutcome: "skipped" as const,
  dismissedHints: [],
};

const stateSuccess = { status: 200 as const, data: stateSchema, example: exampleState };

const memberOf = (c: Context<AppBindings>): Member => {
  const { user } = callerOf(c);
  return { userId: user.id, companyId: user.company.id };
};

const CHECKLIST_RULES =
  "Пункт выполнен, когда сделано само действие: профиль — у компании есть ИНН, адрес и банковские реквизиты; первый заказ — у компании есть заказ с платформы или из ЭДО; транспорт — в зеркале ЭДО есть накладная с номером машины; аналитика — пользователь открыл /dashboard/analytics; ЭДО — выполнен вход к оператору ЭДО; тариф — есть оплаченный платёж за тариф.";

/** The checklist, the tour, hints and achievements of the signed-in user (spec 1 §3-4, §9). */
export const onboardingOperations = [
  operation(
    {
      method: "GET",
      path: "/onboarding",
      group: GROUP,
      summary: "Чек-лист первых шагов и состояние обучения",
      description: `Шесть пунктов в порядке спецификации. ${CHECKLIST_RULES} checklistDismissed — чек-лист скрыт пользователем; tourDone — тур пройден или пропущен (сам больше не запускается); dismissedHints — подсказки, закрытые навсегда. Состояние хранится на сервере для каждого пользователя.`,
      access: "signed-in",
      roles: ROLES.all,
      success: stateSuccess,
      errors: [],
    },
    async (c, _input, reply) => reply.ok(await onboardingState(c.get("db"), memberOf(c))),
  ),
  operation(
    {
      method: "GET",
      path: "/onboarding/achievements",
      group: GROUP,
      summary: "Достижения",
      description:
        "Семь достижений в категориях orders, efficiency, growth, engagement с прогрессом progress из total: 1, 10 и 50 заказов компании; идеальная неделя (календарная неделя по Москве из последних 52 завершённых, в которую все взятые рейсы со сроком доставки доставлены, и хотя бы один такой был); эффективность 95 % (как на главной: доля доставленных из взятых рейсов со сроком за 30 дней); доход 1 000 000 ₽ от выполненных заказов; 7 дней подряд (семь календарных дней по Москве подряд, в каждый из которых пользователь работал в приложении, за последний год). Достигнутое остаётся открытым: unlockedAt — когда оно достигнуто впервые.",
      access: "signed-in",
      roles: ROLES.all,
      success: {
        status: 200,
        data: z.array(
          z.strictObject({
            id: z.string(),
            title: z.string(),
            description: z.string(),
            category: z.enum(ACHIEVEMENT_CATEGORIES),
            unlocked: z.boolean(),
            unlockedAt: timestamp.nullable(),
            progress: z.number().int(),
            total: z.number().int(),
          }),
        ),
        example: [
          {
            id: "orders-10",
            title: "10 заказов",
            description: "Десять заказов в работе у компании",
            category: "orders",
            unlocked: false,
            unlockedAt: null,
            progress: 4,
            total: 10,
          },
        ],
      },
      errors: [],
    },
    async (c, _input, reply) => {
      const db = c.get("db");
      const member = memberOf(c);
      const now = Date.now();
      const { read, efficiency } = await achievementsRead(db, member, now);
      return reply.ok(await achievementsFor(db, member, read, efficiency, now));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/onboarding/visit",
      group: GROUP,
      summary: "Отметить посещение страницы пункта чек-листа",
      description:
        "item: analytics — пользователь открыл аналитику (пункт «Посмотрите аналитику»). Первое посещение сохраняется; ответ — состояние, как GET /onboarding.",
      access: "signed-in",
      roles: ROLES.all,
      body: visitSchema,
      success: stateSuccess,
      errors: [],
    },
    async (c, { body }, reply) =>
      reply.ok(await markVisited(c.get("db"), memberOf(c), body.item, Date.now())),
  ),
  operation(
    {
      method: "POST",
      path: "/onboarding/dismiss",
      group: GROUP,
      summary: "Скрыть чек-лист или подсказку навсегда",
      description: `key: checklist — скрыть чек-лист; ${HINT_KEYS.join(", ")} — закрыть подсказку. Ответ — состояние, как GET /onboarding.`,
      access: "signed-in",
      roles: ROLES.all,
      body: dismissSchema,
      success: stateSuccess,
      errors: [],
    },
    async (c, { body }, reply) => reply.ok(await dismiss(c.get("db"), memberOf(c), body.key, Date.now())),
  ),
  operation(
    {
      method: "POST",
      path: "/onboarding/tour",
      group: GROUP,
      summary: "Тур пройден или пропущен",
      description:
        "outcome: finished или skipped. После этого тур больше не запускается сам при входе на главную (его можно запустить снова из шапки).",
      access: "signed-in",
      roles: ROLES.all,
      body: tourSchema,
      success: stateSuccess,
      errors: [],
    },
    async (c, { body }, reply) =>
      reply.ok(await markTour(c.get("db"), memberOf(c), body.outcome, Date.now())),
  ),
];
