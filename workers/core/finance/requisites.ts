import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companyRequisites } from "../../../db/schema/finance";
import { bankStatusProblem, type BankLookup } from "../../providers/bank-lookup";
import type { BankRequisites } from "../requisites/schemas";

export type Requisites = BankRequisites & { updatedAt: number };

export async function readRequisites(db: Db, companyId: string): Promise<Requisites | null> {
  const [row] = await db.select().from(companyRequisites).where(eq(companyRequisites.companyId, companyId));
  return row
    ? {
        settlementAccount: row.account,
        bic: row.bik,
        bankName: row.bankName,
        correspondentAccount: row.correspondentAccount,
        updatedAt: row.updatedAt.getTime(),
      }
    : null;
}

export type SaveOutcome =
  | { ok: true; requisites: Requisites }
  | { ok: false; reason: "invalid_input" | "unavailable"; message: string; field?: keyof BankRequisites };

/**
 * Keeps the company's settlement account once the bank directory confirms it: the БИК names an
 * active bank, and the correspondent account is that bank's. The form's schema has already
 * checked formats and control keys. The directory being down saves nothing and says so.
 */
export async function saveRequisites(
  db: Db,
  banks: BankLookup,
  companyId: string,
  requisites: BankRequisites,
  now: number,
): Promise<SaveOutcome> {
  let bank;
  try {
    bank = await banks.findByBic(requisites.bic);
  } catch {
    return {
      ok: false,
      reason: "unavailable",
      message: "Справочник банков сейчас недоступен, реквизиты не сохранены. Повторите попытку через минуту",
    };
  }
  if (!bank)
    return {
      ok: false,
      reason: "invalid_input",
      field: "bic",
      message: `Банк с БИК ${requisites.bic} не найден в справочнике Банка России`,
    };
  const closed = bankStatusProblem(bank);
  if (closed) return { ok: false, reason: "invalid_input", field: "bic", message: closed };
  if (bank.correspondentAccount && bank.correspondentAccount !== requisites.correspondentAccount)
    return {
      ok: false,
      reason: "invalid_input",
      field: "correspondentAccount",
      message: `Корреспондентский счет банка с БИК ${bank.bic} — ${bank.correspondentAccount}`,
    };
  const row = {
    account: requisites.settlementAccount,
    bik: requisites.bic,
    bankName: requisites.bankName,
    correspondentAccount: requisites.correspondentAccount,
    updatedAt: new Date(now),
  };
  await db
    .insert(companyRequisites)
    .values({ companyId, ...row })
    .onConflictDoUpdate({ target: companyRequisites.companyId, set: row });
  return { ok: true, requisites: { ...requisites, updatedAt: now } };
}
