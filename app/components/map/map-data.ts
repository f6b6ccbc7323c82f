// What the transport map draws (decisions 0064, 0074), from the drawn items of GET /api/edo/geo
// or GET /api/edo/geo/map (./drawn.ts): GeoJSON for the addresses, the routes and the heat
// points, and the layers that style them by spec 3 §9's rules (workers/core/edo/geo-rules.ts).
// The same data serves maplibre, mapbox and the canvas map.
import type { Feature, FeatureCollection, LineString, MultiPolygon, Point } from "geojson";
import {
  canvasLineWidth,
  HEAT_RADIUS_KM,
  HEAT_THRESHOLDS,
  mappable,
  routeColour,
  routeMappable,
} from "../../../workers/core/edo/geo-rules";
import type { Drawn } from "./drawn";
import outline from "./russia-outline.json";

import type { MapMode } from "./modes";
export { MAP_MODE_LABELS, MAP_MODES, type MapMode } from "./modes";

/** Russia's outline (Natural Earth 1:50m via world-atlas; scripts/generate-base-map.ts). */
export const RUSSIA_OUTLINE = outline as MultiPolygon;

/** The route colours of spec 3 §9 as the map paints them. */
export const ROUTE_COLOURS = {
  red: "#dc2626",
  orange: "#ea580c",
  blue: "#2563eb",
  green: "#16a34a",
} as const;
export const LOADING_COLOUR = "#0369a1";
export const UNLOADING_COLOUR = "#7c3aed";
/** The heatmap's gradient: transparent below the first threshold, then one colour per step. */
export const HEAT_COLOURS = ["#fde68a", "#fbbf24", "#f97316", "#dc2626"] as const;

export type MapLayers = {
  addresses: FeatureCollection<Point, { count: number; type: string; label: string }>;
  routes: FeatureCollection<LineString, { count: number; colour: string; width: number; label: string }>;
  heat: FeatureCollection<Point, { intensity: number; count: number }>;
};

/** The answer's drawable items as GeoJSON; lat or lng 0 and incomplete routes are skipped (spec 3 §5). */
export function mapLayersOf(geo: Drawn): MapLayers {
  const addresses: Feature<Point, { count: number; type: string; label: string }>[] = [];
  for (const item of geo.addresses) {
    if (!mappable(item.lat, item.lng)) continue;
    addresses.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [item.lng!, item.lat!] },
      properties: { count: item.count, type: item.type, label: item.formatted ?? item.address },
    });
  }
  const routes: Feature<LineString, { count: number; colour: string; width: number; label: string }>[] = [];
  for (const route of geo.routes) {
    if (!routeMappable(route)) continue;
    routes.push({
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [
          [route.fromLng!, route.fromLat!],
          [route.toLng!, route.toLat!],
        ],
      },
      properties: {
        count: route.count,
        colour: ROUTE_COLOURS[routeColour(route.count)],
        width: canvasLineWidth(route.count),
        label: `${route.from} → ${route.to}`,
      },
    });
  }
  const heat: Feature<Point, { intensity: number; count: number }>[] = geo.heat.points
    .filter((point) => mappable(point.lat, point.lng))
    .map((point) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [point.lng, point.lat] },
      properties: { intensity: point.intensity, count: point.count },
    }));
  return {
    addresses: { type: "FeatureCollection", features: addresses },
    routes: { type: "FeatureCollection", features: routes },
    heat: { type: "FeatureCollection", features: heat },
  };
}

export const hasMapData = (layers: MapLayers) =>
  layers.addresses.features.length > 0 || layers.routes.features.length > 0;

/**
 * Pixels per 50 km at zoom 0 near Moscow's latitude (55.75°): a web-mercator pixel at zoom z is
 * 156,543.03·cos(lat)/2^z metres, so the heatmap's radius doubles with each zoom step.
 */
const HEAT_RADIUS_PX_AT_ZOOM_0 = (HEAT_RADIUS_KM * 1000) / (156_543.03 * Math.cos((55.75 * Math.PI) / 180));

/** Layer ids the mode shows; the others are hidden. */
export const LAYERS_BY_MODE: Record<MapMode, string[]> = {
  markers: ["addresses"],
  heatmap: ["heat"],
  routes: ["routes"],
};

type Paint = Record<string, unknown>;
export type LayerSpec = { id: string; type: string; source: string; paint: Paint; layout?: Paint };

/** The data layers, the same for maplibre and mapbox (their style specs agree on these). */
export function dataLayers(mode: MapMode): LayerSpec[] {
  const visibility = (id: string) => ({ visibility: LAYERS_BY_MODE[mode].includes(id) ? "visible" : "none" });
  return [
    {
      id: "routes",
      type: "line",
      source: "routes",
      layout: { ...visibility("routes"), "line-cap": "round" },
      paint: { "line-color": ["get", "colour"], "line-width": ["get", "width"], "line-opacity": 0.8 },
    },
    {
      id: "heat",
      type: "heatmap",
      source: "heat",
      layout: visibility("heat"),
      paint: {
        "heatmap-weight": ["get", "intensity"],
        "heatmap-radius": [
          "interpolate",
          ["exponential", 2],
          ["zoom"],
          0,
          HEAT_RADIUS_PX_AT_ZOOM_0,
          22,
          HEAT_RADIUS_PX_AT_ZOOM_0 * 2 ** 22,
        ],
        "heatmap-color": [
          "step",
          ["heatmap-density"],
          "rgba(0,0,0,0)",
          ...HEAT_THRESHOLDS.flatMap((threshold, i) => [threshold, HEAT_COLOURS[i]]),
        ],
        "heatmap-opacity": 0.75,
      },
    },
    {
      id: "addresses",
      type: "circle",
      source: "addresses",
      layout: visibility("addresses"),
      paint: {
        "circle-radius": ["interpolate", ["linear"], ["get", "count"], 1, 4, 50, 14],
        "circle-color": ["match", ["get", "type"], "loading", LOADING_COLOUR, UNLOADING_COLOUR],
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 1,
        "circle-opacity": 0.85,
      },
    },
  ];
}
