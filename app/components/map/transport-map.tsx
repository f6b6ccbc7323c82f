// The map panel of /map-analytics (decision 0064). On the server and until the browser has the
// map's code it says «Загрузка карты…». In the browser it loads the map library (maplibre, or
// mapbox when a token is configured) and draws; when WebGL is missing, the library fails to load,
// the map cannot be created or does not load within 10 s (spec 3 §9), the canvas map takes over
// with the reason. The map's code and base map are loaded only here.
import { Component, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type * as CanvasMapModule from "./canvas-map";
import type { Drawn } from "./drawn";
import type * as MapDataModule from "./map-data";
import type { MapMode } from "./map-data";
import type * as MapViewModule from "./map-view";
import type { MapLibrary } from "./map-view";

/** Spec 3 §9: the map's request timeout. */
export const MAP_TIMEOUT_MS = 10_000;
/** Spec 3 §8's texts, for whatever maps service is used (not «Яндекс карт»). */
export const MAP_MESSAGES = {
  timeout: "Таймаут загрузки карт",
  load: "Ошибка загрузки карт",
  init: "Ошибка инициализации карт",
  create: "Ошибка создания карты",
  noWebgl: "Браузер не поддерживает WebGL",
} as const;

type MapLibraryWithGl = MapLibrary & { mapLib: unknown };
type Loaded = {
  view: typeof MapViewModule;
  canvas: typeof CanvasMapModule;
  data: typeof MapDataModule;
  library: MapLibraryWithGl | null;
};

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

/** A map that throws while it is created falls back instead of taking the page down. */
class CreationGuard extends Component<{ onFail: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("map creation failed", error);
    this.props.onFail();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function CanvasMap({ loaded, geo, mode }: { loaded: Loaded; geo: Drawn; mode: MapMode }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const layers = loaded.data.mapLayersOf(geo);
  const plan = loaded.canvas.canvasPlan(layers, mode);
  useEffect(() => {
    const context = ref.current?.getContext("2d");
    if (context) loaded.canvas.drawPlan(context, plan);
  });
  const empty = plan.some((shape) => shape.kind === "text");
  return (
    <canvas
      ref={ref}
      width={800}
      height={400}
      className="h-auto w-full rounded-lg ring-1 ring-slate-200"
      data-testid="map-canvas"
      data-shapes={plan.filter((shape) => shape.kind !== "outline").length}
      role="img"
      aria-label={empty ? loaded.canvas.CANVAS_EMPTY_TEXT : "Упрощённая карта перевозок"}
    />
  );
}

/**
 * The map of `geo`'s drawn items; null while the page still reads them (the map says it is
 * loading until it has both its code and its items).
 */
export function TransportMap({
  geo,
  mode,
  token,
}: {
  geo: Drawn | null;
  mode: MapMode;
  token: string | null;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const [visible, setVisible] = useState<string[] | null>(null);
  const ready = visible !== null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const fail = (reason: string) => !cancelled && setFallback((current) => current ?? reason);
    const webgl = webglAvailable();
    const common = Promise.all([import("./map-view"), import("./canvas-map"), import("./map-data")]);
    // Each library with its GL module: maplibre's worker is a module file of its own, which the
    // bundler emits as an asset only when asked (`?url`); mapbox-gl carries its worker inline.
    const library: Promise<MapLibraryWithGl | null> = !webgl
      ? Promise.resolve(null)
      : token
        ? Promise.all([
            import("react-map-gl/mapbox"),
            import("mapbox-gl"),
            import("mapbox-gl/dist/mapbox-gl.css"),
          ]).then(([lib, gl]) => ({ ...(lib as unknown as MapLibrary), mapLib: gl.default as unknown }))
        : Promise.all([
            import("react-map-gl/maplibre"),
            import("maplibre-gl"),
            import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
            import("maplibre-gl/dist/maplibre-gl.css"),
          ]).then(([lib, gl, worker]) => {
            gl.setWorkerUrl(worker.default);
            return { ...(lib as MapLibrary), mapLib: gl as unknown };
          });
    common
      .then(async ([view, canvas, data]) => {
        if (!webgl) fail(MAP_MESSAGES.noWebgl);
        const lib = await library.catch((error: unknown) => {
          console.error("map library failed to load", error);
          fail(MAP_MESSAGES.load);
          return null;
        });
        if (!cancelled) setLoaded({ view, canvas, data, library: lib });
      })
      .catch((error: unknown) => {
        console.error("map code failed to load", error);
        fail(MAP_MESSAGES.load);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
  }, [token]);

  // The 10 s run from when the map has its items to draw (the page may read them after it opens).
  const drawable = geo !== null;
  useEffect(() => {
    if (!drawable || !webglAvailable()) return;
    timer.current = setTimeout(
      () => setFallback((current) => current ?? MAP_MESSAGES.timeout),
      MAP_TIMEOUT_MS,
    );
    return () => clearTimeout(timer.current);
  }, [drawable, token]);

  const onReady = useCallback((layers: string[]) => {
    // Loaded in time: the timeout no longer applies.
    clearTimeout(timer.current);
    setVisible(layers);
  }, []);
  const onFail = useCallback((reason: string) => setFallback((current) => current ?? reason), []);
  const renderer = !geo ? "loading" : fallback ? "canvas" : ready ? "webgl" : "loading";
  return (
    <div
      data-testid="transport-map"
      data-renderer={renderer}
      data-mode={mode}
      data-layers={visible?.join(" ") ?? ""}
      className="space-y-2"
    >
      {fallback ? (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {fallback}. Показана упрощённая карта.
        </p>
      ) : null}
      {!loaded || !geo ? (
        <div className="flex h-[480px] items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-500 ring-1 ring-slate-200">
          Загрузка карты…
        </div>
      ) : fallback || !loaded.library ? (
        <CanvasMap loaded={loaded} geo={geo} mode={mode} />
      ) : (
        <div className="overflow-hidden rounded-lg ring-1 ring-slate-200">
          <CreationGuard onFail={() => onFail(MAP_MESSAGES.create)}>
            <loaded.view.MapView
              library={loaded.library}
              token={token}
              layers={loaded.data.mapLayersOf(geo)}
              mode={mode}
              onReady={onReady}
              onFail={() => onFail(MAP_MESSAGES.init)}
            />
          </CreationGuard>
        </div>
      )}
    </div>
  );
}
