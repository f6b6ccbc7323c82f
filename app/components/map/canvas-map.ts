// The simplified map of spec 3 §2/§4/§9 for a browser without WebGL or a map that fails to load
// within 10 s (decision 0064): 800×400, Russia's outline, and the current mode's items —
// markers, heat circles (50 km) or route lines (count × 2 clamped 2–10) — or «Нет данных для
// отображения». Planned as plain shapes first (tested), then drawn on a 2D canvas.
import { CANVAS_SIZE, HEAT_RADIUS_KM, canvasLineWidth, heatLevel } from "../../../workers/core/edo/geo-rules";
import {
  HEAT_COLOURS,
  LOADING_COLOUR,
  RUSSIA_OUTLINE,
  UNLOADING_COLOUR,
  hasMapData,
  type MapLayers,
  type MapMode,
} from "./map-data";

export const CANVAS_EMPTY_TEXT = "Нет данных для отображения";

type Shape =
  | { kind: "outline"; rings: [number, number][][] }
  | { kind: "line"; from: [number, number]; to: [number, number]; width: number; colour: string }
  | { kind: "circle"; at: [number, number]; radius: number; colour: string; alpha: number }
  | { kind: "text"; at: [number, number]; text: string };

/** Chukotka crosses the antimeridian: its western longitudes continue past 180°. */
const unwrap = (lng: number) => (lng < 0 ? lng + 360 : lng);

type Bounds = { west: number; east: number; south: number; north: number };
const RUSSIA_BOUNDS: Bounds = { west: 19, east: 191, south: 41, north: 78 };

function boundsOf(points: [number, number][]): Bounds {
  if (points.length === 0) return RUSSIA_BOUNDS;
  const lngs = points.map(([lng]) => unwrap(lng));
  const lats = points.map(([, lat]) => lat);
  const pad = (a: number, b: number) => Math.max(1, (b - a) * 0.15);
  const [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  return {
    west: west - pad(west, east),
    east: east + pad(west, east),
    south: south - pad(south, north),
    north: north + pad(south, north),
  };
}

/** The shapes to draw, in order, on a canvas of spec 3 §9's size. */
export function canvasPlan(layers: MapLayers, mode: MapMode, size = CANVAS_SIZE): Shape[] {
  const { width, height } = size;
  const points: [number, number][] =
    mode === "routes"
      ? layers.routes.features.flatMap((f) => f.geometry.coordinates as [number, number][])
      : (mode === "heatmap" ? layers.heat : layers.addresses).features.map(
          (f) => f.geometry.coordinates as [number, number],
        );
  const b = boundsOf(points);
  // Equirectangular, the longitude scaled by the middle latitude so shapes keep their proportions.
  const middle = Math.cos((((b.south + b.north) / 2) * Math.PI) / 180);
  const scale = Math.min(width / ((b.east - b.west) * middle), height / (b.north - b.south));
  const x0 = (width - (b.east - b.west) * middle * scale) / 2;
  const y0 = (height - (b.north - b.south) * scale) / 2;
  const project = ([lng, lat]: number[]): [number, number] => [
    x0 + (unwrap(lng) - b.west) * middle * scale,
    y0 + (b.north - lat) * scale,
  ];
  const shapes: Shape[] = [
    {
      kind: "outline",
      rings: RUSSIA_OUTLINE.coordinates.flatMap((polygon) => polygon.map((ring) => ring.map(project))),
    },
  ];
  if (!hasMapData(layers)) {
    shapes.push({ kind: "text", at: [width / 2, height / 2], text: CANVAS_EMPTY_TEXT });
    return shapes;
  }
  if (mode === "routes") {
    for (const route of layers.routes.features) {
      const [from, to] = route.geometry.coordinates;
      shapes.push({
        kind: "line",
        from: project(from),
        to: project(to),
        width: canvasLineWidth(route.properties.count),
        colour: route.properties.colour,
      });
    }
  } else if (mode === "heatmap") {
    // 50 km in pixels at this projection: a degree of latitude is about 111 km.
    const radius = Math.max(2, (HEAT_RADIUS_KM / 111) * scale);
    for (const point of layers.heat.features) {
      const level = heatLevel(point.properties.intensity);
      shapes.push({
        kind: "circle",
        at: project(point.geometry.coordinates),
        radius,
        colour: HEAT_COLOURS[Math.max(0, level - 1)],
        alpha: level === 0 ? 0.15 : 0.25 + 0.15 * level,
      });
    }
  } else {
    for (const point of layers.addresses.features) {
      shapes.push({
        kind: "circle",
        at: project(point.geometry.coordinates),
        radius: Math.min(10, 3 + Math.sqrt(point.properties.count)),
        colour: point.properties.type === "loading" ? LOADING_COLOUR : UNLOADING_COLOUR,
        alpha: 0.85,
      });
    }
  }
  return shapes;
}

/** Draws a plan on a 2D context (the canvas is `size` pixels). */
export function drawPlan(context: CanvasRenderingContext2D, plan: Shape[], size = CANVAS_SIZE): void {
  context.clearRect(0, 0, size.width, size.height);
  context.fillStyle = "#e0f2fe";
  context.fillRect(0, 0, size.width, size.height);
  for (const shape of plan) {
    context.globalAlpha = 1;
    if (shape.kind === "outline") {
      context.beginPath();
      for (const ring of shape.rings) {
        ring.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
        context.closePath();
      }
      context.fillStyle = "#f8fafc";
      context.strokeStyle = "#94a3b8";
      context.lineWidth = 1;
      context.fill("evenodd");
      context.stroke();
    } else if (shape.kind === "line") {
      context.beginPath();
      context.moveTo(...shape.from);
      context.lineTo(...shape.to);
      context.strokeStyle = shape.colour;
      context.lineWidth = shape.width;
      context.lineCap = "round";
      context.globalAlpha = 0.8;
      context.stroke();
    } else if (shape.kind === "circle") {
      context.beginPath();
      context.arc(shape.at[0], shape.at[1], shape.radius, 0, 2 * Math.PI);
      context.fillStyle = shape.colour;
      context.globalAlpha = shape.alpha;
      context.fill();
    } else {
      context.fillStyle = "#475569";
      context.font = "16px system-ui, sans-serif";
      context.textAlign = "center";
      context.textBaseline = "middle";
      context.fillText(shape.text, shape.at[0], shape.at[1]);
    }
  }
  context.globalAlpha = 1;
}
