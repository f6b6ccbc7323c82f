/** One set of Russian plural rules for the whole isolate: building one costs more than using it. */
const RULES = new Intl.PluralRules("ru-RU");

/** Russian plural form: plural(5, ["сеанс", "сеанса", "сеансов"]) → "сеансов". */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = RULES.select(count);
  return rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
}
