// Single-use links sent by e-mail (decision 0073): the address's confirmation after registration
// and the password reset of «Забыли пароль?». Only each link's SHA-256 is stored (email_tokens).
// The web Worker only enqueues: the jobs Worker finds the user, makes the link and queues the
// letter, so a reset request costs the same whether or not the address is registered.
import { and, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { emailTokens, sessions, users } from "../../../db/schema";
import type { JobMessage } from "../jobs/messages";
import { confirmationLetter, passwordResetLetter } from "../mail/letters";
import { ipThrottleKey, releaseSlot, takeSlot, type ThrottleRule } from "../throttle";
import { DECOY_HASH, hashPassword, verifyPassword } from "./passwords";
import { clearLoginFailures, takeLoginAttempt } from "./rate-limit";
import { generateSecretToken, hashToken } from "./tokens";

type EmailTokenKind = (typeof emailTokens.$inferSelect)["kind"];

export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Reset letters one address may be sent an hour, and requests one IP may make. */
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_IP = 10;
/** Confirmation letters one user may be sent an hour (registration's included). */
export const MAX_CONFIRMATIONS_PER_USER = 3;

export const EMAIL_LINK_MESSAGES = {
  resetRequested:
    "Если этот адрес зарегистрирован в Рейсе, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует 30 минут.",
  resetsRateLimited: (seconds: number) =>
    `Слишком много запросов на смену пароля. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
  confirmationSent: "Письмо со ссылкой для подтверждения отправлено. Проверьте почту.",
  confirmationsRateLimited: (seconds: number) =>
    `Письмо уже отправлено несколько раз. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
  queueFailed: "Не удалось отправить письмо. Попробуйте ещё раз через минуту.",
  invalidLink:
    "Ссылка недействительна: проверьте, что она скопирована из письма целиком, или запросите новое письмо.",
  expiredLink: "Срок действия ссылки истёк. Запросите новое письмо.",
  usedLink: "Ссылка уже использована. Если нужно, запросите новое письмо.",
  emailConfirmed: "Адрес электронной почты подтверждён.",
  passwordReset: "Пароль изменён. Остальные входы в кабинет завершены.",
  wrongCurrentPassword: "Текущий пароль указан неверно",
  passwordChanged: "Пароль изменён. Остальные входы в кабинет завершены.",
  emailUnconfirmed:
    "Подтвердите адрес электронной почты: без подтверждения выплаты недоступны. Ссылка — в письме, отправленном при регистрации; письмо можно запросить ещё раз в баннере вверху страницы.",
} as const;

export type LinkDeps = { db: Db; now: () => number; enqueue: (job: JobMessage) => Promise<void> };

export type LinkRefusal = { ok: false; reason: "invalid_link" | "expired" | "used"; message: string };
type Refused<R extends string> = { ok: false; reason: R; message: string; retryAfterSeconds?: number };

const refusal = (reason: LinkRefusal["reason"]): LinkRefusal => ({
  ok: false,
  reason,
  message:
    reason === "expired"
      ? EMAIL_LINK_MESSAGES.expiredLink
      : reason === "used"
        ? EMAIL_LINK_MESSAGES.usedLink
        : EMAIL_LINK_MESSAGES.invalidLink,
});

async function issueToken(
  db: Db,
  link: { kind: EmailTokenKind; userId: string; email: string; now: number; ttlMs: number },
): Promise<string> {
  const token = generateSecretToken();
  await db.insert(emailTokens).values({
    hash: hashToken(token),
    kind: link.kind,
    userId: link.userId,
    email: link.email,
    createdAt: new Date(link.now),
    expiresAt: new Date(link.now + link.ttlMs),
  });
  return token;
}

type QueuedOutcome = { ok: true; message: string } | Refused<"rate_limited" | "unavailable">;

/**
 * Takes a hit under every rule, then enqueues the job; a burst past a rule is refused with
 * `limited`'s words, and a queue that refuses the job is answered, not thrown.
 */
async function throttledJob(
  deps: LinkDeps,
  rules: ThrottleRule[],
  job: JobMessage,
  messages: { sent: string; limited: (seconds: number) => string },
): Promise<QueuedOutcome> {
  const slot = await takeSlot(deps.db, rules, deps.now());
  if (!slot.ok)
    return {
      ok: false,
      reason: "rate_limited",
      message: messages.limited(slot.retryAfterSeconds),
      retryAfterSeconds: slot.retryAfterSeconds,
    };
  try {
    await deps.enqueue(job);
    return { ok: true, message: messages.sent };
  } catch (error) {
    console.error(`email: ${job.kind} could not be queued`, error);
    return { ok: false, reason: "unavailable", message: EMAIL_LINK_MESSAGES.queueFailed };
  }
}

/**
 * Asks for the user's confirmation letter (after registration, or again from the banner), at
 * most MAX_CONFIRMATIONS_PER_USER an hour. `origin` is the site the link leads back to.
 */
export async function requestEmailConfirmation(
  deps: LinkDeps,
  { userId, origin }: { userId: string; origin: string },
): Promise<QueuedOutcome> {
  const rules = [{ key: `confirm:user:${userId}`, limit: MAX_CONFIRMATIONS_PER_USER, windowMs: HOUR_MS }];
  return throttledJob(
    deps,
    rules,
    { kind: "email.confirmation", userId, origin },
    {
      sent: EMAIL_LINK_MESSAGES.confirmationSent,
      limited: EMAIL_LINK_MESSAGES.confirmationsRateLimited,
    },
  );
}

/**
 * «Забыли пароль?»: the same answer and the same work (a throttle hit and a queue message)
 * whether or not the address is registered; the jobs Worker decides whether a letter goes.
 * At most MAX_RESETS_PER_EMAIL requests per address and MAX_RESETS_PER_IP per IP an hour.
 */
export async function requestPasswordReset(
  deps: LinkDeps,
  { email, ip, origin }: { email: string; ip: string | null; origin: string },
): Promise<QueuedOutcome> {
  const address = email.trim().toLowerCase();
  const rules: ThrottleRule[] = [
    { key: `reset:email:${address}`, limit: MAX_RESETS_PER_EMAIL, windowMs: HOUR_MS },
    ...(ip ? [{ key: `reset:ip:${ipThrottleKey(ip)}`, limit: MAX_RESETS_PER_IP, windowMs: HOUR_MS }] : []),
  ];
  return throttledJob(
    deps,
    rules,
    { kind: "email.password_reset", email: address, origin },
    {
      sent: EMAIL_LINK_MESSAGES.resetRequested,
      limited: EMAIL_LINK_MESSAGES.resetsRateLimited,
    },
  );
}

/** The email.confirmation job: a link for the user's current address, unless it is confirmed already. */
export async function prepareConfirmationLetter(
  deps: LinkDeps,
  job: { userId: string; origin: string },
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, job.userId));
  if (!user || user.confirmedAt) return;
  const now = deps.now();
  const token = await issueToken(deps.db, {
    kind: "email_confirmation",
    userId: job.userId,
    email: user.email,
    now,
    ttlMs: CONFIRMATION_TTL_MS,
  });
  const url = `${job.origin}/confirm-email?token=${token}`;
  await deps.enqueue({ kind: "email.send", letter: confirmationLetter(user.email, user.firstName, url) });
}

