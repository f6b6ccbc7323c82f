import { Form, Link, useSearchParams } from "@remix-run/react";
import {
  ROUTE_BANDS,
  ROUTE_MIN_TRIPS,
  TRIP_HOURS,
  UTILISATION_BANDS,
  UTILISATION_DAYS,
  VEHICLE_STATUSES,
  type TransportAnalytics,
  type Vehicle,
} from "../../../workers/core/edo/transport";
import { BarList, TrendChart, formatInteger } from "~/components/charts";
import {
  BAND_LABEL,
  BAND_TONE,
  moscowDateTime,
  oneDecimal,
  trackTransport,
  VEHICLE_STATUS_TONE,
} from "./presentation";

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-3 py-2 text-sm text-slate-800";
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const shortMonth = new Intl.DateTimeFormat("ru-RU", { month: "short", year: "2-digit", timeZone: "UTC" });
const monthLabel = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`));

function Kpi({ label, value, note, tone }: { label: string; value: string; note?: string; tone?: string }) {
  return (
    <section className={card} aria-label={label} data-testid="transport-kpi">
      <h2 className="text-sm text-slate-500">{label}</h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {note ? (
        <p className={`mt-1 inline-block rounded px-1.5 text-xs ${tone ?? "text-slate-500"}`}>{note}</p>
      ) : null}
    </section>
  );
}

function Empty({ title }: { title: string }) {
  return (
    <section className={card} aria-label={title}>
      <h2 className="text-sm font-medium text-slate-700">{title}</h2>
      <p className="mt-2 text-sm text-slate-500">Нет данных</p>
    </section>
  );
}

/** The fleet's KPIs, distributions, statistics, drivers, routes and trends (spec 3 §2). */
export function TransportBlocks({ transport: t }: { transport: TransportAnalytics }) {
  const band = t.kpis.utilisationBand;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Kpi label="Всего ТС" value={formatInteger(t.totals.vehicles)} />
        <Kpi label="В рейсе" value={formatInteger(t.totals.onTheRoad)} note="«В пути» и «Груз выдан»" />
        <Kpi label="Водители" value={formatInteger(t.totals.drivers)} />
        <Kpi
          label="Загрузка парка"
          value={t.kpis.utilisation === null ? "—" : `${oneDecimal(t.kpis.utilisation)} %`}
          note={band ? `${BAND_LABEL[band]}: ТС с документом за ${UTILISATION_DAYS} дней` : undefined}
          tone={band ? BAND_TONE[band] : undefined}
        />
        <Kpi
          label="Завершённые рейсы"
          value={formatInteger(t.totals.completedTrips)}
          note={
            t.kpis.completionRate === null ? undefined : `${oneDecimal(t.kpis.completionRate)} % документов`
          }
        />
        <Kpi
          label="Рейсов на ТС"
          value={t.kpis.tripsPerVehicle === null ? "—" : oneDecimal(t.kpis.tripsPerVehicle)}
        />
      </div>
      <p className="text-xs text-slate-500">
        Полосы загрузки: от {UTILISATION_BANDS.good} % — высокая, от {UTILISATION_BANDS.fair} % — средняя.
      </p>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-label="Статусы ТС">
          <BarList
            title="Статусы ТС (по последнему документу)"
            data={t.statusDistribution.map(({ status, count }) => ({ label: status, value: count }))}
            labelHeader="Статус"
            valueHeader="ТС"
          />
        </section>
        {t.peakHours.length === 0 ? (
          <Empty title="Пиковые часы" />
        ) : (
          <section className={card} aria-label="Пиковые часы">
            <BarList
              title="Пиковые часы (время московское)"
              data={t.peakHours.map(({ hour, count }) => ({ label: hourLabel(hour), value: count }))}
              labelHeader="Час"
              valueHeader="Документы"
            />
          </section>
        )}
        <section className={card} aria-label="Сезонность">
          <BarList
            title="Сезонность"
            data={t.seasonality.map(({ label, count }) => ({ label, value: count }))}
            labelHeader="Сезон"
            valueHeader="Документы"
          />
        </section>
        {t.regionalDensity.length === 0 ? (
          <Empty title="Плотность по регионам" />
        ) : (
          <section className={card} aria-label="Плотность по регионам">
            <BarList
              title="Плотность по регионам"
              data={t.regionalDensity.map(({ region, count }) => ({ label: region, value: count }))}
              labelHeader="Регион"
              valueHeader="Документы"
            />
          </section>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-label="Расстояния">
          <h2 className="text-sm font-medium text-slate-700">Расстояния рейсов</h2>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Figure term="В среднем" value={t.distance.average} unit="км" />
            <Figure term="Минимум" value={t.distance.min} unit="км" />
            <Figure term="Максимум" value={t.distance.max} unit="км" />
            <Figure term="Всего" value={t.distance.total} unit="км" />
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            {t.distance.note}; рейсов с двумя городами: {formatInteger(t.distance.count)}.
          </p>
        </section>
        <section className={card} aria-label="Время в рейсе">
          <h2 className="text-sm font-medium text-slate-700">Время в рейсе</h2>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <Figure term="В среднем" value={t.tripTime.average} unit="ч" />
            <Figure term="Минимум" value={t.tripTime.min} unit="ч" />
            <Figure term="Максимум" value={t.tripTime.max} unit="ч" />
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            От отгрузки до приёмки груза по титулам ЭТрН, рейсов: {formatInteger(t.tripTime.count)};
            ограничено {oneDecimal(TRIP_HOURS.min)}–{TRIP_HOURS.max} ч (ограничено:{" "}
            {formatInteger(t.tripTime.clamped)}).
          </p>
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="transport-drivers">
          <h2 id="transport-drivers" className="text-sm font-medium text-slate-700">
            Топ-5 водителей
          </h2>
          {t.topDrivers.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">Нет данных</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm">
              {t.topDrivers.map((driver) => (
                <li key={driver.name} className="flex justify-between gap-2" data-testid="transport-driver">
                  <span>{driver.name}</span>
                  <span className="text-slate-600">
                    {formatInteger(driver.trips)} рейс. · завершено {formatInteger(driver.completedTrips)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className={card} aria-labelledby="transport-routes">
          <h2 id="transport-routes" className="text-sm font-medium text-slate-700">
            Маршруты: доля закрытых цепочек
          </h2>
          {t.routes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">Нет данных</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm">
              {t.routes.map((route) => (
                <li key={`${route.from}→${route.to}`} className="flex justify-between gap-2">
                  <span>
                    {route.from} → {route.to}
                  </span>
                  <span className="flex items-center gap-2 text-slate-600">
                    {formatInteger(route.trips)} рейс.
                    <span
                      className={`rounded px-1.5 text-xs ${route.band ? BAND_TONE[route.band] : "text-slate-500"}`}
                    >
                      {oneDecimal(route.share)} %
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-2 text-xs text-slate-500">
            Закрыта — есть и отгрузка, и приёмка груза. Цвет при {ROUTE_MIN_TRIPS}+ рейсах: от{" "}
            {ROUTE_BANDS.good} % — зелёный, от {ROUTE_BANDS.fair} % — жёлтый, ниже — красный.
          </p>
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <section className={card} aria-label="Рейсы по дням">
          <TrendChart
            title="Рейсы по дням, 30 дней"
            data={t.trends.daily.map((p) => ({ label: dayLabel(p.date), value: p.documents }))}
            valueHeader="Рейсы"
          />
        </section>
        <section className={card} aria-label="Рейсы по неделям">
          <TrendChart
            title="Рейсы по неделям, 12 недель"
            data={t.trends.weekly.map((p) => ({ label: dayLabel(p.weekStart), value: p.documents }))}
            labelHeader="Неделя с"
            valueHeader="Рейсы"
          />
        </section>
        <section className={card} aria-label="Рейсы по месяцам">
          <TrendChart
            title="Рейсы по месяцам, 12 месяцев"
            data={t.trends.monthly.map((p) => ({ label: monthLabel(p.month), value: p.documents }))}
            labelHeader="Месяц"
            valueHeader="Рейсы"
          />
        </section>
      </div>

      <ul className="space-y-1 text-xs text-slate-500" aria-label="Что не измеряется">
        {t.notMeasured.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function Figure({ term, value, unit }: { term: string; value: number | null; unit: string }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium">{value === null ? "—" : `${oneDecimal(value)} ${unit}`}</dd>
    </div>
  );
}

const fieldClass = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** The vehicle table with its search and status filter (in the URL: `q`, `vstatus`); cards on a phone. */
export function VehicleTable({ vehicles, total }: { vehicles: Vehicle[]; total: number }) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([name]) => !["q", "vstatus"].includes(name));
  return (
    <section className={card} aria-labelledby="transport-vehicles">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="transport-vehicles" className="text-sm font-medium text-slate-700">
          Транспортные средства ({formatInteger(vehicles.length)}
          {vehicles.length === total ? "" : ` из ${formatInteger(total)}`})
        </h2>
        <Form
          method="get"
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
          aria-label="Поиск ТС"
          onSubmit={(event) =>
            trackTransport("table_filtered", String(new FormData(event.currentTarget).get("vstatus") ?? ""))
          }
        >
          {kept.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <label className="grid gap-1 text-sm">
            Номер или водитель
            <input
              type="search"
              name="q"
              defaultValue={params.get("q") ?? ""}
              maxLength={50}
              className={fieldClass}
            />
          </label>
          <label className="grid gap-1 text-sm">
            Статус
            <select name="vstatus" defaultValue={params.get("vstatus") ?? ""} className={fieldClass}>
              <option value="">Все статусы</option>
              {VEHICLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Найти
          </button>
        </Form>
      </div>
      {vehicles.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="vehicles-empty">
          ТС не найдены
        </p>
      ) : (
        <>
          <table className="mt-3 hidden min-w-full sm:table">
            <thead>
              <tr>
                <th className={th}>Номер</th>
                <th className={th}>Водитель</th>
                <th className={th}>Статус</th>
                <th className={th}>Где</th>
                <th className={th}>Маршрут</th>
                <th className={th}>Обновлено</th>
                <th className={th}>Документы</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {vehicles.map((vehicle) => (
                <tr key={vehicle.id} data-testid="vehicle-row">
                  <td className={td}>
                    <VehicleLink vehicle={vehicle} />
                  </td>
                  <td className={td}>{vehicle.driver ?? "—"}</td>
                  <td className={td}>
                    <span className={`rounded px-1.5 py-0.5 text-xs ${VEHICLE_STATUS_TONE[vehicle.status]}`}>
                      {vehicle.status}
                    </span>
                  </td>
                  <td className={td}>{vehicle.location ?? "—"}</td>
                  <td className={td}>
                    {vehicle.route.from ?? "—"} → {vehicle.route.to ?? "—"}
                  </td>
                  <td className={td}>{moscowDateTime(vehicle.lastUpdate)}</td>
                  <td className={td}>{formatInteger(vehicle.documents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-3 space-y-2 sm:hidden">
            {vehicles.map((vehicle) => (
              <li
                key={vehicle.id}
                className="rounded-lg p-3 ring-1 ring-slate-200"
                data-testid="vehicle-card"
              >
                <div className="flex items-center justify-between gap-2">
                  <VehicleLink vehicle={vehicle} />
                  <span className={`rounded px-1.5 py-0.5 text-xs ${VEHICLE_STATUS_TONE[vehicle.status]}`}>
                    {vehicle.status}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{vehicle.driver ?? "Водитель не указан"}</p>
                <p className="text-sm text-slate-600">
                  {vehicle.route.from ?? "—"} → {vehicle.route.to ?? "—"} ·{" "}
                  {moscowDateTime(vehicle.lastUpdate)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function VehicleLink({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Link
      to={`/transport/${encodeURIComponent(vehicle.id)}`}
      onClick={() => trackTransport("vehicle_opened", vehicle.id)}
      className="font-medium text-brand-700 hover:underline"
    >
      {vehicle.number}
    </Link>
  );
}
