// The canvas map of spec 3 §9 (decision 0064): what it draws for each mode from a geo answer —
// route lines count × 2 clamped 2–10 in the route colours, nothing at lat or lng 0, routes only
// with four coordinates, heat circles by the thresholds, and «Нет данных для отображения».
import { describe, expect, it } from "vitest";
import type { EdoGeo, GeoAddress, GeoRoute } from "../../../workers/core/edo/geo-read";
import { heatIntensity, heatLevel, routeColour, canvasLineWidth } from "../../../workers/core/edo/geo-rules";
import { CANVAS_EMPTY_TEXT, canvasPlan } from "./canvas-map";
import { mapLayersOf, ROUTE_COLOURS } from "./map-data";

const address = (lat: number | null, lng: number | null, count: number): GeoAddress => ({
  address: `адрес ${lat},${lng}`,
  formatted: null,
  lat,
  lng,
  type: "loading",
  count,
  region: null,
  kind: null,
  precision: null,
  approximate: false,
  state: "placed",
});

const route = (
  count: number,
  coords: [number | null, number | null, number | null, number | null],
): GeoRoute => ({
  from: "А",
  to: "Б",
  fromFormatted: null,
  toFormatted: null,
  fromLat: coords[0],
  fromLng: coords[1],
  toLat: coords[2],
  toLng: coords[3],
  count,
  colour: routeColour(count),
  width: canvasLineWidth(count),
  distance: null,
  time: null,
  estimated: false,
  approximate: false,
});

const geo = (addresses: GeoAddress[], routes: GeoRoute[]): Pick<EdoGeo, "addresses" | "routes" | "heat"> => ({
  addresses,
  routes,
  heat: {
    radiusKm: 50,
    thresholds: [0.2, 0.4, 0.6, 0.8],
    points: addresses
      .filter((a) => a.lat !== null && a.lng !== null)
      .map((a) => ({
        lat: a.lat!,
        lng: a.lng!,
        count: a.count,
        intensity: heatIntensity(a.count),
        level: heatLevel(heatIntensity(a.count)),
      })),
  },
});

const MOSCOW: [number, number] = [55.75, 37.62];
const KAZAN: [number, number] = [55.79, 49.12];

describe("the canvas map", () => {
  it("draws routes with count × 2 clamped to 2–10 in the route colours; a route missing a coordinate is skipped", () => {
    const layers = mapLayersOf(
      geo(
        [],
        [
          route(1, [...MOSCOW, ...KAZAN]),
          route(3, [...MOSCOW, ...KAZAN]),
          route(7, [...MOSCOW, ...KAZAN]),
          route(12, [...MOSCOW, ...KAZAN]),
          route(4, [...MOSCOW, null, 49.12]),
          route(4, [0, 37.62, ...KAZAN]),
        ],
      ),
    );
    const lines = canvasPlan(layers, "routes").filter((shape) => shape.kind === "line");
    expect(lines.map((line) => line.kind === "line" && [line.width, line.colour])).toEqual([
      [2, ROUTE_COLOURS.green],
      [6, ROUTE_COLOURS.blue],
      [10, ROUTE_COLOURS.orange],
      [10, ROUTE_COLOURS.red],
    ]);
  });

  it("skips markers at lat or lng 0 and shows the others; heat circles follow the thresholds", () => {
    const layers = mapLayersOf(
      geo([address(...MOSCOW, 1), address(0, 37.6, 5), address(55.7, 0, 5), address(...KAZAN, 10)], []),
    );
    const markers = canvasPlan(layers, "markers").filter((shape) => shape.kind === "circle");
    expect(markers).toHaveLength(2);
    const heat = canvasPlan(layers, "heatmap").filter((shape) => shape.kind === "circle");
    // Intensity 0.1 (below 0.2) is faint; 1.0 reaches all four thresholds.
    expect(heat.map((circle) => circle.kind === "circle" && circle.alpha)).toEqual([0.15, 0.85]);
    const radii = new Set(heat.map((circle) => circle.kind === "circle" && circle.radius));
    expect(radii.size).toBe(1);
  });

  it("says «Нет данных для отображения» over the outline when nothing can be drawn", () => {
    const plan = canvasPlan(
      mapLayersOf(geo([address(0, 0, 3)], [route(2, [...MOSCOW, null, null])])),
      "markers",
    );
    expect(plan.map((shape) => shape.kind)).toEqual(["outline", "text"]);
    expect(plan[1]).toMatchObject({ kind: "text", text: CANVAS_EMPTY_TEXT, at: [400, 200] });
  });
});
