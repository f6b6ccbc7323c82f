/** Search text folded as the product folds it: lower case, ё as е (SQLite folds only ASCII). */
export const foldSearch = (text: string) => text.toLowerCase().replaceAll("ё", "е");
