import { MAP_MODE_LABELS, MAP_MODES, type MapMode } from "./modes";

/** The map's mode buttons (spec 3 §4 «map modes»): markers, heatmap, routes. */
export function MapModeToggle({
  mode,
  onChange,
  modes = MAP_MODES,
}: {
  mode: MapMode;
  onChange: (mode: MapMode) => void;
  modes?: readonly MapMode[];
}) {
  return (
    <div role="group" aria-label="Режим карты" className="inline-flex rounded-lg ring-1 ring-slate-300">
      {modes.map((item) => (
        <button
          key={item}
          type="button"
          aria-pressed={item === mode}
          onClick={() => onChange(item)}
          className={`px-3 py-1.5 text-sm first:rounded-l-lg last:rounded-r-lg ${
            item === mode ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"
          }`}
        >
          {MAP_MODE_LABELS[item]}
        </button>
      ))}
    </div>
  );
}
