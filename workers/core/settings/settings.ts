// A user's own choices of how the product looks (issue 24 item 10; decision 0072), kept on the
// server per user so a choice made at one desk follows the user to another device.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { LIST_VIEWS, userSettings } from "../../../db/schema";

export { LIST_VIEWS };
export type ListView = (typeof LIST_VIEWS)[number];

export type UserSettings = {
  /** The EDO documents list on a wide screen; a phone shows cards whatever is chosen. */
  edoListView: ListView;
  /** The orders list on a desktop; the server renders cards for a phone (decision 0083). */
  ordersListView: ListView;
};

/** What a user who has chosen nothing sees: the desk's dense lists. */
export const DEFAULT_SETTINGS: UserSettings = { edoListView: "compact", ordersListView: "compact" };

const listViewOf = (field: keyof UserSettings) =>
  z.enum(LIST_VIEWS, { error: `${field} — одно из: ${LIST_VIEWS.join(", ")}` }).optional();

/** A change of some settings: those named are stored, the others stay as they were. */
export const settingsSchema = z
  .strictObject({ edoListView: listViewOf("edoListView"), ordersListView: listViewOf("ordersListView") })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: "Укажите настройку: edoListView или ordersListView",
  });

/** The user's row, to read alone or in a page's batch (made into text once, decision 0084). */
export const settingsStatement = (db: Db, userId: string) => settingsRead(db, { userId });
const settingsRead = preparedQuery((db: Db, p: Placeholders<{ userId: string }>) =>
  db
    .select({ edoListView: userSettings.edoListView, ordersListView: userSettings.ordersListView })
    .from(userSettings)
    .where(eq(userSettings.userId, p.userId)),
);

type SettingsRow = { [field in keyof UserSettings]: ListView | null };

export const settingsOf = (row: SettingsRow | undefined): UserSettings => ({
  edoListView: row?.edoListView ?? DEFAULT_SETTINGS.edoListView,
  ordersListView: row?.ordersListView ?? DEFAULT_SETTINGS.ordersListView,
});

export async function userSettingsOf(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await settingsStatement(db, userId);
  return settingsOf(row);
}

/** Stores the user's choice and reads the settings back in the same round trip. */
export async function saveSettings(
  db: Db,
  userId: string,
  input: z.output<typeof settingsSchema>,
  now: number,
): Promise<UserSettings> {
  const updatedAt = new Date(now);
  const write = db
    .insert(userSettings)
    .values({ userId, ...input, updatedAt })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...input, updatedAt } });
  const [, [row]] = await db.batch([write, settingsStatement(db, userId)]);
  return settingsOf(row);
}
