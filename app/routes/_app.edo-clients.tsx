import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ClientsPagination, ClientsStats, ClientsTable } from "~/components/edo-clients/clients-blocks";
import { EdoMirrorBanner } from "~/components/edo-analytics/edo-banner";
import { ClientsFilters } from "~/components/edo-clients/clients-filters";
import { CLIENTS_PURPOSE, formatMoment } from "~/components/edo-clients/presentation";
import { LoadError, PageLoadError } from "~/components/ui/load-error";
import { RefreshButton } from "~/components/ui/refresh-button";
import { track } from "~/lib/analytics";
import { clientsQueryOf, edoClientsPageData } from "~/lib/edo-clients.server";

export const meta: MetaFunction = () => [{ title: "Клиенты ЭДО — Рейс" }];

const TITLE = "Клиенты ЭДО";
const CLIENTS_FAILED = "Ошибка загрузки клиентов";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await edoClientsPageData(context, request);
  // A client's card keeps the documents' filters the list was read with.
  return { ...data, cardQuery: clientsQueryOf(data.filters, ["period", "status", "limit"]) };
}

export default function EdoClientsPage() {
  const { state, filters, lastSyncedAt, clients, cardQuery } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  useEffect(() => {
    if (state === "failed") {
      track({
        eventType: "error",
        eventCategory: "edo",
        eventAction: "clients_load_failed",
        eventLabel: CLIENTS_FAILED,
      });
    }
  }, [state]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        {state !== "disconnected" ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span data-testid="clients-updated">
              Обновлено: {lastSyncedAt ? formatMoment(lastSyncedAt) : "ещё не обновлялось"}
            </span>
            <RefreshButton />
          </div>
        ) : null}
      </div>
      {state === "disconnected" ? (
        <EdoMirrorBanner connected={false} purpose={CLIENTS_PURPOSE} />
      ) : (
        <>
          <EdoMirrorBanner connected purpose={CLIENTS_PURPOSE} />
          <ClientsFilters filters={filters} />
          <div aria-busy={loading} className={loading ? "space-y-4 opacity-60" : "space-y-4"}>
            {loading ? (
              <p role="status" className="sr-only">
                Загружаем клиентов…
              </p>
            ) : null}
            {state === "failed" || !clients ? (
              <LoadError title={CLIENTS_FAILED} href="/edo-clients" />
            ) : clients.totalClients === 0 ? (
              <p
                className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200"
                data-testid="clients-empty"
              >
                В документах ЭДО с такими фильтрами нет клиентов.
              </p>
            ) : (
              <>
                <ClientsStats clients={clients} />
                <section
                  className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
                  aria-label="Список клиентов"
                >
                  <p className="text-sm text-slate-600" data-testid="clients-matched">
                    Найдено клиентов: {clients.matched}
                  </p>
                  {clients.matched === 0 ? (
                    <p className="text-sm text-slate-600" data-testid="clients-none">
                      Никого не нашли. Измените поиск или фильтры.
                    </p>
                  ) : (
                    <ClientsTable clients={clients.clients} cardQuery={cardQuery} />
                  )}
                  <ClientsPagination page={clients.page} pageCount={clients.pageCount} />
                </section>
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title={CLIENTS_FAILED} href="/edo-clients" />;
}
