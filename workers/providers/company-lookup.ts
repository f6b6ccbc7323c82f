/**
 * A company suggestion as the product uses it (spec 1 §3): only these fields, whichever
 * look-up service found it. A field the service does not know is null (a sole trader has no КПП).
 */
export type CompanySuggestion = {
  value: string;
  data: {
    name: { short_with_opf: string | null; full_with_opf: string | null };
    inn: string | null;
    kpp: string | null;
    ogrn: string | null;
    address: { value: string | null };
  };
};

/** Finds companies by a part of their name or INN. Rejects when the service fails. */
export interface CompanyLookup {
  suggest(query: string, count: number): Promise<CompanySuggestion[]>;
}
