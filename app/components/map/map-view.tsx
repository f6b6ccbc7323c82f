// The interactive map (decision 0064): react-map-gl over maplibre-gl (no token, the offline base
// style) or mapbox-gl (a token configured, Mapbox's light style). Loaded only in the browser and
// only on /map-analytics; the panel (transport-map.tsx) picks the library and watches for failure.
import { useEffect, useRef, useState } from "react";
import type * as Maplibre from "react-map-gl/maplibre";
import { MAP_CENTER, MAP_ZOOM } from "../../../workers/core/edo/geo-rules";
import { OFFLINE_STYLE } from "./base-style";
import { dataLayers, LAYERS_BY_MODE, MAP_MODES, type MapLayers, type MapMode } from "./map-data";

/** What both react-map-gl entry points export that the map uses (mapbox's is the same API). */
export type MapLibrary = Pick<typeof Maplibre, "Map" | "Source" | "Layer" | "NavigationControl" | "Popup">;

export type MapViewProps = {
  /** The react-map-gl entry point and the GL library module it drives (maplibre-gl or mapbox-gl). */
  library: MapLibrary & { mapLib: unknown };
  /** A Mapbox token: Mapbox's own style; none: the offline style. */
  token: string | null;
  layers: MapLayers;
  mode: MapMode;
  /** The map has loaded; `visible` are the data layers it shows now. */
  onReady: (visible: string[]) => void;
  /** The map failed before it loaded (the panel words it). */
  onFail: () => void;
};

const DATA_LAYER_IDS = MAP_MODES.flatMap((mode) => LAYERS_BY_MODE[mode]);

/** The extent of what the map draws, or null when it draws nothing. */
function extentOf(layers: MapLayers): [[number, number], [number, number]] | null {
  const points = [
    ...layers.addresses.features.map((f) => f.geometry.coordinates),
    ...layers.routes.features.flatMap((f) => f.geometry.coordinates),
  ];
  if (points.length === 0) return null;
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

export function MapView({ library, token, layers, mode, onReady, onFail }: MapViewProps) {
  const { Map, Source, Layer, NavigationControl, Popup } = library;
  const ref = useRef<Maplibre.MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [popup, setPopup] = useState<{ lng: number; lat: number; text: string } | null>(null);

  // After each mode change (and the first load), report the layers the map really shows.
  useEffect(() => {
    const map = ref.current?.getMap();
    if (!loaded || !map) return;
    onReady(
      DATA_LAYER_IDS.filter((id) => map.getLayer(id) && map.getLayoutProperty(id, "visibility") !== "none"),
    );
  }, [loaded, mode, onReady]);

  const specs = dataLayers(mode);
  const source = (id: keyof MapLayers) => (
    <Source key={id} id={id} type="geojson" data={layers[id]}>
      {specs
        .filter((spec) => spec.source === id)
        .map((spec) => (
          <Layer key={spec.id} {...(spec as unknown as Maplibre.LayerProps)} />
        ))}
    </Source>
  );
  return (
    <Map
      ref={ref}
      mapLib={library.mapLib as Maplibre.MapProps["mapLib"]}
      {...(token ? { mapboxAccessToken: token } : {})}
      initialViewState={{ longitude: MAP_CENTER.lng, latitude: MAP_CENTER.lat, zoom: MAP_ZOOM }}
      mapStyle={
        token
          ? "mapbox://styles/mapbox/light-v11"
          : (OFFLINE_STYLE as unknown as Maplibre.MapProps["mapStyle"])
      }
      style={{ width: "100%", height: 480 }}
      interactiveLayerIds={["addresses", "routes"]}
      onLoad={(event) => {
        // Spec 3 §9 opens on Moscow at zoom 6; with data the map frames it instead.
        const extent = extentOf(layers);
        if (extent) event.target.fitBounds(extent, { padding: 48, maxZoom: 10, duration: 0 });
        setLoaded(true);
      }}
      onError={(event) => {
        console.error("map error", event.error);
        if (!loaded) onFail();
      }}
      onClick={(event) => {
        const feature = event.features?.[0];
        const label = feature?.properties?.label;
        setPopup(
          typeof label === "string"
            ? {
                lng: event.lngLat.lng,
                lat: event.lngLat.lat,
                text: `${label}: ${String(feature?.properties?.count ?? "")} док.`,
              }
            : null,
        );
      }}
    >
      <NavigationControl position="top-right" showCompass={false} />
      {(["routes", "heat", "addresses"] as const).map(source)}
      {popup ? (
        <Popup longitude={popup.lng} latitude={popup.lat} onClose={() => setPopup(null)} closeOnClick={false}>
          <span className="text-sm">{popup.text}</span>
        </Popup>
      ) : null}
    </Map>
  );
}