/** The email.password_reset job: a reset link when the address is a user's, else nothing at all. */
export async function prepareResetLetter(
  deps: LinkDeps,
  job: { email: string; origin: string },
): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, job.email));
  if (!user) return;
  const token = await issueToken(deps.db, {
    kind: "password_reset",
    userId: user.id,
    email: user.email,
    now: deps.now(),
    ttlMs: RESET_TTL_MS,
  });
  const url = `${job.origin}/reset-password?token=${token}`;
  await deps.enqueue({ kind: "email.send", letter: passwordResetLetter(user.email, user.firstName, url) });
}

/**
 * Whether a link of `kind` may still be used, without using it: what its page shows before the
 * form is sent. A link of another kind, or whose address is no longer its user's, is invalid.
 */
export async function inspectLink(
  db: Db,
  kind: EmailTokenKind,
  token: string,
  now: number,
): Promise<{ ok: true; userId: string; email: string } | LinkRefusal> {
  const [row] = await db
    .select({
      userId: emailTokens.userId,
      email: emailTokens.email,
      expiresAt: emailTokens.expiresAt,
      usedAt: emailTokens.usedAt,
      userEmail: users.email,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.hash, hashToken(token)), eq(emailTokens.kind, kind)));
  if (!row || row.userEmail !== row.email) return refusal("invalid_link");
  if (row.usedAt) return refusal("used");
  if (row.expiresAt.getTime() <= now) return refusal("expired");
  return { ok: true, userId: row.userId, email: row.email };
}

/**
 * Uses the link once: one UPDATE marks it used only while it is unused and live, so two
 * parallel submissions cannot both pass. A refused link is told apart by inspectLink.
 */
async function spendLink(
  db: Db,
  kind: EmailTokenKind,
  token: string,
  now: number,
): Promise<{ ok: true; userId: string; email: string } | LinkRefusal> {
  const inspected = await inspectLink(db, kind, token, now);
  if (!inspected.ok) return inspected;
  const used = await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(emailTokens.hash, hashToken(token)),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return used.length > 0 ? inspected : refusal("used");
}

