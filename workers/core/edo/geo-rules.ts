// The transport map's rules (spec 3 §4, §5, §9; decision 0062): success-rate bands, route
// colours, canvas line widths, heatmap intensity and which items a map may draw. Pure and
// browser-safe: GET /api/edo/geo answers with them and the map page draws with the same code.

/** Spec 3 §9: top 10 addresses and routes, 8 regions. */
export const MAP_TOP = 10;
export const MAP_REGIONS = 8;
/** Spec 3 §9: the map opens on Moscow at zoom 6; the canvas fallback is 800×400. */
export const MAP_CENTER = { lat: 55.7558, lng: 37.6173 } as const;
export const MAP_ZOOM = 6;
export const CANVAS_SIZE = { width: 800, height: 400 } as const;
/** Spec 3 §9: a heatmap circle's radius. */
export const HEAT_RADIUS_KM = 50;
/** Spec 3 §9: the intensity thresholds of the heatmap's gradient. */
export const HEAT_THRESHOLDS = [0.2, 0.4, 0.6, 0.8] as const;

/** Spec 3 §4: a chain is completed when it holds a cargo-issued and a cargo-received title. */
export const CHAIN_ISSUED = "ON_TRNACLGROT";
export const CHAIN_RECEIVED = "ON_TRNACLGRPO";

export function chainCompleted(titleTypes: Iterable<string>): boolean {
  const types = new Set(titleTypes);
  return types.has(CHAIN_ISSUED) && types.has(CHAIN_RECEIVED);
}

/** Completed chains / chains × 100, one decimal; 0 without chains. */
export function successRate(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 1000) / 10;
}

export type SuccessBand = { tone: "green" | "yellow" | "red"; label: string };

/** Spec 3 §9: 80 or more «Отлично» (green), 60 or more «Хорошо» (yellow), else «Требует внимания» (red). */
export function successBand(rate: number): SuccessBand {
  if (rate >= 80) return { tone: "green", label: "Отлично" };
  if (rate >= 60) return { tone: "yellow", label: "Хорошо" };
  return { tone: "red", label: "Требует внимания" };
}

export type RouteColour = "red" | "orange" | "blue" | "green";

/** Spec 3 §9: a route's line by its documents: 10 or more red, 5 orange, 2 blue, else green. */
export function routeColour(count: number): RouteColour {
  if (count >= 10) return "red";
  if (count >= 5) return "orange";
  if (count >= 2) return "blue";
  return "green";
}

/** Spec 3 §9: the canvas map's line width, count × 2 clamped to 2–10. */
export function canvasLineWidth(count: number): number {
  return Math.min(10, Math.max(2, count * 2));
}

/** Spec 3 §9: a heat point's intensity, min(count / 10, 1). */
export function heatIntensity(count: number): number {
  return Math.min(count / 10, 1);
}

/** How many of the thresholds 0.2, 0.4, 0.6, 0.8 an intensity reaches (0–4): its gradient step. */
export function heatLevel(intensity: number): number {
  return HEAT_THRESHOLDS.filter((threshold) => intensity >= threshold).length;
}

type Coordinate = number | null | undefined;

/** Spec 3 §5: a point with lat or lng 0 (or missing) is not drawn. */
export function mappable(lat: Coordinate, lng: Coordinate): boolean {
  return typeof lat === "number" && typeof lng === "number" && lat !== 0 && lng !== 0;
}

/** Spec 3 §5: a route is drawn only with all four coordinates. */
export function routeMappable(route: {
  fromLat: Coordinate;
  fromLng: Coordinate;
  toLat: Coordinate;
  toLng: Coordinate;
}): boolean {
  return mappable(route.fromLat, route.fromLng) && mappable(route.toLat, route.toLng);
}

/** The geocoder's precisions that stand for the address itself; coarser ones are a city's or region's centre. */
const PRECISE = new Set(["exact", "street"]);

/** A point that stands in for its address (a city's or region's centre), not the address itself. */
export function approximate(precision: string | null): boolean {
  return !PRECISE.has(precision ?? "");
}

export type HeatPoint = { lat: number; lng: number; count: number; intensity: number; level: number };

/**
 * The heatmap's points (spec 3 §9): one per distinct coordinate, its documents summed, most
 * first. Items without a drawable point are skipped.
 */
export function heatPoints(items: readonly { lat: number | null; lng: number | null; count: number }[]) {
  const heat = new Map<string, HeatPoint>();
  for (const item of items) {
    if (!mappable(item.lat, item.lng)) continue;
    const key = `${item.lat},${item.lng}`;
    const point = heat.get(key) ?? { lat: item.lat!, lng: item.lng!, count: 0, intensity: 0, level: 0 };
    point.count += item.count;
    point.intensity = heatIntensity(point.count);
    point.level = heatLevel(point.intensity);
    heat.set(key, point);
  }
  return [...heat.values()].sort((x, y) => y.count - x.count || x.lat - y.lat || x.lng - y.lng);
}
