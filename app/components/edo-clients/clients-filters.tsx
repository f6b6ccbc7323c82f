import { Form } from "@remix-run/react";
import { ANALYTICS_LIMITS } from "../../../workers/core/edo/analytics-schemas";
import {
  ACTIVITY_LABELS,
  CLIENT_ACTIVITIES,
  CLIENT_ROLES,
  type EdoClientsFilters,
} from "../../../workers/core/edo/clients-schemas";
import { roleLabel } from "~/components/edo/presentation";
import { fieldClass, PeriodAndStatus } from "~/components/edo-analytics/analytics-filters";
import { track } from "~/lib/analytics";

/** The clients' search and filters as a GET form: they live in the page's URL (a new search starts at page 1). */
export function ClientsFilters({ filters }: { filters: EdoClientsFilters }) {
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-label="Фильтры клиентов"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        track({
          eventType: "filter",
          eventCategory: "edo",
          eventAction: "clients_filtered",
          eventLabel: String(data.get("role") || "all"),
          metadata: Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)])),
        });
      }}
    >
      <label className="grid min-w-56 flex-1 gap-1 text-sm">
        Поиск
        <input
          type="search"
          name="q"
          defaultValue={filters.search ?? ""}
          placeholder="Название или ИНН"
          maxLength={200}
          className={fieldClass}
        />
      </label>
      <label className="grid gap-1 text-sm">
        Роль
        <select name="role" defaultValue={filters.role ?? ""} className={fieldClass}>
          <option value="">Все роли</option>
          {CLIENT_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        Активность
        <select name="activity" defaultValue={filters.activity ?? ""} className={fieldClass}>
          <option value="">Любая</option>
          {CLIENT_ACTIVITIES.map((activity) => (
            <option key={activity} value={activity}>
              {ACTIVITY_LABELS[activity]}
            </option>
          ))}
        </select>
      </label>
      <PeriodAndStatus filters={filters} />
      <label className="grid gap-1 text-sm">
        Документов
        <select name="limit" defaultValue={String(filters.limit)} className={fieldClass}>
          <option value="0">Все</option>
          {ANALYTICS_LIMITS.map((limit) => (
            <option key={limit} value={limit}>
              Последние {limit}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Найти
      </button>
    </Form>
  );
}