/** The confirmation link's form: the address is marked confirmed (the first moment kept). */
export async function confirmEmail(
  db: Db,
  token: string,
  now: number,
): Promise<{ ok: true; message: string } | LinkRefusal> {
  const link = await spendLink(db, "email_confirmation", token, now);
  if (!link.ok) return link;
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date(now) })
    .where(and(eq(users.id, link.userId), eq(users.email, link.email), isNull(users.emailConfirmedAt)));
  return { ok: true, message: EMAIL_LINK_MESSAGES.emailConfirmed };
}

/** Sets the password and ends sessions (all but `keepSessionId`), and voids the user's other reset links. */
async function replacePassword(
  db: Db,
  {
    userId,
    passwordHash,
    keepSessionId,
    now,
  }: { userId: string; passwordHash: string; keepSessionId: string | null; now: number },
): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : sql`1 = 1`)),
    db
      .update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.kind, "password_reset"),
          isNull(emailTokens.usedAt),
        ),
      ),
  ]);
}

/**
 * The reset link's form: a new password for the link's user; every session of theirs ends (the
 * caller then signs this browser in), and their other reset links stop working.
 */
export async function resetPassword(
  db: Db,
  { token, password, now }: { token: string; password: string; now: number },
): Promise<{ ok: true; userId: string; message: string } | LinkRefusal> {
  const inspected = await inspectLink(db, "password_reset", token, now);
  if (!inspected.ok) return inspected;
  const passwordHash = await hashPassword(password);
  const link = await spendLink(db, "password_reset", token, now);
  if (!link.ok) return link;
  await replacePassword(db, { userId: link.userId, passwordHash, keepSessionId: null, now });
  return { ok: true, userId: link.userId, message: EMAIL_LINK_MESSAGES.passwordReset };
}

/**
 * A signed-in user's current password, confirming a change to their account: checked against the
 * sign-in throttle (so it cannot be guessed here faster than at /login), a correct one gives the
 * attempt back. `wrong` is the refusal's text.
 */
export async function checkCurrentPassword(
  db: Db,
  input: { userId: string; password: string; now: number; wrong: string },
): Promise<{ ok: true; companyId: string } | Refused<"invalid" | "rate_limited">> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, input.userId));
  const attempt = await takeLoginAttempt(db, user?.email ?? "", null, input.now);
  if (!attempt.ok)
    return {
      ok: false,
      reason: "rate_limited",
      message: `Слишком много попыток. Попробуйте снова через ${Math.ceil(attempt.retryAfterSeconds / 60)} мин.`,
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  if (!(await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH)) || !user)
    return { ok: false, reason: "invalid", message: input.wrong };
  await Promise.all([releaseSlot(db, attempt.hitIds), clearLoginFailures(db, user.email)]);
  return { ok: true, companyId: user.companyId };
}

/** A signed-in user's password change: the current password is checked; every other session ends. */
export async function changePassword(
  db: Db,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string; now: number },
): Promise<{ ok: true; message: string } | Refused<"invalid" | "rate_limited">> {
  const checked = await checkCurrentPassword(db, {
    userId: input.userId,
    password: input.currentPassword,
    now: input.now,
    wrong: EMAIL_LINK_MESSAGES.wrongCurrentPassword,
  });
  if (!checked.ok) return checked;
  await replacePassword(db, {
    userId: input.userId,
    passwordHash: await hashPassword(input.newPassword),
    keepSessionId: input.sessionId,
    now: input.now,
  });
  return { ok: true, message: EMAIL_LINK_MESSAGES.passwordChanged };
}

/** The user's address is confirmed; the query, to batch. */
export const emailConfirmedQuery = (db: Db, userId: string) =>
  db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));

export async function isEmailConfirmed(db: Db, userId: string): Promise<boolean> {
  const [row] = await emailConfirmedQuery(db, userId);
  return Boolean(row?.confirmedAt);
}

/** Marks an address confirmed without a letter: the demo seed's accounts. */
export async function markEmailConfirmed(db: Db, userId: string, now: number): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date(now) })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

/** How long a dead link is kept after it expires: until then it still says «истёк», not «недействительна». */
export const DEAD_LINK_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Part of the hourly auth.sweep: deletes links expired more than DEAD_LINK_KEPT_MS ago. */
export async function sweepEmailLinks(db: Db, now: number): Promise<number> {
  const result = await db
    .delete(emailTokens)
    .where(lte(emailTokens.expiresAt, new Date(now - DEAD_LINK_KEPT_MS)));
  return result.rowsAffected;
}
