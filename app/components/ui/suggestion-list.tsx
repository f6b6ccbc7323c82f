import type { KeyboardEvent, ReactNode } from "react";

/**
 * The list under a type-ahead field (ARIA combobox + listbox): each option by its index in the
 * field's `aria-activedescendant`, chosen by a click that does not take focus from the field.
 */
export function SuggestionList<T>({
  id,
  label,
  items,
  active,
  keyOf,
  onChoose,
  children,
}: {
  id: string;
  label: string;
  items: readonly T[];
  active: number;
  keyOf: (item: T, index: number) => string;
  onChoose: (item: T) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
    >
      {items.map((item, index) => (
        <li
          key={keyOf(item, index)}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(item)}
          className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** The field's keys while its list is open: arrows move, Enter chooses, Escape closes. */
export function suggestionKeys<T>(
  event: KeyboardEvent<HTMLInputElement>,
  list: {
    items: readonly T[];
    active: number;
    setActive: (update: (index: number) => number) => void;
    choose: (item: T) => void;
    close: () => void;
  },
) {
  const count = list.items.length;
  if (event.key === "ArrowDown") {
    event.preventDefault();
    list.setActive((i) => (i + 1) % count);
  } else if (event.key === "ArrowUp") {
    event.preventDefault();
    list.setActive((i) => (i <= 0 ? count - 1 : i - 1));
  } else if (event.key === "Enter" && list.active >= 0) {
    event.preventDefault();
    list.choose(list.items[list.active]!);
  } else if (event.key === "Escape") {
    list.close();
  }
}
