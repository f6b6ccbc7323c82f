/**
 * A row of buttons of which one is on (`aria-pressed`), in a labelled group: a switch between a
 * few modes or views.
 */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  className = "inline-flex",
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Its display (`inline-flex`, or responsive classes that show it only at some widths). */
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={`rounded-lg ring-1 ring-slate-300 ${className}`}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`px-3 py-1.5 text-sm first:rounded-l-lg last:rounded-r-lg ${
            option.value === value ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
