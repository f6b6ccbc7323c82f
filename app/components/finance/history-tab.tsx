import { Link, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import type { FinancePageData } from "~/lib/finance.server";
import { formatNumber } from "~/lib/format";
import { trackFinance, type FinanceSection } from "./finance-analytics";
import { FilterForm } from "./filter-form";
import {
  cursorParam,
  HISTORY_STATUS_LABELS,
  HISTORY_STATUSES,
  HISTORY_TYPE_LABELS,
  HISTORY_TYPES,
  withParams,
} from "./finance-query";
import { OperationsList } from "./operations-list";
import { Pager } from "./pager";
import { Card, Section } from "./overview";

type History = NonNullable<FinancePageData["history"]>;

const selectClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 sm:w-56";

/**
 * The history tab (spec 3 §2): the type and status filters act on the list and live in the URL
 * (a link to a filtered history opens filtered; «Назад» undoes a change), the counters, the list
 * and its pages.
 */
export function HistoryTab({ history, section }: { history: History; section: FinanceSection }) {
  const [params] = useSearchParams();
  const typeId = useId();
  const statusId = useId();
  const { totals, query, operations } = history;
  const filtered = Boolean(query.type || query.status);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="history-counters">
        <Card title="Всего операций">
          <p className="text-2xl font-semibold">{formatNumber(totals.total)}</p>
        </Card>
        <Card title="Поступлений">
          <p className="text-2xl font-semibold">{formatNumber(totals.received.count)}</p>
        </Card>
        <Card title="Выплат на счёт">
          <p className="text-2xl font-semibold">{formatNumber(totals.paidOut.count)}</p>
        </Card>
        <Card title="Выполнено">
          <p className="text-2xl font-semibold">{formatNumber(totals.completed)}</p>
        </Card>
      </div>

      <Section title="История операций">
        <FilterForm
          key={`${query.type}-${query.status}`}
          tab="history"
          className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onFilter={(name, value) => trackFinance(section, "filter_changed", `${name}:${value}`)}
        >
          <div>
            <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-slate-700">
              Тип операции
            </label>
            <select id={typeId} name="type" defaultValue={query.type ?? ""} className={selectClass}>
              <option value="">{HISTORY_TYPE_LABELS.all}</option>
              {HISTORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {HISTORY_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
              Статус
            </label>
            <select id={statusId} name="status" defaultValue={query.status ?? ""} className={selectClass}>
              <option value="">{HISTORY_STATUS_LABELS.all}</option>
              {HISTORY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {HISTORY_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          {filtered ? (
            <Link
              to={withParams(params, { type: null, status: null })}
              preventScrollReset
              className="py-2 text-sm font-medium text-brand-600 hover:underline"
            >
              Сбросить фильтры
            </Link>
          ) : null}
        </FilterForm>

        <p role="status" className="mb-2 text-sm text-slate-600" data-testid="history-found">
          {filtered ? `Найдено по фильтру: ${formatNumber(totals.matching)}` : null}
        </p>

        {operations.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="history-empty">
            {filtered
              ? "Операций с такими условиями нет. Измените фильтры."
              : "Операций пока нет: поступления и выплаты появятся здесь после первой быстрой оплаты."}
          </p>
        ) : (
          <OperationsList operations={operations} caption="История операций" />
        )}

        <Pager
          label="Страницы истории"
          firstHref={history.firstPage ? null : withParams(params, {})}
          nextHref={history.next ? withParams(params, { after: cursorParam(history.next) }) : null}
        />
      </Section>
    </div>
  );
}
