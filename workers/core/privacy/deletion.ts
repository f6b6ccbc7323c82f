import { and, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import {
  analyticsEvents,
  companies,
  edoConnections,
  emailTokens,
  feedbackMessages,
  invitations,
  onboardingStates,
  partnerLinks,
  payments,
  refreshTokens,
  sessions,
  userSettings,
  users,
} from "../../../db/schema";
import { checkCurrentPassword } from "../auth/email-links";

const HAND_OVER =
  "Вы руководитель, а в компании есть другие сотрудники. Сначала передайте руководство: назначьте руководителем другого сотрудника или удалите остальных на странице /members.";

export const DELETION_MESSAGES = {
  deleted: "Аккаунт удалён. Ваши персональные данные удалены, все сеансы завершены.",
  wrongPassword: "Неверный пароль. Аккаунт не удалён.",
  /** Shown on the page before anything is sent. */
  handOverFirst: HAND_OVER,
  handOver: `${HAND_OVER} Аккаунт не удалён.`,
} as const;

type Refused<R extends string> = { ok: false; reason: R; message: string; retryAfterSeconds?: number };

export type AccountDeletion =
  | { ok: true; message: string; companyClosed: boolean }
  | Refused<"invalid" | "rate_limited" | "last_director">;

/**
 * The user may leave without leaving their company in nobody's charge: anyone but a director,
 * a director beside another director, or the company's last member. Checked inside the write,
 * so a colleague invited or promoted at the same moment cannot slip between check and delete.
 */
function leavable(userId: string, companyId: string): SQL {
  const others = sql`select 1 from ${users} as other where other.company_id = ${companyId} and other.id <> ${userId}`;
  return and(
    eq(users.id, userId),
    or(
      ne(users.companyRole, "director"),
      sql`exists (${others} and other.company_role = 'director')`,
      sql`not exists (${others})`,
    ),
  )!;
}

/**
 * A signed-in user deletes their own account (152-ФЗ ст. 21; decision 0079), confirmed by their
 * current password (charged to the sign-in throttle, as a password change is); see
 * `deleteUserAccount` for what goes and what stays.
 */
export async function deleteAccount(
  db: Db,
  input: { userId: string; password: string; now: number },
): Promise<AccountDeletion> {
  const checked = await checkCurrentPassword(db, { ...input, wrong: DELETION_MESSAGES.wrongPassword });
  if (!checked.ok) return checked;
  const { companyId } = checked;
  const outcome = await deleteUserAccount(db, {
    userId: input.userId,
    companyId,
    may: leavable(input.userId, companyId),
    now: input.now,
  });
  if (!outcome.deleted) return { ok: false, reason: "last_director", message: DELETION_MESSAGES.handOver };
  return { ok: true, message: DELETION_MESSAGES.deleted, companyClosed: outcome.companyClosed };
}

/**
 * Deletes a user's account, whether they leave (`deleteAccount`) or a director removes them
 * (members.ts, decision 0076): one write, every statement acting only while `may` (a condition
 * on the `users` row, true only of this user while they may go) holds. Every session ends (browser
 * and API), the account and what is only theirs go (e-mail links, settings, onboarding, feedback,
 * usage events, the invitation they accepted); payments they made and partner links and
 * invitations they created stay the company's, without their name. The last member closes the
 * company: its pending invitations go now, the rest after the retention (erasure.ts).
 */
export async function deleteUserAccount(
  db: Db,
  input: { userId: string; companyId: string; may: SQL; now: number },
): Promise<{ deleted: boolean; companyClosed: boolean }> {
  const { userId: id, companyId, may } = input;
  // Every statement acts only if the account may go; the account's own deletion is the last.
  const allowed = sql`exists (select 1 from ${users} where ${may})`;
  const ofUser = (column: SQLiteColumn) => and(eq(column, id), allowed);
  const userSessions = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
  const noMemberLeft = sql`not exists (select 1 from ${users} where ${users.companyId} = ${companyId})`;
  const results = await db.batch([
    db.delete(refreshTokens).where(and(inArray(refreshTokens.sessionId, userSessions), allowed)),
    db.delete(sessions).where(ofUser(sessions.userId)),
    db.delete(emailTokens).where(ofUser(emailTokens.userId)),
    db.delete(userSettings).where(ofUser(userSettings.userId)),
    db.delete(onboardingStates).where(ofUser(onboardingStates.userId)),
    db.delete(feedbackMessages).where(ofUser(feedbackMessages.userId)),
    db.delete(analyticsEvents).where(ofUser(analyticsEvents.userId)),
    db.delete(invitations).where(ofUser(invitations.userId)),
    db.update(invitations).set({ invitedBy: null }).where(ofUser(invitations.invitedBy)),
    db.update(payments).set({ userId: null }).where(ofUser(payments.userId)),
    db.update(partnerLinks).set({ createdBy: null }).where(ofUser(partnerLinks.createdBy)),
    db
      .delete(users)
      .where(and(eq(users.id, id), may))
      .returning({ id: users.id }),
    // The last member gone: the company is closed, its pending invitations cannot open it again,
    // and its EDO mirror stops refreshing (the token reads as expired; the erasure deletes it).
    db.delete(invitations).where(and(eq(invitations.companyId, companyId), noMemberLeft)),
    db
      .update(edoConnections)
      .set({ tokenExpiresAt: new Date(input.now) })
      .where(and(eq(edoConnections.companyId, companyId), noMemberLeft)),
    db
      .update(companies)
      .set({ closedAt: new Date(input.now) })
      .where(and(eq(companies.id, companyId), isNull(companies.closedAt), noMemberLeft))
      .returning({ id: companies.id }),
  ]);
  const [removed, closed] = [results[11], results[14]];
  return { deleted: removed.length > 0, companyClosed: closed.length > 0 };
}

/** Whether the user may delete their account now, or must hand their company over first. */
export async function mustHandOver(db: Db, userId: string, companyId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(leavable(userId, companyId));
  return rows.length === 0;
}
