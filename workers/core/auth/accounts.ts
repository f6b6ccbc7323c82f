import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, users } from "../../../db/schema";
import { isPlanId } from "../billing/plans";
import { isCampaign, isPartnerCode } from "../partners/codes";
import { releaseSlot } from "../throttle";
import { DECOY_HASH, hashPassword, verifyPassword } from "./passwords";
import { clearLoginFailures, takeLoginAttempt, takeRegistrationSlot } from "./rate-limit";
import type { RegistrationInput } from "./schemas";
import { findPublicUser, type PublicUser } from "./users";

export const AUTH_MESSAGES = {
  invalidCredentials: "Неверный email или пароль",
  emailTaken: "Пользователь с таким email уже зарегистрирован",
  innTaken:
    "Компания с таким ИНН уже зарегистрирована. Попросите её сотрудника с доступом пригласить вас или напишите в поддержку.",
  rateLimited: (seconds: number) =>
    `Слишком много попыток входа. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
  registered: "Регистрация успешна! Теперь войдите в систему.",
  registrationsRateLimited: "Слишком много регистраций с этого адреса. Попробуйте позже.",
  welcome: "Добро пожаловать!",
  loggedOut: "Вы вышли из системы.",
  unauthorized: "Требуется авторизация",
} as const;

export type RegistrationResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "email_taken" | "inn_taken"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

export type AccountClash = { ok: false; reason: "email_taken" | "inn_taken"; message: string };

const emailTaken = { ok: false, reason: "email_taken", message: AUTH_MESSAGES.emailTaken } as const;
const innTaken = { ok: false, reason: "inn_taken", message: AUTH_MESSAGES.innTaken } as const;

const blankToNull = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : null);

/** A partner code from the table, lower-cased; anything else is no partner. */
function knownPartner(code: string | undefined): string | null {
  const normalized = code?.trim().toLowerCase();
  return isPartnerCode(normalized) ? normalized : null;
}

/**
 * What stops a new account before any work: its e-mail (lower-cased) or its company's INN is
 * taken by an open company. A closed one (its last member deleted their account, decision 0079)
 * keeps its INN for its accounting records but does not hold it against a new registration.
 */
export async function findAccountClash(
  db: Db,
  email: string,
  inn: string | null,
): Promise<AccountClash | null> {
  const [emailClash, innClash] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1),
    inn
      ? db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.inn, inn), isNull(companies.closedAt)))
          .limit(1)
      : [],
  ]);
  if (emailClash.length > 0) return emailTaken;
  if (innClash.length > 0) return innTaken;
  return null;
}

/** The clash a failed insert of an account means (a registration that raced ours), or null. */
export function clashOfInsertError(error: unknown): AccountClash | null {
  if (!String(error).includes("UNIQUE")) return null;
  return String(error).includes("users.email") ? emailTaken : innTaken;
}

export function registrationsRateLimited(retryAfterSeconds: number) {
  return {
    ok: false,
    reason: "rate_limited",
    message: AUTH_MESSAGES.registrationsRateLimited,
    retryAfterSeconds,
  } as const;
}

/** An account let through `admitAccount`: its ids, its password's hash and the IP's slot it took. */
export type AdmittedAccount = {
  ok: true;
  companyId: string;
  userId: string;
  passwordHash: string;
  hitIds: number[];
};

/**
 * What every new account goes through before it is written (here and in partner quick
 * registration): its e-mail and its company's INN free, then a registration slot of the IP
 * (10 an hour), then fresh ids and the password's hash.
 */
export async function admitAccount(
  db: Db,
  account: { email: string; inn: string | null; password: string },
  { ip, now }: { ip: string | null; now: number },
): Promise<AdmittedAccount | AccountClash | ReturnType<typeof registrationsRateLimited>> {
  const clash = await findAccountClash(db, account.email, account.inn);
  if (clash) return clash;
  const slot = await takeRegistrationSlot(db, ip, now);
  if (!slot.ok) return registrationsRateLimited(slot.retryAfterSeconds);
  return {
    ok: true,
    companyId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    passwordHash: await hashPassword(account.password),
    hitIds: slot.hitIds,
  };
}

/**
 * After an admitted account's write failed: gives the IP's slot back, and answers the clash a
 * registration that raced this one to the same e-mail or INN means; any other error is thrown.
 */
export async function failedAccountWrite(
  db: Db,
  admitted: AdmittedAccount,
  error: unknown,
): Promise<AccountClash> {
  await releaseSlot(db, admitted.hitIds);
  const raced = clashOfInsertError(error);
  if (raced) return raced;
  throw error;
}

/**
 * Creates the company and its first user. A company whose INN is already registered is
 * not joined: that would hand its data to anyone who knows its INN. One IP creates at most
 * 10 accounts an hour; a refused payload does not count.
 */
export async function registerAccount(
  db: Db,
  input: RegistrationInput,
  { ip, now }: { ip: string | null; now: number },
): Promise<RegistrationResult> {
  const email = input.email.toLowerCase();
  const inn = blankToNull(input.inn);
  const admitted = await admitAccount(db, { email, inn, password: input.password }, { ip, now });
  if (!admitted.ok) return admitted;
  const { companyId, userId, passwordHash } = admitted;
  try {
    await db.batch([
      db.insert(companies).values({
        id: companyId,
        name: input.companyName.trim(),
        inn,
        kpp: blankToNull(input.kpp),
        ogrn: blankToNull(input.ogrn),
        address: blankToNull(input.address),
        partnerSource: knownPartner(input.partnerSource),
        campaign: isCampaign(input.campaign) ? input.campaign : null,
        chosenPlan: isPlanId(input.plan) ? input.plan : null,
        createdAt: new Date(now),
      }),
      db.insert(users).values({
        id: userId,
        companyId,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        phone: input.phone,
        role: "user",
        passwordHash,
        createdAt: new Date(now),
      }),
    ]);
  } catch (error) {
    return failedAccountWrite(db, admitted, error);
  }
  return { ok: true, user: (await findPublicUser(db, userId)) as PublicUser };
}

export type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * Checks e-mail and password. The attempt is charged as a failure before the password is
 * checked (5 per e-mail, 20 per IP in 15 minutes), so a burst of parallel guesses is judged
 * at most that many times. Unknown e-mail and wrong password get the same answer after the
 * same work: a hash is always verified.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string | null; now: number },
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  const attempt = await takeLoginAttempt(db, email, input.ip, input.now);
  if (!attempt.ok) {
    return {
      ok: false,
      reason: "rate_limited",
      message: AUTH_MESSAGES.rateLimited(attempt.retryAfterSeconds),
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !matches) return { ok: false, reason: "invalid", message: AUTH_MESSAGES.invalidCredentials };
  await Promise.all([releaseSlot(db, attempt.hitIds), clearLoginFailures(db, email)]);
  return { ok: true, user: (await findPublicUser(db, user.id)) as PublicUser };
}
