import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AnalyticsBlocks } from "~/components/edo-analytics/analytics-blocks";
import { AnalyticsFilters } from "~/components/edo-analytics/analytics-filters";
import { edoAnalyticsPageData } from "~/lib/edo-analytics.server";

export const meta: MetaFunction = () => [{ title: "Тест аналитики ЭДО — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return edoAnalyticsPageData(context, request);
}

const STATES = { ready: "загружено", failed: "ошибка загрузки", disconnected: "ЭДО не подключено" };
const fieldClass = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * The EDO analytics test page (spec 2 §2.10, spec 3 §2): sign in to EDO (the fields start
 * empty: never prefilled), the connection's status, the filters, the figures and a dump of the
 * query's inputs and outputs.
 */
export default function TestAnalyticsPage() {
  const data = useLoaderData<typeof loader>();
  const { connection, filters, analytics, state } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Тест аналитики ЭДО</h1>
      <Form
        method="post"
        action="/edo"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        aria-label="Вход в ЭДО"
      >
        <input type="hidden" name="intent" value="connect" />
        <label className="grid gap-1 text-sm">
          Логин ЭДО
          <input name="login" defaultValue="" autoComplete="off" className={fieldClass} />
        </label>
        <label className="grid gap-1 text-sm">
          Пароль ЭДО
          <input
            name="password"
            type="password"
            defaultValue=""
            autoComplete="new-password"
            className={fieldClass}
          />
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">
          Войти в ЭДО
        </button>
      </Form>
      <section
        className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200"
        aria-label="Состояние подключения"
      >
        <h2 className="font-medium">Подключение</h2>
        <dl className="mt-2 grid gap-1 sm:grid-cols-2" data-testid="test-analytics-status">
          <dt className="text-slate-500">Состояние</dt>
          <dd>{connection?.connected ? "подключено" : "не подключено"}</dd>
          <dt className="text-slate-500">Логин</dt>
          <dd>{connection?.login ?? "—"}</dd>
          <dt className="text-slate-500">Токен действует до</dt>
          <dd>{connection?.expiresAt ?? "—"}</dd>
          <dt className="text-slate-500">Аналитика</dt>
          <dd>{STATES[state]}</dd>
        </dl>
      </section>
      <AnalyticsFilters filters={filters} />
      {analytics ? <AnalyticsBlocks analytics={analytics} /> : null}
      <section className="rounded-xl bg-white p-4 ring-1 ring-slate-200" aria-label="Отладка">
        <h2 className="text-sm font-medium">Входные данные и результат запроса</h2>
        <pre className="mt-2 max-h-96 overflow-auto text-xs" data-testid="test-analytics-dump">
          {JSON.stringify(
            {
              input: { filters },
              output: { state, elapsedMs: data.elapsedMs, lastSyncedAt: data.lastSyncedAt, analytics },
            },
            null,
            2,
          )}
        </pre>
      </section>
    </div>
  );
}
