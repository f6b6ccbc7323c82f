import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { EdoAnalyticsFilters } from "../../workers/core/edo/analytics-schemas";
import {
  geoFiguresOf,
  geoFiguresStatement,
  geoTops,
  type EdoGeoFigures,
  type EdoGeoMap,
  type GeoRoute,
} from "../../workers/core/edo/geo-read";
import { BarList, formatInteger } from "~/components/charts";
import { AnalyticsFilters } from "~/components/edo-analytics/analytics-filters";
import { EdoMirrorBanner } from "~/components/edo-analytics/edo-banner";
import { drawnOf, type Drawn } from "~/components/map/drawn";
import { MapModeToggle } from "~/components/map/mode-toggle";
import { mapModeOf, type MapMode } from "~/components/map/modes";
import { TransportMap } from "~/components/map/transport-map";
import { LoadError, PageLoadError } from "~/components/ui/load-error";
import { RefreshButton } from "~/components/ui/refresh-button";
import { track } from "~/lib/analytics";
import { edoMirrorPageData } from "~/lib/edo-analytics.server";
import { keepDataWhenOnly } from "~/lib/revalidate";

export const meta: MetaFunction = () => [{ title: "Карта перевозок — Рейс" }];

const TITLE = "Карта перевозок";
export const MAP_FAILED = "Не удалось загрузить данные карты";

/**
 * The page's figures (cards, top lists, regions, what is pending or estimated); the map's drawn
 * items (every address, route and heat point) are read by the page once it is open, from GET
 * /api/edo/geo/map (decision 0074).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await edoMirrorPageData(context, request, {
    statement: geoFiguresStatement,
    from: geoFiguresOf,
  });
  const { data, ...rest } = page;
  const mapboxToken = context.cloudflare.env.MAPBOX_TOKEN?.trim() || null;
  if (!data) return { ...rest, geo: null, mapboxToken };
  try {
    return { ...rest, geo: await geoTops(context.db, data), mapboxToken };
  } catch (error) {
    console.error("map figures read failed", error);
    return { ...rest, state: "failed" as const, geo: null, mapboxToken };
  }
}

/**
 * The map's drawn items for the page's filters, read after the page opens and again whenever the
 * loader answers anew (a filter, «Обновить»); null until read, "failed" when the read failed.
 */
