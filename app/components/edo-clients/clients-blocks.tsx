import { Link, useSearchParams } from "@remix-run/react";
import type { EdoClient, EdoClients } from "../../../workers/core/edo/clients";
import { ACTIVE_CARD_DAYS } from "../../../workers/core/edo/clients-schemas";
import { BarList, formatInteger } from "~/components/charts";
import { roleLabel } from "~/components/edo/presentation";
import { track } from "~/lib/analytics";
import { ACTIVITY_LABELS, ActivityBadge, formatDay } from "./presentation";

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className={card} data-testid="clients-stat">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{formatInteger(value)}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

/** The stats cards and the role and activity distributions (spec 3 §2, §3 «Client data»). */
export function ClientsStats({ clients: c }: { clients: EdoClients }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Всего клиентов" value={c.totalClients} />
        <Stat label="Всего документов" value={c.totalDocuments} />
        <Stat
          label="Активные клиенты"
          value={c.activeClients}
          note={`С документом за последние ${ACTIVE_CARD_DAYS} дней`}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-label="Распределение по ролям">
          <BarList
            title="Распределение по ролям"
            data={c.roleDistribution.map(({ role, count }) => ({ label: roleLabel(role), value: count }))}
            valueHeader="Клиенты"
          />
        </section>
        <section className={card} aria-label="Активность клиентов">
          <BarList
            title="Активность клиентов"
            data={c.activityDistribution.map(({ activity, count }) => ({
              label: ACTIVITY_LABELS[activity],
              value: count,
            }))}
            valueHeader="Клиенты"
          />
        </section>
      </div>
    </div>
  );
}

/** A client's card page, keeping the list's document filters. */
const cardHref = (client: EdoClient, query: string) => `/edo-clients/${client.inn}${query}`;

function opened(client: EdoClient) {
  track({ eventType: "click", eventCategory: "edo", eventAction: "client_opened", eventLabel: client.inn });
}

/** The clients as a table on a wide screen and as cards on a phone. */
export function ClientsTable({ clients, cardQuery }: { clients: EdoClient[]; cardQuery: string }) {
  const caption = "Клиенты ЭДО";
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Клиент
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              ИНН / КПП
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Роль
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Документы
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Последний документ
            </th>
            <th scope="col" className="py-2 font-medium">
              Статус
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {clients.map((client) => (
            <tr key={`${client.role}-${client.inn}`} data-testid="client-row">
              <td className="py-2.5 pr-3">
                <Link
                  to={cardHref(client, cardQuery)}
                  onClick={() => opened(client)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {client.name}
                </Link>
              </td>
              <td className="py-2.5 pr-3 whitespace-nowrap text-slate-600">
                {client.inn}
                {client.kpp ? ` / ${client.kpp}` : ""}
              </td>
              <td className="py-2.5 pr-3 text-slate-600">{roleLabel(client.role)}</td>
              <td className="py-2.5 pr-3 text-right">{formatInteger(client.documentsCount)}</td>
              <td className="py-2.5 pr-3 whitespace-nowrap text-slate-600">
                {formatDay(client.lastDocumentDate)}
              </td>
              <td className="py-2.5">
                <ActivityBadge activity={client.activity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 md:hidden" aria-label={caption}>
        {clients.map((client) => (
          <li
            key={`${client.role}-${client.inn}`}
            className="rounded-lg p-3 ring-1 ring-slate-200"
            data-testid="client-card"
          >
            <div className="flex items-start justify-between gap-2">
              <Link
                to={cardHref(client, cardQuery)}
                onClick={() => opened(client)}
                className="min-w-0 font-medium break-words text-brand-700"
              >
                {client.name}
              </Link>
              <ActivityBadge activity={client.activity} />
            </div>
            <div className="mt-1 text-sm text-slate-600">
              {roleLabel(client.role)} · ИНН {client.inn}
              {client.kpp ? ` · КПП ${client.kpp}` : ""}
            </div>
            <div className="mt-1 text-xs text-slate-600">
              Документов: {formatInteger(client.documentsCount)} · последний{" "}
              {formatDay(client.lastDocumentDate)}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** «Назад» and «Дальше» over the pages of matched clients, the filters kept in the URL. */
export function ClientsPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const linkClass = "rounded-lg px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <nav aria-label="Страницы клиентов" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass}>
          ← Назад
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Страница {page} из {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={linkClass}>
          Дальше →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
