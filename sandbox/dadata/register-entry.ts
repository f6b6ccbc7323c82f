// One company of the sandbox register, and its registration numbers with the check digits
// computed as the FNS computes them, so every INN and OGRN passes the checks real ones do.
import { legalEntityInn, soleTraderInn } from "../../workers/core/validation/russian-ids";

/** The legal forms the register holds. */
export type Opf = "ООО" | "АО" | "ПАО" | "ИП";

export type Entry = {
  opf: Opf;
  /** The name without the legal form; a sole trader's full name. */
  name: string;
  ids: { inn: string; kpp: string | null; ogrn: string };
  postalCode: string;
  address: string;
  okved: string;
  /** Director of an organisation; empty for a sole trader. */
  director?: string;
  status?: "ACTIVE" | "LIQUIDATED";
};

const remainderCheck = (digits: string, divisor: bigint) => String((BigInt(digits) % divisor) % 10n);

/**
 * ИНН, КПП and ОГРН of an organisation registered by `taxOffice` (region + inspection,
 * 4 digits) in the year `year` (2 digits); `serial5` is its record number there.
 */
export function organisationIds(taxOffice: string, serial5: string, year: string) {
  const inn9 = taxOffice + serial5;
  const ogrn12 = `1${year}${taxOffice}${serial5}`;
  return {
    inn: legalEntityInn(inn9),
    kpp: `${taxOffice}01001`,
    ogrn: ogrn12 + remainderCheck(ogrn12, 11n),
  };
}

/** ИНН and ОГРНИП of a sole trader; a sole trader has no КПП. */
export function soleTraderIds(taxOffice: string, serial6: string, year: string) {
  const inn10 = taxOffice + serial6;
  const ogrnip14 = `3${year}${taxOffice.slice(0, 2)}000${serial6}`;
  return {
    inn: soleTraderInn(inn10),
    kpp: null,
    ogrn: ogrnip14 + remainderCheck(ogrnip14, 13n),
  };
}
