// The way in (spec 1 §3 «Checklist item», §4 «Onboarding tour», «Checklist»; issue 24 items 3-4;
// decision 0071): the first-steps checklist, each item done by the real action it names, read
// from the company's data in one statement; and what only the user's own clicks tell (the tour
// taken, the checklist put away, the analytics page seen, hints dismissed), kept per user on the
// server so it follows the user to another device.
import { sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { preparedQuery, preparedSql, type Placeholders } from "../../../db/prepared-sql";
import {
  companies,
  companyRequisites,
  edoConnections,
  edoDocuments,
  onboardingStates,
  payments,
  platformOrders,
} from "../../../db/schema";

export const CHECKLIST_IDS = ["profile", "first-order", "transport", "analytics", "edo", "plan"] as const;
export type ChecklistId = (typeof CHECKLIST_IDS)[number];

/** The items in the spec's order, with where their action leads. */
export const CHECKLIST: readonly {
  id: ChecklistId;
  title: string;
  description: string;
  action: { label: string; href: string };
}[] = [
  {
    id: "profile",
    title: "Заполните профиль компании",
    description: "ИНН, адрес и банковские реквизиты: на них приходят выплаты за рейсы.",
    action: { label: "Указать реквизиты", href: "/finance?tab=requisites" },
  },
  {
    id: "first-order",
    title: "Получите первый заказ",
    description: "Подключите платформу заказчика — заказы загрузятся сами.",
    action: { label: "Подключить платформу", href: "/platforms" },
  },
  {
    id: "transport",
    title: "Добавьте транспорт",
    description: "Машины появятся из накладных ЭДО, где указан номер транспортного средства.",
    action: { label: "Открыть транспорт", href: "/transport" },
  },
  {
    id: "analytics",
    title: "Посмотрите аналитику",
    description: "Доход, рейсы и клиенты по вашим заказам и документам.",
    action: { label: "Открыть аналитику", href: "/dashboard/analytics" },
  },
  {
    id: "edo",
    title: "Подключите ЭДО",
    description: "Войдите в аккаунт оператора ЭДО — накладные и статусы рейсов подтянутся автоматически.",
    action: { label: "Подключить ЭДО", href: "/edo" },
  },
  {
    id: "plan",
    title: "Выберите тариф",
    description: "Оплатите тариф, чтобы продолжить работу после 14 дней пробного периода.",
    action: { label: "Выбрать тариф", href: "/payment" },
  },
];

/** Hints shown once until dismissed for good (spec 1 §4); the key is what is stored. */
export const HINT_KEYS = ["dashboard-figures"] as const;
export type HintKey = (typeof HINT_KEYS)[number];

/** What the user can put away: the checklist itself, or a hint. */
export const DISMISSIBLE = ["checklist", ...HINT_KEYS] as const;
/** Pages whose visit is a checklist item's action. */
export const VISITED_ITEMS = ["analytics"] as const;

export const dismissSchema = z.strictObject({
  key: z.enum(DISMISSIBLE, { error: `key — одно из: ${DISMISSIBLE.join(", ")}` }),
});
export const visitSchema = z.strictObject({
  item: z.enum(VISITED_ITEMS, { error: `item — одно из: ${VISITED_ITEMS.join(", ")}` }),
});
export const tourSchema = z.strictObject({
  outcome: z.enum(["finished", "skipped"], { error: "outcome — finished или skipped" }),
});

export type ChecklistItem = (typeof CHECKLIST)[number] & { completed: boolean };

export type OnboardingState = {
  /** The user's id: the browser's mirror of this state is kept under keys of it. */
  userId: string;
  checklist: ChecklistItem[];
  completed: number;
  total: number;
  checklistDismissed: boolean;
  tourDone: boolean;
  tourOutcome: "finished" | "skipped" | null;
  dismissedHints: HintKey[];
};

type StateRow = typeof onboardingStates.$inferSelect;

const asBoolean = (value: unknown) => Number(value ?? 0) === 1;

/**
 * Each item's fact as the company's data tells it, in one statement. Every part stops at its
 * first row (EXISTS) off an index that starts with the company's id.
 */
export function factsStatement(db: Db, companyId: string) {
  return db.all<{ profile: number; order: number; vehicle: number; edo: number; paid: number }>(
    factsSql({ companyId }),
  );
}
const factsSql = preparedSql<{ companyId: string }>((p) => {
  const c = companies;
  const d = edoDocuments;
  return sql`SELECT
      EXISTS (SELECT 1 FROM ${c} WHERE ${c.id} = ${p.companyId}
        AND trim(coalesce(${c.inn}, '')) <> '' AND trim(coalesce(${c.address}, '')) <> '')
        AND EXISTS (SELECT 1 FROM ${companyRequisites} WHERE ${companyRequisites.companyId} = ${p.companyId}) AS profile,
      EXISTS (SELECT 1 FROM ${platformOrders} WHERE ${platformOrders.companyId} = ${p.companyId}) AS "order",
      EXISTS (SELECT 1 FROM ${d} WHERE ${d.companyId} = ${p.companyId} AND ${d.deleted} = 0
        AND coalesce(${d.vehicle}, '') <> '') AS vehicle,
      EXISTS (SELECT 1 FROM ${edoConnections} WHERE ${edoConnections.companyId} = ${p.companyId}) AS edo,
      EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.companyId} = ${p.companyId}
        AND ${payments.status} = 'succeeded') AS paid`;
});

export function stateRowStatement(db: Db, userId: string) {
  return stateRow(db, { userId });
}
const stateRow = preparedQuery((db: Db, p: Placeholders<{ userId: string }>) =>
  db
    .select()
    .from(onboardingStates)
    .where(sql`${onboardingStates.userId} = ${p.userId}`),
);

export function onboardingStateOf(
  userId: string,
  facts: { profile: number; order: number; vehicle: number; edo: number; paid: number } | undefined,
  row: StateRow | undefined,
): OnboardingState {
  const done: Record<ChecklistId, boolean> = {
    profile: asBoolean(facts?.profile),
    "first-order": asBoolean(facts?.order),
    transport: asBoolean(facts?.vehicle),
    analytics: Boolean(row?.analyticsViewedAt),
    edo: asBoolean(facts?.edo),
    plan: asBoolean(facts?.paid),
  };
  const checklist = CHECKLIST.map((item) => ({ ...item, completed: done[item.id] }));
  return {
    userId,
    checklist,
    completed: checklist.filter((item) => item.completed).length,
    total: checklist.length,
    checklistDismissed: Boolean(row?.checklistDismissedAt),
    tourDone: Boolean(row?.tourDoneAt),
    tourOutcome: row?.tourOutcome ?? null,
    dismissedHints: (row?.dismissedHints ?? []).filter((key): key is HintKey =>
      (HINT_KEYS as readonly string[]).includes(key),
    ),
  };
}

export type Member = { userId: string; companyId: string };

/** The user's checklist and onboarding state: one round trip. */
export async function onboardingState(db: Db, member: Member): Promise<OnboardingState> {
  const [[facts], [row]] = await db.batch([
    factsStatement(db, member.companyId),
    stateRowStatement(db, member.userId),
  ]);
  return onboardingStateOf(member.userId, facts, row);
}

type Fresh = Omit<typeof onboardingStates.$inferInsert, "userId" | "updatedAt">;

/**
 * Writes one change to the user's row — `fresh` when the row is new, `set` onto an existing one —
 * and reads the state back in the same batch.
 */
async function change(
  db: Db,
  member: Member,
  now: number,
  fresh: Fresh,
  set: SQLiteUpdateSetSource<typeof onboardingStates>,
): Promise<OnboardingState> {
  const s = onboardingStates;
  const write = db
    .insert(s)
    .values({ ...fresh, userId: member.userId, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: s.userId, set: { ...set, updatedAt: new Date(now) } });
  const [, [facts], [row]] = await db.batch([
    write,
    factsStatement(db, member.companyId),
    stateRowStatement(db, member.userId),
  ]);
  return onboardingStateOf(member.userId, facts, row);
}

/** The first time counts: a later visit, dismissal or finish keeps it. */
const firstTime = (column: AnySQLiteColumn, now: number) => sql`coalesce(${column}, ${now})`;

/** A page whose visit completes a checklist item (the analytics page). */
export function markVisited(db: Db, member: Member, item: (typeof VISITED_ITEMS)[number], now: number) {
  const column = { analytics: "analyticsViewedAt" } as const;
  return change(
    db,
    member,
    now,
    { [column[item]]: new Date(now) },
    { [column[item]]: firstTime(onboardingStates[column[item]], now) },
  );
}

/** The checklist put away, or a hint dismissed for good. */
export function dismiss(db: Db, member: Member, key: (typeof DISMISSIBLE)[number], now: number) {
  const s = onboardingStates;
  if (key === "checklist") {
    return change(
      db,
      member,
      now,
      { checklistDismissedAt: new Date(now) },
      { checklistDismissedAt: firstTime(s.checklistDismissedAt, now) },
    );
  }
  return change(
    db,
    member,
    now,
    { dismissedHints: [key] },
    {
      dismissedHints: sql`CASE WHEN EXISTS (SELECT 1 FROM json_each(${s.dismissedHints}) WHERE value = ${key})
      THEN ${s.dismissedHints} ELSE json_insert(${s.dismissedHints}, '$[#]', ${key}) END`,
    },
  );
}

/** The tour finished or skipped: it no longer starts by itself (a restart from the header still shows it). */
export function markTour(db: Db, member: Member, outcome: "finished" | "skipped", now: number) {
  const s = onboardingStates;
  return change(
    db,
    member,
    now,
    { tourDoneAt: new Date(now), tourOutcome: outcome },
    { tourDoneAt: firstTime(s.tourDoneAt, now), tourOutcome: outcome },
  );
}
