import { Form } from "@remix-run/react";
import {
  ANALYTICS_LIMITS,
  ANALYTICS_STATUSES,
  type EdoAnalyticsFilters,
} from "../../../workers/core/edo/analytics-schemas";
import { EDO_PERIODS } from "../../../workers/core/edo/vocabulary";
import { documentStatusLabel, periodLabel } from "~/components/edo/presentation";
import { track } from "~/lib/analytics";

/** Spec 2 §9: the analytics period list offers the quarters of 2024–2025. */
const PAGE_PERIODS = [...EDO_PERIODS].filter((period) => period >= 20241).reverse();

export const fieldClass = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** The documents' period and status selects, as the EDO pages built from the mirror filter by them. */
export function PeriodAndStatus({ filters }: { filters: { period: number; status?: string } }) {
  return (
    <>
      <label className="grid gap-1 text-sm">
        Период
        <select name="period" defaultValue={String(filters.period)} className={fieldClass}>
          <option value="0">Все</option>
          {PAGE_PERIODS.map((period) => (
            <option key={period} value={period}>
              {periodLabel(period)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        Статус
        <select name="status" defaultValue={filters.status ?? "0"} className={fieldClass}>
          <option value="0">Все статусы</option>
          {ANALYTICS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {documentStatusLabel(status)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/**
 * The analytics filters as a GET form: they live in the page's URL. `section` is the analytics
 * section its events go under (spec 1 §3): the EDO analytics page's, or the fleet page's.
 */
export function AnalyticsFilters({
  filters,
  section = "analytics",
}: {
  filters: EdoAnalyticsFilters;
  section?: string;
}) {
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-label="Фильтры аналитики"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        track({
          eventType: "filter",
          eventCategory: section,
          eventAction: "filters_applied",
          eventLabel: String(data.get("period") ?? "0"),
          metadata: Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)])),
        });
      }}
    >
      <input type="hidden" name="filtered" value="1" />
      <PeriodAndStatus filters={filters} />
      <label className="grid gap-1 text-sm">
        Документов для анализа
        <select name="limit" defaultValue={String(filters.limit)} className={fieldClass}>
          {ANALYTICS_LIMITS.map((limit) => (
            <option key={limit} value={limit}>
              {limit}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" name="allQuarters" value="true" defaultChecked={filters.allQuarters} />
        Загрузить все кварталы 2023–2025
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Применить
      </button>
    </Form>
  );
}
