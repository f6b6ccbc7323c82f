import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { edoAnalytics } from "../../workers/core/edo/analytics";
import {
  ANALYTICS_LIMITS,
  ANALYTICS_STATUSES,
  edoAnalyticsFiltersSchema,
  type EdoAnalyticsFilters,
} from "../../workers/core/edo/analytics-schemas";
import { EDO_MESSAGES, findEdoConnection, tokenAlive } from "../../workers/core/edo/connection";
import { EDO_PERIODS } from "../../workers/core/edo/vocabulary";
import { AnalyticsBlocks } from "~/components/edo-analytics/analytics-blocks";
import { documentStatusLabel, periodLabel } from "~/components/edo/presentation";
import { RefreshButton } from "~/components/ui/refresh-button";
import { LoadError } from "~/components/ui/load-error";
import { track } from "~/lib/analytics";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Аналитика ЭДО — Рейс" }];

const TITLE = "Аналитика ЭДО";
export const ANALYTICS_FAILED = "Ошибка загрузки аналитики";
/** Spec 2 §9: the analytics period list offers the quarters of 2024–2025. */
const PAGE_PERIODS = [...EDO_PERIODS].filter((period) => period >= 20241).reverse();

/** The filters from the page URL; a hand-edited value that cannot be read falls back to its default. */
function filtersOf(params: URLSearchParams): EdoAnalyticsFilters {
  const raw: Record<string, string> = {};
  for (const name of ["period", "status", "limit"] as const) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  // The form sends `filtered`; an unticked box sends nothing, so then «all quarters» is off.
  if (params.has("filtered")) raw.allQuarters = params.get("allQuarters") === "true" ? "true" : "false";
  const parsed = edoAnalyticsFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return edoAnalyticsFiltersSchema.parse(raw);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const filters = filtersOf(new URL(request.url).searchParams);
  const now = Date.now();
  const connection = await findEdoConnection(context.db, user.company.id);
  if (!connection || !tokenAlive(connection, now)) {
    return { state: "disconnected" as const, filters, lastSyncedAt: null, analytics: null };
  }
  const lastSyncedAt = connection.lastSyncedAt?.toISOString() ?? null;
  try {
    const analytics = await edoAnalytics(context.db, user.company.id, filters, now);
    return { state: "ready" as const, filters, lastSyncedAt, analytics };
  } catch (error) {
    console.error("edo analytics failed", error);
    return { state: "failed" as const, filters, lastSyncedAt, analytics: null };
  }
}

const fieldClass = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

function Filters({ filters }: { filters: EdoAnalyticsFilters }) {
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-label="Фильтры аналитики"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        track({
          eventType: "filter",
          eventCategory: "analytics",
          eventAction: "filters_applied",
          eventLabel: String(data.get("period") ?? "0"),
          metadata: Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)])),
        });
      }}
    >
      <input type="hidden" name="filtered" value="1" />
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

const timeFormat = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Moscow",
});

export default function EdoAnalyticsPage() {
  const { state, filters, lastSyncedAt, analytics } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  useEffect(() => {
    if (state === "failed") {
      track({
        eventType: "error",
        eventCategory: "analytics",
        eventAction: "load_failed",
        eventLabel: ANALYTICS_FAILED,
      });
    }
  }, [state]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        {state !== "disconnected" ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span data-testid="analytics-updated">
              Обновлено: {lastSyncedAt ? timeFormat.format(new Date(lastSyncedAt)) : "ещё не обновлялось"}
            </span>
            <RefreshButton />
          </div>
        ) : null}
      </div>
      {state === "disconnected" ? (
        <section
          aria-label="Подключение к ЭДО"
          className="rounded-xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200"
          data-testid="edo-banner"
        >
          <p className="font-medium">{EDO_MESSAGES.notConnected}</p>
          <p className="mt-1 text-sm">Подключите ЭДО, чтобы видеть аналитику по транспортным документам.</p>
          <Link
            to="/edo"
            className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Подключить ЭДО
          </Link>
        </section>
      ) : (
        <>
          <section
            aria-label="Подключение к ЭДО"
            className="rounded-xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200"
            data-testid="edo-banner"
          >
            <span className="font-medium">ЭДО подключено</span> · аналитика по зеркалу документов
          </section>
          <Filters filters={filters} />
          <div aria-busy={loading} className={loading ? "opacity-60" : undefined}>
            {loading ? (
              <p role="status" className="sr-only">
                Загружаем аналитику…
              </p>
            ) : null}
            {state === "failed" || !analytics ? (
              <LoadError title={ANALYTICS_FAILED} href="/dashboard/analytics" />
            ) : analytics.totalDocuments === 0 ? (
              <p
                className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200"
                data-testid="analytics-empty"
              >
                Нет документов для анализа с такими фильтрами.
              </p>
            ) : (
              <AnalyticsBlocks analytics={analytics} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
