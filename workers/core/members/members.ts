// A company's members and a director's invitations (issue 25 item 3, decision 0076). A director
// invites a colleague by e-mail with a role; the single-use link (7 days, only its hash kept)
// opens a short registration joining the company. Removing a member deletes the account as the
// member's own deletion would (decision 0079), every session with it; the last director can be
// neither removed nor demoted, which each write checks in its own statement, so two directors
// demoting each other cannot both pass.
import { and, desc, eq, gt, isNull, lte, max, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, invitations, sessions, users, type CompanyRole } from "../../../db/schema";
import { DEAD_LINK_KEPT_MS } from "../auth/email-links";
import { hashPassword } from "../auth/passwords";
import { generateSecretToken, hashToken } from "../auth/tokens";
import type { JobMessage } from "../jobs/messages";
import { invitationLetter } from "../mail/letters";
import { deleteUserAccount } from "../privacy/deletion";
import { takeSlot } from "../throttle";
import { ROLE_LABELS } from "./schemas";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations one company may send an hour. */
export const MAX_INVITATIONS_PER_HOUR = 20;

export const MEMBER_MESSAGES = {
  directorsOnly: "Управлять сотрудниками может только руководитель компании.",
  emailUnconfirmed:
    "Подтвердите адрес электронной почты, чтобы приглашать коллег. Ссылка — в письме, отправленном при регистрации; письмо можно запросить ещё раз в баннере вверху страницы.",
  alreadyMember: "Этот сотрудник уже работает в вашей компании.",
  otherCompany:
    "Этот адрес уже зарегистрирован в Рейсе в другой компании. Пригласить можно только адрес, ещё не зарегистрированный в Рейсе.",
  invitationsRateLimited: (seconds: number) =>
    `Слишком много приглашений. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
  queueFailed: "Не удалось отправить приглашение. Попробуйте ещё раз через минуту.",
  invited: (email: string) => `Приглашение отправлено на ${email}. Ссылка действует 7 дней.`,
  notFound: "Сотрудник не найден",
  lastDirector:
    "В компании должен остаться хотя бы один руководитель: сначала назначьте руководителем другого сотрудника.",
  roleChanged: "Роль изменена.",
  removed: "Сотрудник удалён: его входы в кабинет завершены.",
  invalidLink:
    "Ссылка-приглашение недействительна: проверьте, что она скопирована из письма целиком, или попросите руководителя пригласить вас снова.",
  expiredLink: "Срок действия приглашения истёк (7 дней). Попросите руководителя пригласить вас снова.",
  usedLink: "Приглашение уже принято. Войдите в кабинет со своим адресом и паролем.",
  emailTaken:
    "Этот адрес уже зарегистрирован в Рейсе. Войдите в кабинет или попросите руководителя пригласить другой адрес.",
  joined: (companyName: string) => `Добро пожаловать в кабинет «${companyName}»!`,
} as const;

type Refusal<R extends string> = { ok: false; reason: R; message: string; retryAfterSeconds?: number };
export type InvitationRefusal = Refusal<"invalid_link" | "expired" | "used">;

const linkRefusal = (reason: InvitationRefusal["reason"]): InvitationRefusal => ({
  ok: false,
  reason,
  message:
    reason === "expired"
      ? MEMBER_MESSAGES.expiredLink
      : reason === "used"
        ? MEMBER_MESSAGES.usedLink
        : MEMBER_MESSAGES.invalidLink,
});

/**
 * The member's role in their company, read afresh (a signed-in request has it with its session;
 * decision 0077). Someone no longer a member reads as a driver: the role that may do least.
 */
export async function companyRoleOf(db: Db, userId: string): Promise<CompanyRole> {
  const [row] = await db.select({ companyRole: users.companyRole }).from(users).where(eq(users.id, userId));
  return row?.companyRole ?? "driver";
}

export type MemberView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: CompanyRole;
  /** The latest moment any of their sessions was seen; null when they have none. */
  lastActiveAt: Date | null;
};

export type PendingInvitation = { email: string; role: CompanyRole; createdAt: Date; expiresAt: Date };

/** The company's members (directors first, then by name) and its live, unused invitations. */
export async function listMembers(
  db: Db,
  companyId: string,
  now: number,
): Promise<{ members: MemberView[]; invitations: PendingInvitation[] }> {
  const [members, pending] = await db.batch([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        role: users.companyRole,
        lastActiveAt: max(sessions.lastSeenAt),
      })
      .from(users)
      .leftJoin(sessions, eq(sessions.userId, users.id))
      .where(eq(users.companyId, companyId))
      .groupBy(users.id)
      .orderBy(sql`${users.companyRole} = 'director' desc`, users.lastName, users.firstName),
    db
      .select({
        email: invitations.email,
        role: invitations.role,
        createdAt: invitations.createdAt,
        expiresAt: invitations.expiresAt,
      })
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, new Date(now)),
        ),
      )
      .orderBy(desc(invitations.createdAt)),
  ]);
  return {
    members: members.map((m) => ({ ...m, lastActiveAt: m.lastActiveAt ? new Date(m.lastActiveAt) : null })),
    invitations: pending,
  };
}

export type InviteDeps = { db: Db; now: () => number; enqueue: (job: JobMessage) => Promise<void> };

/**
 * A director's invitation: refused while the director's address is unconfirmed (403), for an
 * address already registered (409, saying whether it is a colleague or another company's), and
 * past MAX_INVITATIONS_PER_HOUR a company (429). The letter goes through the queue.
 */
export async function inviteMember(
  deps: InviteDeps,
  input: { inviterId: string; companyId: string; email: string; role: CompanyRole; origin: string },
): Promise<
  | { ok: true; message: string; invitation: PendingInvitation }
  | Refusal<"not_director" | "email_unconfirmed" | "email_taken" | "rate_limited" | "unavailable">
> {
  const email = input.email.trim().toLowerCase();
  const [[inviter], [existing]] = await deps.db.batch([
    deps.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        companyRole: users.companyRole,
        confirmedAt: users.emailConfirmedAt,
        companyName: companies.name,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, input.inviterId), eq(users.companyId, input.companyId))),
    deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)),
  ]);
  if (!inviter || inviter.companyRole !== "director")
    return { ok: false, reason: "not_director", message: MEMBER_MESSAGES.directorsOnly };
  if (!inviter.confirmedAt)
    return { ok: false, reason: "email_unconfirmed", message: MEMBER_MESSAGES.emailUnconfirmed };
  if (existing)
    return {
      ok: false,
      reason: "email_taken",
      message:
        existing.companyId === input.companyId ? MEMBER_MESSAGES.alreadyMember : MEMBER_MESSAGES.otherCompany,
    };
  const now = deps.now();
  const slot = await takeSlot(
    deps.db,
    [{ key: `invite:company:${input.companyId}`, limit: MAX_INVITATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 }],
    now,
  );
  if (!slot.ok)
    return {
      ok: false,
      reason: "rate_limited",
      message: MEMBER_MESSAGES.invitationsRateLimited(slot.retryAfterSeconds),
      retryAfterSeconds: slot.retryAfterSeconds,
    };
  const token = generateSecretToken();
  const invitation = {
    email,
    role: input.role,
    createdAt: new Date(now),
    expiresAt: new Date(now + INVITATION_TTL_MS),
  };
  await deps.db.insert(invitations).values({
    hash: hashToken(token),
    companyId: input.companyId,
    invitedBy: input.inviterId,
    ...invitation,
  });
  const letter = invitationLetter(email, {
    inviterName: `${inviter.firstName} ${inviter.lastName}`,
    companyName: inviter.companyName,
    roleLabel: ROLE_LABELS[input.role],
    url: `${input.origin}/invite?token=${token}`,
  });
  try {
    await deps.enqueue({ kind: "email.send", letter });
  } catch (error) {
    console.error("members: an invitation letter could not be queued", error);
    await deps.db.delete(invitations).where(eq(invitations.hash, hashToken(token)));
    return { ok: false, reason: "unavailable", message: MEMBER_MESSAGES.queueFailed };
  }
  return { ok: true, message: MEMBER_MESSAGES.invited(email), invitation };
}

/** What the invitation's page shows before the form is sent; opening it changes nothing. */
export async function inspectInvitation(
  db: Db,
  token: string,
  now: number,
): Promise<
  { ok: true; email: string; role: CompanyRole; companyId: string; companyName: string } | InvitationRefusal
> {
  const [row] = await db
    .select({
      email: invitations.email,
      role: invitations.role,
      companyId: invitations.companyId,
      companyName: companies.name,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.hash, hashToken(token)));
  if (!row) return linkRefusal("invalid_link");
  if (row.usedAt) return linkRefusal("used");
  if (row.expiresAt.getTime() <= now) return linkRefusal("expired");
  return {
    ok: true,
    email: row.email,
    role: row.role,
    companyId: row.companyId,
    companyName: row.companyName,
  };
}

/**
 * The invitation's registration: the account joins the inviting company with the invited role
 * and address (confirmed: the letter reached it). The link is spent by one UPDATE that matches
 * only while it is unused and live; if the address was registered meanwhile, the link is given
 * back and the registration refused (409), nothing made.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; firstName: string; lastName: string; phone: string; password: string; now: number },
): Promise<{ ok: true; userId: string; message: string } | InvitationRefusal | Refusal<"email_taken">> {
  const invitation = await inspectInvitation(db, input.token, input.now);
  if (!invitation.ok) return invitation;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  if (taken) return { ok: false, reason: "email_taken", message: MEMBER_MESSAGES.emailTaken };
  const passwordHash = await hashPassword(input.password);
  const userId = crypto.randomUUID();
  const hash = hashToken(input.token);
  const spent = await db
    .update(invitations)
    .set({ usedAt: new Date(input.now) })
    .where(
      and(
        eq(invitations.hash, hash),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date(input.now)),
      ),
    )
    .returning({ hash: invitations.hash });
  if (spent.length === 0) return linkRefusal("used");
  try {
    await db.batch([
      db.insert(users).values({
        id: userId,
        companyId: invitation.companyId,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: invitation.email,
        phone: input.phone,
        role: "user",
        companyRole: invitation.role,
        passwordHash,
        createdAt: new Date(input.now),
        emailConfirmedAt: new Date(input.now),
      }),
      db.update(invitations).set({ userId }).where(eq(invitations.hash, hash)),
    ]);
  } catch (error) {
    await db.update(invitations).set({ usedAt: null }).where(eq(invitations.hash, hash));
    if (String(error).includes("UNIQUE"))
      return { ok: false, reason: "email_taken", message: MEMBER_MESSAGES.emailTaken };
    throw error;
  }
  return { ok: true, userId, message: MEMBER_MESSAGES.joined(invitation.companyName) };
}

/** Another director of the company than `memberId` exists: the condition each demotion and removal carries. */
const anotherDirector = (companyId: string, memberId: string) =>
  sql`exists (select 1 from ${users} as other where other.company_id = ${companyId} and other.company_role = 'director' and other.id <> ${memberId})`;

/** Whether the member is the company's: 404 for anyone else's (or nobody's) id. */
async function memberOf(db: Db, companyId: string, memberId: string) {
  const [row] = await db
    .select({ role: users.companyRole })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.companyId, companyId)));
  return row ?? null;
}

/** A director's change of a member's role; the last director cannot be demoted (409). */
export async function changeMemberRole(
  db: Db,
  input: { companyId: string; memberId: string; role: CompanyRole },
): Promise<{ ok: true; message: string; role: CompanyRole } | Refusal<"not_found" | "last_director">> {
  if (!(await memberOf(db, input.companyId, input.memberId)))
    return { ok: false, reason: "not_found", message: MEMBER_MESSAGES.notFound };
  const changed = await db
    .update(users)
    .set({ companyRole: input.role })
    .where(
      and(
        eq(users.id, input.memberId),
        eq(users.companyId, input.companyId),
        // Promoting needs nothing; anything else must leave another director.
        input.role === "director"
          ? undefined
          : or(ne(users.companyRole, "director"), anotherDirector(input.companyId, input.memberId)),
      ),
    )
    .returning({ id: users.id });
  if (changed.length === 0)
    return { ok: false, reason: "last_director", message: MEMBER_MESSAGES.lastDirector };
  return { ok: true, message: MEMBER_MESSAGES.roleChanged, role: input.role };
}

/**
 * A director removes a member: the account goes as a self-deleted one does (decision 0079's
 * statements, `deleteUserAccount`), so every session (browser and API) ends at once and their
 * personal data goes with it. The last director cannot be removed (409).
 */
export async function removeMember(
  db: Db,
  input: { companyId: string; memberId: string; now?: number },
): Promise<{ ok: true; message: string } | Refusal<"not_found" | "last_director">> {
  if (!(await memberOf(db, input.companyId, input.memberId)))
    return { ok: false, reason: "not_found", message: MEMBER_MESSAGES.notFound };
  const removable = and(
    eq(users.id, input.memberId),
    eq(users.companyId, input.companyId),
    or(ne(users.companyRole, "director"), anotherDirector(input.companyId, input.memberId)),
  )!;
  const outcome = await deleteUserAccount(db, {
    userId: input.memberId,
    companyId: input.companyId,
    may: removable,
    now: input.now ?? Date.now(),
  });
  if (!outcome.deleted) return { ok: false, reason: "last_director", message: MEMBER_MESSAGES.lastDirector };
  return { ok: true, message: MEMBER_MESSAGES.removed };
}

/**
 * Part of the hourly auth.sweep: deletes invitations expired more than DEAD_LINK_KEPT_MS ago
 * (used or not), as dead e-mail links are; until then an expired link still says it expired.
 */
export async function sweepInvitations(db: Db, now: number): Promise<number> {
  const result = await db
    .delete(invitations)
    .where(lte(invitations.expiresAt, new Date(now - DEAD_LINK_KEPT_MS)));
  return result.rowsAffected;
}
