// The first-steps checklist (spec 1 §4 «Checklist»; decision 0071), the header's progress, the
// hints and the visit that completes «Посмотрите аналитику». Items are done by the real action
// the server sees; the checklist folds, is put away for good, and congratulates at six of six.
import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { HintKey } from "../../../workers/core/onboarding/checklist";
import { useMayOpen } from "~/lib/company-role";
import {
  dismissOnboarding,
  markVisited,
  trackOnboarding,
  useOnboarding,
  type OnboardingState,
} from "./store";

const COLLAPSED_KEY = "reys.onboarding.checklistCollapsed";

export function OnboardingChecklist({ seed }: { seed: OnboardingState }) {
  const state = useOnboarding(seed) ?? seed;
  const [collapsed, setCollapsed] = useState(false);
  const mayOpen = useMayOpen();
  useEffect(() => setCollapsed(localStorage.getItem(COLLAPSED_KEY) === "1"), []);
  if (state.checklistDismissed) return null;
  const all = state.completed === state.total;
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStorage.setItem(COLLAPSED_KEY, next ? "1" : "0");
    trackOnboarding(next ? "checklist_collapsed" : "checklist_expanded");
  };
  return (
    <section
      aria-labelledby="checklist-title"
      data-tour="checklist"
      data-testid="onboarding-checklist"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="checklist-title" className="font-medium text-slate-900">
          Первые шаги
        </h2>
        <span className="text-sm text-slate-500" data-testid="checklist-progress">
          {state.completed} из {state.total}
        </span>
        <div className="h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div
            className="h-full rounded-full bg-brand-600"
            style={{ width: `${(state.completed / state.total) * 100}%` }}
          />
        </div>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-controls="checklist-items"
          className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          {collapsed ? "Развернуть" : "Свернуть"}
        </button>
        <button
          type="button"
          onClick={() => {
            trackOnboarding("checklist_dismissed", `${state.completed}/${state.total}`);
            void dismissOnboarding("checklist");
          }}
          className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          Скрыть
        </button>
      </div>
      {all ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
          Поздравляем! Все шесть шагов пройдены — Рейс настроен и готов к работе.
        </p>
      ) : null}
      {collapsed ? null : (
        <ol id="checklist-items" className="mt-3 grid gap-2 md:grid-cols-2">
          {state.checklist.map((item) => (
            <li
              key={item.id}
              data-testid={`checklist-${item.id}`}
              data-completed={item.completed}
              className={`flex items-start gap-3 rounded-lg p-3 ring-1 ${
                item.completed ? "bg-slate-50 ring-slate-100" : "ring-slate-200"
              }`}
            >
              <span
                aria-hidden
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  item.completed ? "bg-emerald-600 text-white" : "ring-2 ring-slate-300"
                }`}
              >
                {item.completed ? "✓" : ""}
              </span>
              <div className="min-w-0 flex-1">
                <p className={`text-sm font-medium ${item.completed ? "text-slate-500" : "text-slate-900"}`}>
                  {item.title}
                  <span className="sr-only">{item.completed ? " — выполнено" : " — не выполнено"}</span>
                </p>
                <p className="text-sm text-slate-600">{item.description}</p>
                {item.completed ? null : !mayOpen(item.action.href) ? (
                  <p className="mt-1 text-sm text-slate-500">Это делает руководитель компании.</p>
                ) : (
                  <Link
                    to={item.action.href}
                    onClick={() => trackOnboarding("checklist_action_clicked", item.id)}
                    className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
                  >
                    {item.action.label}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The header's «N из 6» (spec 1 §2 "Main layout": progress); nothing once the checklist is done or put away. */
export function OnboardingProgress({ className = "" }: { className?: string }) {
  const state = useOnboarding();
  if (!state || state.checklistDismissed || state.completed === state.total) return null;
  return (
    <Link
      to="/dashboard"
      title="Первые шаги: выполнено"
      data-testid="onboarding-progress"
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <span className="sr-only">Первые шаги: </span>
      {state.completed} из {state.total}
    </Link>
  );
}

/** A hint shown until the user closes it; closed once, it stays closed on every device. */
export function Hint({
  hintKey,
  seed,
  children,
}: {
  hintKey: HintKey;
  seed?: OnboardingState;
  children: ReactNode;
}) {
  const state = useOnboarding(seed);
  if (!state || state.dismissedHints.includes(hintKey)) return null;
  return (
    <aside
      className="flex items-start gap-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
      data-testid={`hint-${hintKey}`}
    >
      <div className="flex-1">{children}</div>
      <button
        type="button"
        onClick={() => {
          trackOnboarding("hint_dismissed", hintKey);
          void dismissOnboarding(hintKey);
        }}
        className="rounded px-1.5 text-sky-700 hover:bg-sky-100"
      >
        Понятно
      </button>
    </aside>
  );
}

/** Put on a page whose visit is a checklist item's action: the server records the first visit. */
export function MarkVisited({ item }: { item: "analytics" }) {
  useEffect(() => {
    void markVisited(item);
  }, [item]);
  return null;
}
