// A signed-in user's own data (issue 25 item 5, decision 0078): name and phone they may change,
// the e-mail shown with its confirmation, their role. The password change and the sessions are
// the auth module's (changePassword, listSessions), shared with the reset link and the API.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type CompanyRole } from "../../../db/schema";
import type { ProfileInput } from "./schemas";

export type Profile = {
  firstName: string;
  lastName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string;
  role: CompanyRole;
};

export const PROFILE_MESSAGES = {
  saved: "Данные профиля сохранены.",
  notFound: "Пользователь не найден",
} as const;

const profileColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  confirmedAt: users.emailConfirmedAt,
  phone: users.phone,
  role: users.companyRole,
};

const profileOf = ({
  confirmedAt,
  ...row
}: { confirmedAt: Date | null } & Omit<Profile, "emailConfirmed">) => ({
  ...row,
  emailConfirmed: confirmedAt !== null,
});

export async function readProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ? profileOf(row) : null;
}

/** Sets the user's name and phone (already checked by profileSchema); answers the profile as saved. */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
): Promise<
  { ok: true; profile: Profile; message: string } | { ok: false; reason: "not_found"; message: string }
> {
  const [row] = await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row
    ? { ok: true, profile: profileOf(row), message: PROFILE_MESSAGES.saved }
    : { ok: false, reason: "not_found", message: PROFILE_MESSAGES.notFound };
}
