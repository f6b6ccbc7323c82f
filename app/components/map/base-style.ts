// The offline base map (decision 0064): a sea-coloured background, Russia's outline and the
// gazetteer's cities as dots — everything from the product's own data, no tiles, no fonts, no
// network, so a fresh clone shows a real map with no internet.
import type { FeatureCollection, Point } from "geojson";
import { GAZETTEER_CITIES } from "../../../workers/core/geo/gazetteer";
import { RUSSIA_OUTLINE } from "./map-data";

const cities: FeatureCollection<Point, { name: string }> = {
  type: "FeatureCollection",
  features: GAZETTEER_CITIES.map((city) => ({
    type: "Feature",
    geometry: { type: "Point", coordinates: [city.lng, city.lat] },
    properties: { name: city.name },
  })),
};

/** A style both maplibre and mapbox read (version 8, GeoJSON sources only). */
export const OFFLINE_STYLE = {
  version: 8 as const,
  sources: {
    russia: {
      type: "geojson" as const,
      data: { type: "Feature" as const, geometry: RUSSIA_OUTLINE, properties: {} },
    },
    cities: { type: "geojson" as const, data: cities },
  },
  layers: [
    { id: "sea", type: "background" as const, paint: { "background-color": "#e0f2fe" } },
    { id: "russia-fill", type: "fill" as const, source: "russia", paint: { "fill-color": "#f8fafc" } },
    {
      id: "russia-line",
      type: "line" as const,
      source: "russia",
      paint: { "line-color": "#94a3b8", "line-width": 1 },
    },
    {
      id: "cities",
      type: "circle" as const,
      source: "cities",
      paint: { "circle-radius": 2, "circle-color": "#94a3b8" },
    },
  ],
};
