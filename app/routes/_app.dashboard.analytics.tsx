import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AnalyticsBlocks } from "~/components/edo-analytics/analytics-blocks";
import { AnalyticsFilters } from "~/components/edo-analytics/analytics-filters";
import { EdoMirrorBanner } from "~/components/edo-analytics/edo-banner";
import { MarkVisited } from "~/components/onboarding/checklist";
import { RefreshButton } from "~/components/ui/refresh-button";
import { LoadError } from "~/components/ui/load-error";
import { track } from "~/lib/analytics";
import { edoAnalyticsPageData } from "~/lib/edo-analytics.server";

export const meta: MetaFunction = () => [{ title: "Аналитика ЭДО — Рейс" }];

const TITLE = "Аналитика ЭДО";
export const ANALYTICS_FAILED = "Ошибка загрузки аналитики";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return edoAnalyticsPageData(context, request);
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
      <MarkVisited item="analytics" />
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
      <EdoMirrorBanner connected={state !== "disconnected"} purpose="аналитику по транспортным документам" />
      {state === "disconnected" ? null : (
        <>
          <AnalyticsFilters filters={filters} />
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
