// The company's card on /company (issue 25 item 5, decision 0078): name, ИНН, КПП, ОГРН and
// address, for the company's director only. The ИНН is fixed once verified: a quick payment was
// approved with it (the closed ЭТрН chain named the company as carrier by this ИНН, and the
// assignment documents were made out to it), or the company's own EDO account, whose documents
// the operator signs, names it as carrier in a mirrored waybill. Registration does not verify it:
// the INN typed there (or picked from the suggestions) was never checked on the server.
import { and, eq, getTableName, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, edoDocuments, quickPayments } from "../../../db/schema";
import { companyRoleOf } from "../members/members";
import type { CompanyInput } from "./schemas";

export const COMPANY_MESSAGES = {
  directorsOnly: "Данные компании может просматривать и менять только руководитель компании.",
  saved: "Данные компании сохранены.",
  innFixed:
    "ИНН уже подтверждён документами (одобренная быстрая оплата или накладные ЭДО с этим ИНН) и не меняется. Если он указан неверно, напишите в поддержку.",
  innTaken:
    "Компания с таким ИНН уже зарегистрирована в Рейсе. Если это ваша компания, напишите в поддержку.",
  notFound: "Компания не найдена",
} as const;

export type CompanyCard = {
  name: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
  /** The ИНН is verified and can no longer be changed. */
  innVerified: boolean;
};

type Refusal<R extends string> = { ok: false; reason: R; message: string };

/** Refuses anyone but a director of their company (403). */
export async function requireCompanyDirector(
  db: Db,
  userId: string,
): Promise<Refusal<"not_director"> | null> {
  return (await companyRoleOf(db, userId)) === "director"
    ? null
    : { ok: false, reason: "not_director", message: COMPANY_MESSAGES.directorsOnly };
}

/**
 * A column named with its table: drizzle leaves a select's columns bare, which inside the
 * subqueries below would name the subquery's own table.
 */
const qualified = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Whether the company's current ИНН is verified (the rule above), as an SQL condition. */
const innVerified: SQL<number> = sql`(${qualified(companies.inn)} IS NOT NULL AND (
  EXISTS (SELECT 1 FROM ${quickPayments} WHERE ${qualified(quickPayments.companyId)} = ${qualified(companies.id)}
    AND ${qualified(quickPayments.approvedAt)} IS NOT NULL)
  OR EXISTS (SELECT 1 FROM ${edoDocuments} WHERE ${qualified(edoDocuments.companyId)} = ${qualified(companies.id)}
    AND ${qualified(edoDocuments.deleted)} = 0 AND ${qualified(edoDocuments.tkInn)} = ${qualified(companies.inn)})))`;

const cardColumns = {
  name: companies.name,
  inn: companies.inn,
  kpp: companies.kpp,
  ogrn: companies.ogrn,
  address: companies.address,
  innVerified,
};

const cardOf = (row: Omit<CompanyCard, "innVerified"> & { innVerified: unknown }): CompanyCard => ({
  ...row,
  innVerified: Number(row.innVerified) === 1,
});

export async function readCompany(db: Db, companyId: string): Promise<CompanyCard | null> {
  const [row] = await db.select(cardColumns).from(companies).where(eq(companies.id, companyId));
  return row ? cardOf(row) : null;
}

const blankToNull = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : null);

export type CompanySaveOutcome =
  { ok: true; company: CompanyCard; message: string } | Refusal<"inn_fixed" | "inn_taken" | "not_found">;

/**
 * Saves the card. The ИНН changes only while unverified, which the UPDATE itself checks, so a
 * quick payment approved at the same moment cannot let a change through; another company's
 * ИНН is refused by the unique index.
 */
export async function updateCompany(
  db: Db,
  companyId: string,
  input: CompanyInput,
): Promise<CompanySaveOutcome> {
  const inn = blankToNull(input.inn);
  let updated;
  try {
    updated = await db
      .update(companies)
      .set({
        name: input.name.trim(),
        inn,
        kpp: blankToNull(input.kpp),
        ogrn: blankToNull(input.ogrn),
        address: blankToNull(input.address),
      })
      .where(
        and(
          eq(companies.id, companyId),
          sql`(coalesce(${companies.inn}, '') = ${inn ?? ""} OR NOT ${innVerified})`,
        ),
      )
      .returning({ id: companies.id });
  } catch (error) {
    // drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
    if (`${String(error)} ${String((error as { cause?: unknown }).cause)}`.includes("UNIQUE"))
      return { ok: false, reason: "inn_taken", message: COMPANY_MESSAGES.innTaken };
    throw error;
  }
  const company = await readCompany(db, companyId);
  if (!company) return { ok: false, reason: "not_found", message: COMPANY_MESSAGES.notFound };
  if (updated.length === 0) return { ok: false, reason: "inn_fixed", message: COMPANY_MESSAGES.innFixed };
  return { ok: true, company, message: COMPANY_MESSAGES.saved };
}
