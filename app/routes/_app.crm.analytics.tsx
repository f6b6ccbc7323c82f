import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect } from "react";
import { crmAnalytics } from "../../workers/core/crm/crm";
import { TrendChart, formatInteger } from "~/components/charts";
import { CrmNav } from "~/components/crm/crm-nav";
import { PlatformTotals } from "~/components/crm/platform-blocks";
import { rubles, trackCrm, weekLabel } from "~/components/crm/presentation";
import { ReceivablesAgeing } from "~/components/crm/receivables";
import { LoadError, PageLoadError } from "~/components/ui/load-error";
import { RefreshButton } from "~/components/ui/refresh-button";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Аналитика платформ — CRM — Рейс" }];

const TITLE = "Аналитика платформ";
export const CRM_ANALYTICS_FAILED = "Не удалось загрузить аналитику платформ";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  // The trend's platform lives in the URL; one the company has no orders on shows every platform.
  const wanted = new URL(request.url).searchParams.get("platform") ?? "all";
  try {
    const analytics = await crmAnalytics(context.db, user.company.id, Date.now());
    const platform = analytics.platforms.some((p) => p.platform === wanted) ? wanted : "all";
    return { state: "ready" as const, analytics, platform };
  } catch (error) {
    console.error("crm analytics failed", error);
    return { state: "failed" as const, analytics: null, platform: "all" };
  }
}

const selectClass =
  "block rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500";

export default function CrmAnalyticsPage() {
  const { state, analytics, platform } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const submit = useSubmit();
  useEffect(() => {
    if (state === "failed") trackCrm("load_failed", CRM_ANALYTICS_FAILED);
    else trackCrm("page_viewed", "analytics");
  }, [state]);

  const chosen = analytics?.platforms.find((p) => p.platform === platform);
  const weeks = chosen ? chosen.weekly : (analytics?.weekly ?? []);
  const seriesName = chosen ? chosen.name : "все платформы";
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        <RefreshButton />
      </div>
      <CrmNav />
      <div aria-busy={loading} className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
        {state === "failed" || !analytics ? (
          <LoadError title={CRM_ANALYTICS_FAILED} href="/crm/analytics" />
        ) : analytics.platforms.length === 0 ? (
          <p
            className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200"
            data-testid="crm-empty"
          >
            Заказов пока нет: аналитика появится после первой синхронизации платформы или ЭДО.
          </p>
        ) : (
          <>
            <PlatformTotals platforms={analytics.platforms} />
            <section
              className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
              aria-labelledby="crm-trend"
            >
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 id="crm-trend" className="text-sm font-medium text-slate-700">
                  Динамика за 12 недель: {seriesName}
                </h2>
                <Form method="get" preventScrollReset className="flex items-end gap-2">
                  <div className="text-sm">
                    <label htmlFor="crm-trend-platform" className="mb-1 block font-medium text-slate-700">
                      Платформа
                    </label>
                    <select
                      id="crm-trend-platform"
                      name="platform"
                      defaultValue={platform}
                      key={platform}
                      className={selectClass}
                      onChange={(event) => {
                        trackCrm("trend_changed", event.currentTarget.value);
                        submit(event.currentTarget.form, { preventScrollReset: true, replace: true });
                      }}
                    >
                      <option value="all">Все платформы</option>
                      {analytics.platforms.map((p) => (
                        <option key={p.platform} value={p.platform}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <noscript>
                    <button type="submit" className="rounded-lg px-3 py-2 ring-1 ring-slate-300">
                      Показать
                    </button>
                  </noscript>
                </Form>
              </div>
              <div className="grid gap-4 lg:grid-cols-2">
                <TrendChart
                  title="Сумма заказов по неделям"
                  data={weeks.map((week) => ({ label: weekLabel(week.weekStart), value: week.amount }))}
                  labelHeader="Неделя с"
                  valueHeader="Сумма"
                  format={rubles}
                />
                <TrendChart
                  title="Заказы по неделям"
                  data={weeks.map((week) => ({ label: weekLabel(week.weekStart), value: week.orders }))}
                  labelHeader="Неделя с"
                  valueHeader="Заказы"
                  format={formatInteger}
                />
              </div>
              <p className="text-xs text-slate-500">
                Недели с понедельника по воскресенье по Москве, по дате создания заказа; последняя — текущая.
              </p>
            </section>
            <ReceivablesAgeing receivables={analytics.receivables} />
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title={CRM_ANALYTICS_FAILED} href="/crm/analytics" />;
}
