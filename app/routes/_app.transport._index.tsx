import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import {
  filterVehicles,
  transportRead,
  VEHICLE_STATUSES,
  type VehicleStatus,
} from "../../workers/core/edo/transport";
import { AnalyticsFilters } from "~/components/edo-analytics/analytics-filters";
import { EdoMirrorBanner } from "~/components/edo-analytics/edo-banner";
import { trackTransport } from "~/components/transport/presentation";
import { TransportBlocks, VehicleTable } from "~/components/transport/transport-blocks";
import { LoadError, PageLoadError } from "~/components/ui/load-error";
import { RefreshButton } from "~/components/ui/refresh-button";
import { edoMirrorPageData } from "~/lib/edo-analytics.server";

export const meta: MetaFunction = () => [{ title: "Транспорт — Рейс" }];

const TITLE = "Управление транспортом";
export const TRANSPORT_FAILED = "Не удалось загрузить данные транспорта";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await edoMirrorPageData(context, request, transportRead);
  const params = new URL(request.url).searchParams;
  const wanted = params.get("vstatus");
  const status = (VEHICLE_STATUSES as readonly string[]).includes(wanted ?? "")
    ? (wanted as VehicleStatus)
    : undefined;
  const search = params.get("q")?.trim().slice(0, 50) || undefined;
  const { data, ...rest } = page;
  return {
    ...rest,
    transport: data,
    vehicles: data ? filterVehicles(data.vehicles, search, status) : [],
  };
}

export default function TransportPage() {
  const { state, filters, transport, vehicles } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  useEffect(() => {
    if (state === "failed") trackTransport("load_failed", TRANSPORT_FAILED);
    else if (state === "ready") trackTransport("page_viewed");
  }, [state]);
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        {state !== "disconnected" ? <RefreshButton /> : null}
      </div>
      <EdoMirrorBanner
        connected={state !== "disconnected"}
        purpose="свой транспорт, водителей и рейсы из документов"
      />
      {state === "disconnected" ? null : (
        <>
          <AnalyticsFilters filters={filters} section="transport" />
          <div aria-busy={loading} className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
            {state === "failed" || !transport ? (
              <LoadError title={TRANSPORT_FAILED} href="/transport" />
            ) : transport.totals.documents === 0 ? (
              <p
                className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200"
                data-testid="transport-empty"
              >
                Нет транспортных накладных с такими фильтрами.
              </p>
            ) : (
              <>
                <TransportBlocks transport={transport} />
                <VehicleTable vehicles={vehicles} total={transport.vehicles.length} />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title={TRANSPORT_FAILED} href="/transport" />;
}
