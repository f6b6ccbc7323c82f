import type { PlatformAnalytics } from "../../../workers/core/crm/crm";
import { BarList } from "~/components/charts";
import { formatNumber, plural } from "~/lib/format";
import { changeText, changeTone, percentText, rubles } from "./presentation";

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-3 py-2 text-sm text-slate-800";

/** The five platforms with the largest order amount. */
export function TopPlatforms({ platforms }: { platforms: PlatformAnalytics[] }) {
  return (
    <section className={card} aria-label="Топ-5 платформ">
      <BarList
        title="Топ-5 платформ по сумме заказов"
        data={platforms.map((platform) => ({ label: platform.name, value: platform.totalAmount }))}
        labelHeader="Платформа"
        valueHeader="Сумма заказов"
        format={rubles}
      />
      <ul className="mt-2 space-y-0.5 text-xs text-slate-500">
        {platforms.map((platform) => (
          <li key={platform.platform}>
            {platform.name}: {formatNumber(platform.totalOrders)}{" "}
            {plural(platform.totalOrders, ["заказ", "заказа", "заказов"])}, средний{" "}
            {rubles(platform.avgOrderAmount)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CompletionBar({ rate }: { rate: number }) {
  const tone = rate >= 80 ? "bg-green-600" : rate >= 60 ? "bg-amber-500" : "bg-red-500";
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-24 rounded-full bg-slate-100" aria-hidden>
        <div className={`h-2 rounded-full ${tone}`} style={{ width: `${Math.min(100, rate)}%` }} />
      </div>
      <span>{percentText(rate)}</span>
    </div>
  );
}

/** Each platform's share of done orders, average order and what is in work. */
export function PlatformEfficiency({ platforms }: { platforms: PlatformAnalytics[] }) {
  return (
    <section className={card} aria-labelledby="crm-efficiency">
      <h2 id="crm-efficiency" className="text-sm font-medium text-slate-700">
        Эффективность платформ
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="cards-on-phone min-w-full">
          <thead>
            <tr>
              <th className={th}>Платформа</th>
              <th className={th}>Выполнено</th>
              <th className={th}>Средний заказ</th>
              <th className={th}>В работе</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {platforms.map((platform) => (
              <tr key={platform.platform} data-testid="crm-efficiency-row">
                <td data-label="Платформа" className={td}>
                  {platform.name}
                </td>
                <td data-label="Выполнено" className={td}>
                  <CompletionBar rate={platform.completionRate} />
                </td>
                <td data-label="Средний заказ" className={td}>
                  {platform.avgOrderAmount > 0 ? rubles(platform.avgOrderAmount) : "—"}
                </td>
                <td data-label="В работе" className={td}>
                  {formatNumber(platform.activeOrders)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Выполнено — доля доставленных, выставленных к оплате и оплаченных заказов среди всех заказов
        платформы.
      </p>
    </section>
  );
}

function Trend({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="text-slate-400">нет данных</span>;
  return <span className={changeTone(percent)}>{changeText(percent)}</span>;
}

/** Per-platform totals (spec 3 §3 «Platform analytics»). */
export function PlatformTotals({ platforms }: { platforms: PlatformAnalytics[] }) {
  return (
    <section className={card} aria-labelledby="crm-platform-totals">
      <h2 id="crm-platform-totals" className="text-sm font-medium text-slate-700">
        Итоги по платформам
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="cards-on-phone min-w-full">
          <thead>
            <tr>
              <th className={th}>Платформа</th>
              <th className={th}>Заказов</th>
              <th className={th}>Сумма</th>
              <th className={th}>Средний заказ</th>
              <th className={th}>Выполнено</th>
              <th className={th}>Сумма за 4 недели</th>
              <th className={th}>Заказы за 4 недели</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {platforms.map((platform) => (
              <tr key={platform.platform} data-testid="crm-platform-row">
                <td data-label="Платформа" className={td}>
                  {platform.name}
                </td>
                <td data-label="Заказов" className={td}>
                  {formatNumber(platform.totalOrders)}
                  {platform.unpricedOrders > 0 ? (
                    <span className="block text-xs text-slate-500">
                      без цены: {formatNumber(platform.unpricedOrders)}
                    </span>
                  ) : null}
                </td>
                <td data-label="Сумма" className={td}>
                  {rubles(platform.totalAmount)}
                </td>
                <td data-label="Средний заказ" className={td}>
                  {platform.avgOrderAmount > 0 ? rubles(platform.avgOrderAmount) : "—"}
                </td>
                <td data-label="Выполнено" className={td}>
                  {percentText(platform.completionRate)}
                </td>
                <td data-label="Сумма за 4 недели" className={td}>
                  <Trend percent={platform.trend.amount} />
                </td>
                <td data-label="Заказы за 4 недели" className={td}>
                  <Trend percent={platform.trend.orders} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Тренд — изменение за последние 4 недели к 4 неделям до них. Заказы ЭДО приходят без цены и в суммы не
        входят.
      </p>
    </section>
  );
}
