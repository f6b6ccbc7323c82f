import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";
import type { EdoAnalyticsFilters } from "../../workers/core/edo/analytics-schemas";
import { geoOf, geoStatement } from "../../workers/core/edo/geo-read";
import { VEHICLE_TRIPS, vehicleTrips } from "../../workers/core/edo/transport";
import { formatInteger } from "~/components/charts";
import { MapModeToggle } from "~/components/map/mode-toggle";
import type { MapMode } from "~/components/map/modes";
import { TransportMap } from "~/components/map/transport-map";
import { moscowDateTime, VEHICLE_STATUS_TONE } from "~/components/transport/presentation";
import { PageLoadError } from "~/components/ui/load-error";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.vehicle?.number ?? "ТС"} — Транспорт — Рейс` },
];

/** The map reads the documents the table lists: the vehicle's newest, across the whole mirror. */
const MAP_FILTERS: EdoAnalyticsFilters = { period: 0, limit: VEHICLE_TRIPS, allQuarters: true };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const id = (params.vehicleId ?? "").slice(0, 30);
  const now = Date.now();
  const [vehicle, geo] = await Promise.all([
    vehicleTrips(context.db, user.company.id, id),
    geoStatement(context.db, user.company.id, MAP_FILTERS, now, { vehicle: id })
      .then((rows) => geoOf(rows, MAP_FILTERS, now))
      .catch((error: unknown) => {
        console.error("vehicle map read failed", error);
        return null;
      }),
  ]);
  if (!vehicle) throw new Response("ТС не найдено", { status: 404 });
  return { vehicle, geo, mapboxToken: context.cloudflare.env.MAPBOX_TOKEN?.trim() || null };
}

/** The vehicle's routes on the map (issue 23 item 3), with the page's own mode switch. */
function VehicleMap({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const [mode, setMode] = useState<MapMode>("routes");
  const { geo, mapboxToken } = data;
  return (
    <section
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-labelledby="vehicle-map"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vehicle-map" className="text-sm font-medium text-slate-700">
          Рейсы на карте
        </h2>
        {geo ? <MapModeToggle mode={mode} onChange={setMode} modes={["routes", "markers"]} /> : null}
      </div>
      {geo === null ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить карту рейсов. Список рейсов ниже.
        </p>
      ) : (
        <>
          <TransportMap geo={geo} mode={mode} token={mapboxToken} />
          <p className="text-xs text-slate-500" data-testid="vehicle-map-note">
            На карте маршрутов: {formatInteger(geo.routes.length)} из {formatInteger(geo.uniqueRoutes)}
            {geo.pending.addresses > 0
              ? `; ещё размещаются адресов — ${formatInteger(geo.pending.addresses)}, обновите страницу через минуту`
              : ""}
            {geo.estimates.approximateRoutes > 0
              ? `; приблизительно (центр города или региона) — ${formatInteger(geo.estimates.approximateRoutes)}`
              : ""}
            .
          </p>
        </>
      )}
    </section>
  );
}

const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-3 py-2 text-sm text-slate-800";

export default function VehiclePage() {
  const data = useLoaderData<typeof loader>();
  const { vehicle } = data;
  return (
    <div className="max-w-6xl space-y-4">
      <Link to="/transport" className="text-sm text-brand-700 hover:underline">
        ← Весь транспорт
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">ТС {vehicle.number}</h1>
      <p className="text-sm text-slate-600">
        Рейсов в документах: {formatInteger(vehicle.total)}
        {vehicle.total > vehicle.trips.length
          ? ` (показаны последние ${formatInteger(vehicle.trips.length)})`
          : ""}
      </p>
      <VehicleMap data={data} />
      <section
        className="overflow-x-auto rounded-xl bg-white p-4 ring-1 ring-slate-200"
        aria-label="Рейсы ТС"
      >
        <table className="cards-on-phone min-w-full">
          <thead>
            <tr>
              <th className={th}>Накладная</th>
              <th className={th}>Дата</th>
              <th className={th}>Маршрут</th>
              <th className={th}>Водитель</th>
              <th className={th}>Статус</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {vehicle.trips.map((trip) => (
              <tr key={trip.documentId} data-testid="vehicle-trip">
                <td data-label="Накладная" className={td}>
                  {trip.number}
                </td>
                <td data-label="Дата" className={td}>
                  {moscowDateTime(trip.createdAt)}
                </td>
                <td
                  data-label="Маршрут"
                  className={td}
                  title={`${trip.loadingAddress ?? "—"} → ${trip.unloadingAddress ?? "—"}`}
                >
                  {trip.from ?? "—"} → {trip.to ?? "—"}
                </td>
                <td data-label="Водитель" className={td}>
                  {trip.driver ?? "—"}
                </td>
                <td data-label="Статус" className={td}>
                  <span className={`rounded px-1.5 py-0.5 text-xs ${VEHICLE_STATUS_TONE[trip.status]}`}>
                    {trip.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageLoadError
      heading="Транспортное средство"
      title={missing ? "ТС не найдено в документах компании" : "Не удалось загрузить рейсы ТС"}
      href="/transport"
    />
  );
}
