import { AGEING_BUCKETS, type Receivables } from "../../../workers/core/crm/crm";
import { formatNumber } from "~/lib/format";
import { rubles, trackCrm } from "./presentation";

const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-3 py-2 text-sm text-slate-800 whitespace-nowrap";

export const RECEIVABLES_EXPORT_URL = "/api/crm/receivables/export";

const russianDate = (day: string) => day.split("-").reverse().join(".");

/** Receivables ageing per customer platform, with the CSV 1С imports. */
export function ReceivablesAgeing({ receivables }: { receivables: Receivables }) {
  const { platforms, totals } = receivables;
  return (
    <section className="rounded-xl bg-white p-4 ring-1 ring-slate-200" aria-labelledby="crm-receivables">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="crm-receivables" className="text-sm font-medium text-slate-700">
            Дебиторская задолженность по платформам
          </h2>
          <p className="text-xs text-slate-500">
            Выполненные заказы, которые заказчик ещё не оплатил, по давности доставки на{" "}
            {russianDate(receivables.asOf)}. Заказы, проданные через быструю оплату, сюда не входят.
          </p>
        </div>
        <a
          href={RECEIVABLES_EXPORT_URL}
          download
          onClick={() => trackCrm("export_downloaded", "receivables_csv", { orders: totals.orders })}
          className="inline-flex rounded-lg bg-white px-4 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Скачать CSV для 1С
        </a>
      </div>
      {platforms.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="receivables-empty">
          Неоплаченных выполненных заказов нет.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="cards-on-phone min-w-full">
            <thead>
              <tr>
                <th className={th}>Платформа</th>
                <th className={th}>Заказов</th>
                {AGEING_BUCKETS.map((bucket) => (
                  <th key={bucket.key} className={th}>
                    {bucket.label}
                  </th>
                ))}
                <th className={th}>Итого</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...platforms, { ...totals, platform: "total", name: "Всего" }].map((row) => (
                <tr
                  key={row.platform}
                  data-testid="receivables-row"
                  className={row.platform === "total" ? "font-semibold" : undefined}
                >
                  <td data-label="Платформа" className={td}>
                    {row.name}
                  </td>
                  <td data-label="Заказов" className={td}>
                    {formatNumber(row.orders)}
                    {row.unpricedOrders > 0 ? (
                      <span className="block text-xs font-normal text-slate-500">
                        без цены: {formatNumber(row.unpricedOrders)}
                      </span>
                    ) : null}
                  </td>
                  {AGEING_BUCKETS.map((bucket) => (
                    <td
                      data-label={bucket.label}
                      key={bucket.key}
                      className={`${td} ${bucket.key === "over90" && row.buckets.over90 > 0 ? "text-red-700" : ""}`}
                    >
                      {rubles(row.buckets[bucket.key])}
                    </td>
                  ))}
                  <td data-label="Итого" className={td}>
                    {rubles(row.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
