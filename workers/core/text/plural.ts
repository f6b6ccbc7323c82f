/** Russian plural form: plural(5, ["сеанс", "сеанса", "сеансов"]) → "сеансов". */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = new Intl.PluralRules("ru-RU").select(count);
  return rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
}
