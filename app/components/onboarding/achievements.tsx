// The dashboard's achievements panel (spec 1 §3 «Achievement», §9; decision 0071): every
// achievement with its progress toward its total, by category.
import type { Achievement, AchievementCategory } from "../../../workers/core/onboarding/achievements";
import { formatNumber } from "~/lib/format";

const CATEGORY_LABELS: Record<AchievementCategory, string> = {
  orders: "Заказы",
  efficiency: "Эффективность",
  growth: "Рост",
  engagement: "Вовлечённость",
};

export function AchievementsPanel({ achievements }: { achievements: readonly Achievement[] }) {
  const unlocked = achievements.filter((a) => a.unlocked).length;
  return (
    <section
      aria-labelledby="achievements-title"
      data-tour="achievements"
      data-testid="achievements"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex items-baseline gap-3">
        <h2 id="achievements-title" className="font-medium text-slate-900">
          Достижения
        </h2>
        <span className="text-sm text-slate-500">
          открыто {unlocked} из {achievements.length}
        </span>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {achievements.map((a) => (
          <li
            key={a.id}
            data-testid={`achievement-${a.id}`}
            data-unlocked={a.unlocked}
            className={`rounded-lg p-3 ring-1 ${a.unlocked ? "bg-amber-50 ring-amber-200" : "ring-slate-200"}`}
          >
            <p className="text-xs uppercase tracking-wide text-slate-500">{CATEGORY_LABELS[a.category]}</p>
            <p className={`text-sm font-medium ${a.unlocked ? "text-amber-900" : "text-slate-900"}`}>
              {a.unlocked ? "🏆 " : ""}
              {a.title}
            </p>
            <p className="text-xs text-slate-600">{a.description}</p>
            <div
              role="progressbar"
              aria-label={a.title}
              aria-valuemin={0}
              aria-valuemax={a.total}
              aria-valuenow={a.progress}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className={`h-full rounded-full ${a.unlocked ? "bg-amber-500" : "bg-brand-600"}`}
                style={{ width: `${(a.progress / a.total) * 100}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-slate-500" data-testid="achievement-progress">
              {`${formatNumber(a.progress)} / ${formatNumber(a.total)}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
