import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, users } from "../../../db/schema";

/** A user as every client sees it (spec 1 §3 "User", with the company). */
export type PublicUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: "user" | "admin";
  company: {
    id: string;
    name: string;
    inn: string | null;
    kpp: string | null;
    ogrn: string | null;
    address: string | null;
  };
};

const companyColumns = {
  id: companies.id,
  name: companies.name,
  inn: companies.inn,
  kpp: companies.kpp,
  ogrn: companies.ogrn,
  address: companies.address,
};

/** Columns of a PublicUser; select them from users joined with companies. */
export const publicUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  company: companyColumns,
};

export async function findPublicUser(db: Db, userId: string): Promise<PublicUser | null> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return user ?? null;
}
