import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import type { ClientRole } from "../../workers/core/edo/clients-schemas";
import { orderStatusLabel, type OrderStatus } from "../../workers/core/orders/vocabulary";
import { BarList, formatInteger } from "~/components/charts";
import { documentStatusLabel, roleLabel } from "~/components/edo/presentation";
import { EdoMirrorBanner } from "~/components/edo-analytics/edo-banner";
import {
  ActivityBadge,
  CLIENTS_PURPOSE,
  formatDay,
  formatMoment,
} from "~/components/edo-clients/presentation";
import { LoadError } from "~/components/ui/load-error";
import { formatRub } from "~/lib/format";
import { clientsQueryOf, edoClientCardPageData } from "~/lib/edo-clients.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.card?.name ?? "Клиент ЭДО"} — Клиенты ЭДО — Рейс` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const data = await edoClientCardPageData(context, request, params.inn ?? "");
  return { ...data, listQuery: clientsQueryOf(data.filters, ["period", "status", "limit"]) };
}

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
/** The /edo list's filter naming a party of a role by its INN. */
const INN_FILTER: Record<ClientRole, string> = { GO: "goInn", GP: "gpInn", TK: "tkInn" };

function BackLink({ query }: { query: string }) {
  return (
    <Link to={`/edo-clients${query}`} className="text-sm text-brand-700 hover:underline">
      ← Все клиенты
    </Link>
  );
}

export default function EdoClientCardPage() {
  const { state, card: client, listQuery } = useLoaderData<typeof loader>();
  if (state === "disconnected" || !client) {
    return (
      <div className="space-y-4">
        <BackLink query={listQuery} />
        <EdoMirrorBanner connected={false} purpose={CLIENTS_PURPOSE} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <BackLink query={listQuery} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{client.name}</h1>
        <ActivityBadge activity={client.activity} />
      </div>
      <p className="text-sm text-slate-600">
        ИНН {client.inn}
        {client.kpp ? ` · КПП ${client.kpp}` : ""}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className={card} data-testid="client-stat">
          <p className="text-sm text-slate-500">Документов</p>
          <p className="mt-1 text-2xl font-semibold">{formatInteger(client.documentsCount)}</p>
        </div>
        <div className={card} data-testid="client-stat">
          <p className="text-sm text-slate-500">Последний документ</p>
          <p className="mt-1 text-2xl font-semibold">{formatDay(client.lastDocumentDate)}</p>
        </div>
        <div className={card} data-testid="client-stat">
          <p className="text-sm text-slate-500">Заказов</p>
          <p className="mt-1 text-2xl font-semibold">{formatInteger(client.ordersCount)}</p>
        </div>
      </div>
      <section className={card} aria-label="Роли клиента">
        <h2 className="text-sm font-medium text-slate-700">Роли в документах</h2>
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {client.roles.map((role) => (
            <li key={role.role} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{roleLabel(role.role)}</span> · {role.name}
                {role.kpp ? `, КПП ${role.kpp}` : ""}
              </span>
              <span className="text-slate-600">
                {formatInteger(role.documentsCount)} док., последний {formatDay(role.lastDocumentDate)} ·{" "}
                <Link
                  to={`/edo?${INN_FILTER[role.role]}=${client.inn}`}
                  className="text-brand-700 hover:underline"
                >
                  в ЭДО
                </Link>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-label="Маршруты клиента">
          {client.routes.length === 0 ? (
            <>
              <h2 className="text-sm font-medium text-slate-700">Маршруты</h2>
              <p className="mt-2 text-sm text-slate-500">Нет маршрутов с обоими адресами</p>
            </>
          ) : (
            <BarList
              title="Маршруты"
              data={client.routes.map(({ from, to, count }) => ({ label: `${from} → ${to}`, value: count }))}
              valueHeader="Рейсы"
            />
          )}
        </section>
        <section className={card} aria-label="Заказы клиента">
          <h2 className="text-sm font-medium text-slate-700">Заказы из документов ЭДО</h2>
          {client.orders.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">
              Заказов нет: они появляются, когда заказы создаются из документов ЭДО.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="client-orders">
              {client.orders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link
                    to={`/dashboard/orders?q=${encodeURIComponent(order.number)}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {order.number}
                  </Link>
                  <span className="text-slate-600">
                    {/* An EDO order is «свободен» only by its chain's handover title (edo/orders.ts). */}
                    {orderStatusLabel(order.status as OrderStatus, true) ?? order.status} ·{" "}
                    {formatDay(order.createdAt)}
                    {order.priceKopecks === null ? "" : ` · ${formatRub(order.priceKopecks)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className={card} aria-label="Документы клиента">
        <h2 className="text-sm font-medium text-slate-700">
          Документы{" "}
          {client.documentsCount > client.documents.length
            ? `(последние ${client.documents.length} из ${formatInteger(client.documentsCount)})`
            : null}
        </h2>
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="client-documents">
          {client.documents.map((doc) => (
            <li key={doc.id} className="grid gap-1 py-2 sm:grid-cols-[auto_1fr_auto] sm:gap-4">
              <Link
                to={`/edo?docNum=${encodeURIComponent(doc.number)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {doc.number}
              </Link>
              <span className="text-slate-600">
                {doc.loading ?? "—"} → {doc.unloading ?? "—"}
              </span>
              <span className="text-slate-600">
                {documentStatusLabel(doc.statusCode)} · {doc.roles.map(roleLabel).join(", ")} ·{" "}
                {formatMoment(doc.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <BackLink query="" />
      {notFound ? (
        <p className="rounded-xl bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200" role="alert">
          Клиент ЭДО не найден: ни один документ с такими фильтрами его не называет.
        </p>
      ) : (
        <LoadError title="Ошибка загрузки клиента" href={`${pathname}${search}`} />
      )}
    </div>
  );
}
