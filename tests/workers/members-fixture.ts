import type { CompanyRole } from "../../db/schema/auth";
import { users } from "../../db/schema";
import { testDb } from "./support";

/** A colleague in an existing company with a role (as an accepted invitation makes one). */
export async function addCompanyMember(
  companyId: string,
  companyRole: CompanyRole,
  name: { firstName: string; lastName: string } = { firstName: "Ольга", lastName: "Смирнова" },
): Promise<{ userId: string; companyId: string; email: string }> {
  const userId = crypto.randomUUID();
  const email = `member.${userId.slice(0, 8)}@example.ru`;
  await testDb()
    .insert(users)
    .values({
      id: userId,
      companyId,
      ...name,
      email,
      phone: "",
      companyRole,
      passwordHash: "none",
      createdAt: new Date(),
      emailConfirmedAt: new Date(),
    });
  return { userId, companyId, email };
}
