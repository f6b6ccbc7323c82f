import { PASSWORD_CRITERIA, passwordStrength } from "~/lib/password-strength";

const LEVEL_COLORS = { weak: "bg-red-500", medium: "bg-amber-500", strong: "bg-emerald-600" } as const;
const LEVEL_TEXT = { weak: "text-red-700", medium: "text-amber-700", strong: "text-emerald-700" } as const;

/** Five criteria (8+ characters, lowercase, uppercase, digit, special): 0–1 weak, 2–3 medium, 4–5 strong. */
export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const strength = passwordStrength(password);
  return (
    <div id={id} data-testid="password-strength" data-level={strength.level} className="mt-2">
      <div className="flex gap-1" aria-hidden>
        {PASSWORD_CRITERIA.map((criterion, index) => (
          <span
            key={criterion.id}
            className={`h-1.5 flex-1 rounded-full ${index < strength.score ? LEVEL_COLORS[strength.level] : "bg-slate-200"}`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm" aria-live="polite">
        Надёжность пароля:{" "}
        <span className={`font-medium ${LEVEL_TEXT[strength.level]}`}>{strength.label}</span>
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
        {PASSWORD_CRITERIA.map((criterion) => (
          <li key={criterion.id} className={strength.met[criterion.id] ? "text-emerald-700" : undefined}>
            {strength.met[criterion.id] ? "✓" : "·"} {criterion.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
