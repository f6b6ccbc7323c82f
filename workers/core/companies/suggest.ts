import { z } from "zod";
import type { CompanyLookup, CompanySuggestion } from "../../providers/company-lookup";

/** A company the look-up found, as the registration form suggests it. */
export type { CompanySuggestion };

/** Spec 1 §9: suggestions start at 2 typed characters and show 10 results. */
export const MIN_SUGGEST_QUERY = 2;
export const SUGGESTION_COUNT = 10;
/** DaData's own limit on a `suggest` query. */
export const MAX_SUGGEST_QUERY = 300;

export const suggestQuerySchema = z.object({
  query: z
    .string({ error: "Строка поиска должна быть текстом" })
    .max(MAX_SUGGEST_QUERY, { error: `Строка поиска не длиннее ${MAX_SUGGEST_QUERY} символов` })
    .default(""),
});

/**
 * Companies matching what the user typed. A failing look-up service only costs the user
 * the suggestions (spec 1 §8: an empty list, logged only), never the registration form.
 */
export async function suggestCompanies(lookup: CompanyLookup, query: string): Promise<CompanySuggestion[]> {
  const trimmed = query.trim();
  if (trimmed.length < MIN_SUGGEST_QUERY) return [];
  try {
    return (await lookup.suggest(trimmed, SUGGESTION_COUNT)).slice(0, SUGGESTION_COUNT);
  } catch (error) {
    console.error("companies: company look-up failed", error);
    return [];
  }
}
