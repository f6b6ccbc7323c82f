/** The five things the partner form's strength meter looks for (spec 1 §5). */
export const PASSWORD_CRITERIA = [
  { id: "length", label: "8 символов и больше", test: (p: string) => [...p].length >= 8 },
  { id: "lower", label: "строчная буква", test: (p: string) => /\p{Ll}/u.test(p) },
  { id: "upper", label: "заглавная буква", test: (p: string) => /\p{Lu}/u.test(p) },
  { id: "digit", label: "цифра", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "спецсимвол", test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p) },
] as const;

export type PasswordStrength = {
  /** How many of the five criteria the password meets. */
  score: number;
  level: "weak" | "medium" | "strong";
  label: "Слабый" | "Средний" | "Сильный";
  met: Record<(typeof PASSWORD_CRITERIA)[number]["id"], boolean>;
};

/** 0–1 criteria met: weak; 2–3: medium; 4–5: strong. */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.fromEntries(
    PASSWORD_CRITERIA.map((criterion) => [criterion.id, criterion.test(password)]),
  ) as PasswordStrength["met"];
  const score = Object.values(met).filter(Boolean).length;
  if (score <= 1) return { score, level: "weak", label: "Слабый", met };
  if (score <= 3) return { score, level: "medium", label: "Средний", met };
  return { score, level: "strong", label: "Сильный", met };
}
