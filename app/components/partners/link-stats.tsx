import type { PartnerLinkStats } from "../../../workers/core/partners/links";
import { formatNumber } from "~/lib/format";

const percent = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** Stat cards of the /partners page: total, used, active (spec 1 §2), clicks and conversion. */
export function LinkStats({ stats }: { stats: PartnerLinkStats }) {
  const cards = [
    { id: "total", label: "Всего ссылок", value: formatNumber(stats.total) },
    { id: "used", label: "Использовано", value: formatNumber(stats.used) },
    { id: "active", label: "Активных", value: formatNumber(stats.active) },
    { id: "clicks", label: "Переходов", value: formatNumber(stats.clicks) },
    {
      id: "conversion",
      label: "Конверсия",
      value: `${percent.format(stats.conversion)} %`,
      hint: "Доля зарегистрировавшихся среди открытых ссылок",
    },
  ];
  return (
    <section aria-label="Сводка по ссылкам">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <div
            key={card.id}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid={`partner-stat-${card.id}`}
            title={card.hint}
          >
            <dt className="text-sm text-slate-500">{card.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
