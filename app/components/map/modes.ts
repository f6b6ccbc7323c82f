// The map's modes (spec 3 §4 «map modes») apart from the map's data module, so a page can switch
// them without loading the base map and the layers' code.
export const MAP_MODES = ["markers", "heatmap", "routes"] as const;
export type MapMode = (typeof MAP_MODES)[number];
export const MAP_MODE_LABELS: Record<MapMode, string> = {
  markers: "Маркеры",
  heatmap: "Тепловая карта",
  routes: "Маршруты",
};
/** A mode from the URL; anything else is `fallback`. */
export const mapModeOf = (value: string | null, fallback: MapMode = "markers"): MapMode =>
  MAP_MODES.find((mode) => mode === value) ?? fallback;
