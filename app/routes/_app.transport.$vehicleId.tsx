import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { vehicleTrips } from "../../workers/core/edo/transport";
import { formatInteger } from "~/components/charts";
import { moscowDateTime, VEHICLE_STATUS_TONE } from "~/components/transport/presentation";
import { PageLoadError } from "~/components/ui/load-error";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.vehicle?.number ?? "ТС"} — Транспорт — Рейс` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const id = (params.vehicleId ?? "").slice(0, 30);
  const vehicle = await vehicleTrips(context.db, user.company.id, id);
  if (!vehicle) throw new Response("ТС не найдено", { status: 404 });
  return { vehicle };
}

const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-3 py-2 text-sm text-slate-800";

export default function VehiclePage() {
  const { vehicle } = useLoaderData<typeof loader>();
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
      <section
        className="overflow-x-auto rounded-xl bg-white p-4 ring-1 ring-slate-200"
        aria-label="Рейсы ТС"
      >
        <table className="min-w-full">
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
                <td className={td}>{trip.number}</td>
                <td className={td}>{moscowDateTime(trip.createdAt)}</td>
                <td className={td} title={`${trip.loadingAddress ?? "—"} → ${trip.unloadingAddress ?? "—"}`}>
                  {trip.from ?? "—"} → {trip.to ?? "—"}
                </td>
                <td className={td}>{trip.driver ?? "—"}</td>
                <td className={td}>
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
