import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, users } from "../../../db/schema";
import { decoyHash, hashPassword, verifyPassword } from "./passwords";
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from "./rate-limit";
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
  welcome: "Добро пожаловать!",
  loggedOut: "Вы вышли из системы.",
  unauthorized: "Требуется авторизация",
} as const;

export type RegistrationResult =
  { ok: true; user: PublicUser } | { ok: false; reason: "email_taken" | "inn_taken"; message: string };

const blankToNull = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : null);

/**
 * Creates the company and its first user. A company whose INN is already registered is
 * not joined: that would hand its data to anyone who knows its INN.
 */
export async function registerAccount(
  db: Db,
  input: RegistrationInput,
  now: number,
): Promise<RegistrationResult> {
  const email = input.email.toLowerCase();
  const inn = blankToNull(input.inn);
  const [emailClash, innClash] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1),
    inn ? db.select({ id: companies.id }).from(companies).where(eq(companies.inn, inn)).limit(1) : [],
  ]);
  if (emailClash.length > 0) return { ok: false, reason: "email_taken", message: AUTH_MESSAGES.emailTaken };
  if (innClash.length > 0) return { ok: false, reason: "inn_taken", message: AUTH_MESSAGES.innTaken };
  const companyId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(companies).values({
        id: companyId,
        name: input.companyName.trim(),
        inn,
        kpp: blankToNull(input.kpp),
        ogrn: blankToNull(input.ogrn),
        address: blankToNull(input.address),
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
    // A registration that raced ours to the same e-mail or INN.
    if (String(error).includes("UNIQUE")) {
      const emailClash = String(error).includes("users.email");
      return emailClash
        ? { ok: false, reason: "email_taken", message: AUTH_MESSAGES.emailTaken }
        : { ok: false, reason: "inn_taken", message: AUTH_MESSAGES.innTaken };
    }
    throw error;
  }
  return { ok: true, user: (await findPublicUser(db, userId)) as PublicUser };
}

export type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * Checks e-mail and password. Unknown e-mail and wrong password get the same answer after
 * the same work; 5 failures in 15 minutes per e-mail, or 20 per IP, block further tries.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string | null; now: number },
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  const blockedFor = await loginBlockedFor(db, email, input.ip, input.now);
  if (blockedFor > 0) {
    return {
      ok: false,
      reason: "rate_limited",
      message: AUTH_MESSAGES.rateLimited(blockedFor),
      retryAfterSeconds: blockedFor,
    };
  }
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) {
    await recordLoginFailure(db, email, input.ip, input.now);
    return { ok: false, reason: "invalid", message: AUTH_MESSAGES.invalidCredentials };
  }
  await clearLoginFailures(db, email);
  return { ok: true, user: (await findPublicUser(db, user.id)) as PublicUser };
}