function useDrawn(geo: EdoGeoFigures | null, login: string | null, filters: EdoAnalyticsFilters) {
  const [drawn, setDrawn] = useState<Drawn | null | "failed">(null);
  const query = new URLSearchParams({
    login: login ?? "",
    period: String(filters.period),
    limit: String(filters.limit),
    allQuarters: String(filters.allQuarters),
    ...(filters.status ? { status: filters.status } : {}),
  }).toString();
  useEffect(() => {
    if (!geo || !login) return;
    const controller = new AbortController();
    setDrawn(null);
    fetch(`/api/edo/geo/map?${query}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => response.json() as Promise<{ success: boolean; data?: EdoGeoMap }>)
      .then((answer) => setDrawn(answer.success && answer.data ? drawnOf(answer.data) : "failed"))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("map items read failed", error);
        setDrawn("failed");
      });
    return () => controller.abort();
  }, [geo, login, query]);
  return drawn;
}

/** Switching the map's mode needs no fresh data. */
export const shouldRevalidate = keepDataWhenOnly(["mode"]);

const trackMap = (action: string, label?: string) =>
  track({ eventType: "map", eventCategory: "map", eventAction: action, eventLabel: label });

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
const BAND_TONE = { green: "text-green-700", yellow: "text-amber-600", red: "text-red-700" } as const;

function Summary({ geo }: { geo: EdoGeoFigures }) {
  const cards = [
    ["Документы", formatInteger(geo.totalDocuments)],
    ["Цепочки", formatInteger(geo.totalChains)],
    ["Уникальные адреса", formatInteger(geo.uniqueAddresses)],
    ["Уникальные маршруты", formatInteger(geo.uniqueRoutes)],
    ["Завершённые цепочки", formatInteger(geo.completedChains)],
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {cards.map(([label, value]) => (
        <section key={label} className={card} aria-label={label} data-testid="map-card">
          <h2 className="text-sm text-slate-500">{label}</h2>
          <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
        </section>
      ))}
      <section className={card} aria-label="Успешность" data-testid="map-card">
        <h2 className="text-sm text-slate-500">Успешность</h2>
        <p className={`mt-1 text-2xl font-semibold ${BAND_TONE[geo.successBand.tone]}`}>
          {geo.successRate.toLocaleString("ru-RU")} %
        </p>
        <p className={`text-sm ${BAND_TONE[geo.successBand.tone]}`}>{geo.successBand.label}</p>
      </section>
    </div>
  );
}

const km = (route: GeoRoute) =>
  route.distance === null
    ? ""
    : ` · ${route.distance.toLocaleString("ru-RU")} км${route.estimated ? " (оценка)" : ""}`;

export default function MapAnalyticsPage() {
  const { state, filters, connection, geo, mapboxToken } = useLoaderData<typeof loader>();
  const drawn = useDrawn(geo, connection?.login ?? null, filters);
  const loading = useNavigation().state === "loading";
  const [params, setParams] = useSearchParams();
  const mode = mapModeOf(params.get("mode"));
  useEffect(() => {
    if (state === "failed") trackMap("load_failed", MAP_FAILED);
    else if (state === "ready") trackMap("page_viewed");
  }, [state]);
  const setMode = (next: MapMode) => {
    trackMap("mode_changed", next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "markers") updated.delete("mode");
        else updated.set("mode", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{TITLE}</h1>
        {state !== "disconnected" ? <RefreshButton /> : null}
      </div>
      <EdoMirrorBanner
        connected={state !== "disconnected"}
        purpose="адреса и маршруты своих перевозок на карте"
      />
      {state === "disconnected" ? null : (
        <>
          <AnalyticsFilters filters={filters} section="map" />
          <div aria-busy={loading} className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
            {state === "failed" || !geo ? (
              <LoadError title={MAP_FAILED} href="/map-analytics" />
            ) : (
              <>
                <Summary geo={geo} />
                {geo.pending.addresses > 0 || geo.pending.routes > 0 ? (
                  <p role="status" className="text-sm text-slate-600" data-testid="map-pending">
                    Ещё размещаются на карте: адресов — {formatInteger(geo.pending.addresses)}, маршрутов —{" "}
                    {formatInteger(geo.pending.routes)}. Обновите страницу через минуту.
                  </p>
                ) : null}
                <section className={`${card} space-y-3`} aria-labelledby="map-title">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h2 id="map-title" className="text-sm font-medium text-slate-700">
                      Карта
                    </h2>
                    <MapModeToggle mode={mode} onChange={setMode} />
                  </div>
                  {drawn === "failed" ? (
                    <LoadError title={MAP_FAILED} href="/map-analytics" />
                  ) : (
                    <TransportMap geo={drawn} mode={mode} token={mapboxToken} />
                  )}
                  <p className="text-xs text-slate-500">
                    Приблизительно (центр города или региона): адресов —{" "}
                    {formatInteger(geo.estimates.approximateAddresses)}, маршрутов —{" "}
                    {formatInteger(geo.estimates.approximateRoutes)}; расстояний по оценке —{" "}
                    {formatInteger(geo.estimates.estimatedRoutes)}. {geo.estimates.note}.
                    {geo.notFound > 0 ? ` Не найдены на карте: ${formatInteger(geo.notFound)}.` : ""}
                  </p>
                </section>
                <div className="grid gap-4 lg:grid-cols-2">
                  <section className={card} aria-labelledby="map-top-addresses">
                    <h2 id="map-top-addresses" className="text-sm font-medium text-slate-700">
                      Топ-10 адресов
                    </h2>
                    {geo.topAddresses.length === 0 ? (
                      <p className="mt-2 text-sm text-slate-500">Нет данных</p>
                    ) : (
                      <ol className="mt-2 space-y-1 text-sm" data-testid="map-top-addresses">
                        {geo.topAddresses.map((item) => (
                          <li key={`${item.type}:${item.address}`} className="flex justify-between gap-2">
                            <span>
                              {item.formatted ?? item.address}
                              <span className="ml-1 text-xs text-slate-500">
                                {item.type === "loading" ? "погрузка" : "выгрузка"}
                              </span>
                            </span>
                            <span className="text-slate-600">{formatInteger(item.count)}</span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </section>
                  <section className={card} aria-labelledby="map-top-routes">
                    <h2 id="map-top-routes" className="text-sm font-medium text-slate-700">
                      Топ-10 маршрутов
                    </h2>
                    {geo.topRoutes.length === 0 ? (
                      <p className="mt-2 text-sm text-slate-500">Нет данных</p>
                    ) : (
                      <ol className="mt-2 space-y-1 text-sm" data-testid="map-top-routes">
                        {geo.topRoutes.map((route) => (
                          <li key={`${route.from}→${route.to}`} className="flex justify-between gap-2">
                            <span>
                              {route.fromFormatted ?? route.from} → {route.toFormatted ?? route.to}
                              <span className="text-xs text-slate-500">{km(route)}</span>
                            </span>
                            <span className="text-slate-600">{formatInteger(route.count)}</span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </section>
                  {(
                    [
                      ["Регионы погрузки", geo.loadingRegions],
                      ["Регионы выгрузки", geo.unloadingRegions],
                    ] as const
                  ).map(([title, regions]) => (
                    <section key={title} className={card} aria-label={title}>
                      {regions.length === 0 ? (
                        <>
                          <h2 className="text-sm font-medium text-slate-700">{title}</h2>
                          <p className="mt-2 text-sm text-slate-500">Нет данных</p>
                        </>
                      ) : (
                        <BarList
                          title={title}
                          data={regions.map((region) => ({ label: region.name, value: region.count }))}
                          labelHeader="Регион"
                          valueHeader="Документы"
                        />
                      )}
                    </section>
                  ))}
                </div>
                <p className="text-xs text-slate-500">
                  Транспорт по этим документам — в разделе{" "}
                  <Link to="/transport" className="text-brand-600 hover:underline">
                    «Транспорт»
                  </Link>
                  .
                </p>
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title={MAP_FAILED} href="/map-analytics" />;
}
