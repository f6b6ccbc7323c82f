import type { CrmQuickStats } from "../../../workers/core/crm/crm";
import { formatNumber, plural } from "~/lib/format";
import { StatCard } from "~/components/ui/stat-card";
import { changeText, changeTone, percentText, rubles } from "./presentation";

function Change({ percent, none, against }: { percent: number | null; none: string; against: string }) {
  if (percent === null) return <p className="text-sm text-slate-500">{none}</p>;
  return (
    <p className="text-sm">
      <span className={`font-medium ${changeTone(percent)}`}>{changeText(percent)}</span>{" "}
      <span className="text-slate-500">{against}</span>
    </p>
  );
}

/** The four quick-stat cards (spec 3 §3 «CRM quick stats»; decision 0060 defines each figure). */
export function QuickStatCards({ stats }: { stats: CrmQuickStats }) {
  const { todayOrders, activeOrders, weeklyRevenue, platformsActive } = stats;
  const progress =
    weeklyRevenue.target && weeklyRevenue.target > 0
      ? Math.round((weeklyRevenue.amount / weeklyRevenue.target) * 1000) / 10
      : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard testId="crm-stat" title="Заказы сегодня" value={formatNumber(todayOrders.count)}>
        <Change
          percent={todayOrders.change}
          none="Вчера к этому часу заказов не было"
          against="ко вчера к этому часу"
        />
        <p className="text-sm text-slate-600">На сумму {rubles(todayOrders.amount)}</p>
      </StatCard>
      <StatCard testId="crm-stat" title="Активные заказы" value={formatNumber(activeOrders.count)}>
        <p className={`text-sm ${activeOrders.urgent > 0 ? "font-medium text-amber-700" : "text-slate-600"}`}>
          Срочных: {formatNumber(activeOrders.urgent)}
        </p>
        <p className="text-sm text-slate-600">На сумму {rubles(activeOrders.amount)}</p>
      </StatCard>
      <StatCard testId="crm-stat" title="Выручка за 7 дней" value={rubles(weeklyRevenue.amount)}>
        <Change
          percent={weeklyRevenue.change}
          none="За предыдущие 7 дней выручки не было"
          against="к предыдущим 7 дням"
        />
        {weeklyRevenue.target === null ? (
          <p className="text-sm text-slate-500">Цель появится, когда наберётся 4 недели истории</p>
        ) : progress === null ? (
          <p className="text-sm text-slate-500">Цели нет: за 4 недели до этого выручки не было</p>
        ) : (
          <div>
            <p className="text-sm text-slate-600">
              Цель {rubles(weeklyRevenue.target)} · {percentText(progress)}
            </p>
            <div
              className="mt-1 h-1.5 rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Выполнение цели"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(100, progress)}
            >
              <div
                className={`h-1.5 rounded-full ${progress >= 100 ? "bg-green-600" : "bg-brand-600"}`}
                style={{ width: `${Math.min(100, progress)}%` }}
              />
            </div>
          </div>
        )}
      </StatCard>
      <StatCard
        testId="crm-stat"
        title="Активные платформы"
        value={`${formatNumber(platformsActive.count)} из ${formatNumber(platformsActive.total)}`}
      >
        <p className="text-xs text-slate-500">С заказами за 30 дней из подключённых</p>
        <p className="text-sm text-slate-600">
          {platformsActive.newThisWeek > 0
            ? `${formatNumber(platformsActive.newThisWeek)} ${plural(platformsActive.newThisWeek, ["новая", "новые", "новых"])} за неделю`
            : "Новых за неделю нет"}
        </p>
      </StatCard>
    </div>
  );
}
