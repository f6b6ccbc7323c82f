import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { crmDashboard } from "../../workers/core/crm/crm";
import { pageRoles, roleAllows } from "../../workers/core/members/roles";
import { CrmNav } from "~/components/crm/crm-nav";
import { PlatformEfficiency, TopPlatforms } from "~/components/crm/platform-blocks";
import { trackCrm } from "~/components/crm/presentation";
import { QuickStatCards } from "~/components/crm/quick-stats";
import { LoadError, PageLoadError } from "~/components/ui/load-error";
import { RefreshButton } from "~/components/ui/refresh-button";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "CRM — Рейс" }];

const TITLE = "CRM: платформы";
export const CRM_FAILED = "Не удалось загрузить данные CRM";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, companyRole } = requireCaller(context, request);
  // Only the actions the member's role may open (a dispatcher has no quick payment, decision 0077).
  const quickActions = QUICK_ACTIONS.filter((action) => roleAllows(pageRoles(action.to), companyRole));
  try {
    return {
      state: "ready" as const,
      dashboard: await crmDashboard(context.db, user.company.id, Date.now()),
      quickActions,
    };
  } catch (error) {
    console.error("crm dashboard failed", error);
    return { state: "failed" as const, dashboard: null, quickActions };
  }
}

/** The quick actions of spec 3 §2: where a carrier goes from the dashboard. */
const QUICK_ACTIONS = [
  { to: "/crm/orders", label: "Заказы по платформам", note: "Все заказы с фильтрами по платформе и статусу" },
  { to: "/factoring", label: "Быстрая оплата", note: "Деньги за выполненные рейсы за 24 часа" },
  { to: "/crm/analytics", label: "Аналитика платформ", note: "Итоги, динамика за 12 недель и дебиторка" },
] as const;

export default function CrmDashboardPage() {
  const { state, dashboard, quickActions } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  useEffect(() => {
    if (state === "failed") trackCrm("load_failed", CRM_FAILED);
    else trackCrm("page_viewed", "dashboard");
  }, [state]);
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        <RefreshButton />
      </div>
      <CrmNav />
      <div aria-busy={loading} className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
        {state === "failed" || !dashboard ? (
          <LoadError title={CRM_FAILED} href="/crm" />
        ) : (
          <>
            <QuickStatCards stats={dashboard.quickStats} />
            {dashboard.topPlatforms.length === 0 ? (
              <section
                className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200"
                data-testid="crm-empty"
              >
                <p className="font-medium text-slate-800">Заказов пока нет</p>
                <p className="mt-1">
                  Подключите платформу заказчика в разделе{" "}
                  <Link to="/platforms" className="text-brand-600 hover:underline">
                    «Платформы»
                  </Link>{" "}
                  или ЭДО — заказы и показатели появятся здесь после первой синхронизации.
                </p>
              </section>
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                <TopPlatforms platforms={dashboard.topPlatforms} />
                <PlatformEfficiency platforms={dashboard.efficiency} />
              </div>
            )}
          </>
        )}
        <section aria-labelledby="crm-actions">
          <h2 id="crm-actions" className="mb-2 text-sm font-medium text-slate-700">
            Быстрые действия
          </h2>
          <div className="grid gap-3 sm:grid-cols-3">
            {quickActions.map((action) => (
              <Link
                key={action.to}
                to={action.to}
                onClick={() => trackCrm("quick_action", action.to)}
                className="rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-400"
              >
                <span className="font-medium text-brand-700">{action.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{action.note}</span>
              </Link>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title={CRM_FAILED} href="/crm" />;
}
