/**
 * A bank as the requisites form uses it: what a payment order needs (БИК, the payment name,
 * the correspondent account, the city) and whether payments to it can still go through.
 * Whichever directory found it; a field the directory does not know is null.
 */
export type BankSuggestion = {
  bic: string;
  /** The name payment orders carry («ПАО "НАРОДНЫЙ СБЕРЕГАТЕЛЬНЫЙ БАНК"»). */
  name: string;
  /** The name people read («ПАО «Народный сберегательный банк»»). */
  shortName: string;
  correspondentAccount: string | null;
  /** «г. Москва», as payment orders write the bank's place. */
  city: string | null;
  address: string | null;
  swift: string | null;
  inn: string | null;
  kpp: string | null;
  kind: "bank" | "branch" | "nko" | "other";
  status: "active" | "liquidating" | "liquidated";
  /** YYYY-MM-DD, when `status` is liquidated. */
  liquidatedOn: string | null;
};

/** Finds banks in a directory of Russian banks. Rejects with a LookupServiceError when it fails. */
export interface BankLookup {
  /** The bank with this БИК, or null when the directory has none. */
  findByBic(bic: string): Promise<BankSuggestion | null>;
  /** Banks by a part of their name, БИК, SWIFT, ИНН or address; at most `count`. */
  suggest(query: string, count: number): Promise<BankSuggestion[]>;
}

/**
 * Why a bank cannot take payouts any more, in the words the requisites form shows; null for an
 * active bank.
 */
export function bankStatusProblem(
  bank: Pick<BankSuggestion, "status" | "liquidatedOn" | "bic">,
): string | null {
  if (bank.status === "liquidated") {
    const when = bank.liquidatedOn ? ` ${bank.liquidatedOn.split("-").reverse().join(".")}` : "";
    return `Банк с БИК ${bank.bic} ликвидирован${when}: укажите счет в действующем банке`;
  }
  if (bank.status === "liquidating") {
    return `Банк с БИК ${bank.bic} ликвидируется: выплаты на счета в нем невозможны, укажите счет в другом банке`;
  }
  return null;
}
