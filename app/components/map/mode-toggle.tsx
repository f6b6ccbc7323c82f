import { ToggleGroup } from "~/components/ui/toggle-group";
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
    <ToggleGroup
      label="Режим карты"
      options={modes.map((item) => ({ value: item, label: MAP_MODE_LABELS[item] }))}
      value={mode}
      onChange={onChange}
    />
  );
}
