import { BarChart, BarList, TrendChart, formatInteger } from "~/components/charts";
import { documentStatusLabel, roleLabel } from "~/components/edo/presentation";
import type { EdoAnalytics } from "../../../workers/core/edo/analytics";

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** 2025-09-11 → 11.09 */
const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function Card({ label, value }: { label: string; value: number }) {
  return (
    <div className={card} data-testid="analytics-card">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{formatInteger(value)}</p>
    </div>
  );
}

function Ranked({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  return (
    <section className={card} aria-label={title}>
      {rows.length === 0 ? (
        <>
          <h2 className="text-sm font-medium text-slate-700">{title}</h2>
          <p className="mt-2 text-sm text-slate-500">Нет данных</p>
        </>
      ) : (
        <BarList
          title={title}
          data={rows.map(({ label, count }) => ({ label, value: count }))}
          valueHeader="Документы"
        />
      )}
    </section>
  );
}

/** Every figure of /dashboard/analytics (spec 2 §2.2, §3 «Analytics»). */
export function AnalyticsBlocks({ analytics: a }: { analytics: EdoAnalytics }) {
  const { timeAnalysis: t } = a;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card label="Всего документов" value={a.totalDocuments} />
        <Card label="Активный транспорт" value={a.activeTransports} />
        <Card label="Компании" value={a.companiesCount} />
        <Card label="Документов сегодня" value={a.documentsToday} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Ranked
          title="Распределение по статусам"
          rows={a.statusDistribution.map(({ status, count }) => ({
            label: documentStatusLabel(status),
            count,
          }))}
        />
        <Ranked
          title="Распределение по ролям"
          rows={a.roleDistribution.map(({ role, count }) => ({ label: roleLabel(role), count }))}
        />
        <Ranked
          title="Топ-10 компаний"
          rows={a.topCompanies.map(({ name, count }) => ({ label: name, count }))}
        />
        <section className={card} aria-label="Популярные маршруты">
          <h2 className="text-sm font-medium text-slate-700">Топ-10 маршрутов</h2>
          {a.popularRoutes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">Нет данных</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm">
              {a.popularRoutes.map((route) => (
                <li key={`${route.from}→${route.to}`} className="flex justify-between gap-2">
                  <span>
                    {route.from} → {route.to}
                  </span>
                  <span className="text-slate-600">{formatInteger(route.count)} рейсов</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <section className={card} aria-label="Активность по часам">
        <BarChart
          title="Активность по часам (время московское)"
          data={a.hourlyActivity.map(({ hour, count }) => ({ label: String(hour), value: count }))}
          labelHeader="Час"
          valueHeader="Документы"
          highlight={(point) =>
            Number(point.label) >= t.workingHours.from && Number(point.label) < t.workingHours.to
          }
          note={`Рабочие часы ${t.workingHours.from}–${t.workingHours.to} выделены: ${formatInteger(t.workingHours.documents)} документов`}
        />
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Пиковый час</dt>
            <dd className="font-medium">{t.peakHour === null ? "—" : hourLabel(t.peakHour)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Самый тихий час</dt>
            <dd className="font-medium">{t.quietHour === null ? "—" : hourLabel(t.quietHour)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">В среднем за час</dt>
            <dd className="font-medium">{t.avgDocumentsPerHour.toLocaleString("ru-RU")}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Всего</dt>
            <dd className="font-medium">{formatInteger(a.totalDocuments)}</dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-label="Активность по дням">
        <TrendChart
          title="Документы по дням, 30 дней"
          data={a.dailyActivity.map(({ date, count }) => ({ label: dayLabel(date), value: count }))}
          valueHeader="Документы"
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <Ranked
          title="Активность регионов"
          rows={a.regionActivity.map(({ region, count }) => ({ label: region, count }))}
        />
        <Ranked
          title="Регионы погрузки"
          rows={a.loadingRegions.map(({ region, count }) => ({ label: region, count }))}
        />
        <Ranked
          title="Регионы выгрузки"
          rows={a.unloadingRegions.map(({ region, count }) => ({ label: region, count }))}
        />
      </div>
    </div>
  );
}
