// A list's layout on a wide screen (issue 24; decisions 0072, 0083): one row per item or the full
// cards, the user's choice kept on the server (POST /api/settings) so it follows the user to
// another device. The EDO documents and the orders lists each have their own.
import { useState } from "react";
import { toast } from "sonner";
import type { ListView, UserSettings } from "../../../workers/core/settings/settings";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { track } from "~/lib/analytics";

export type { ListView };

/** The lists with a view of their own; each is the analytics section its switch is counted in. */
export type ListWithView = "edo" | "orders";

const SETTING: Record<ListWithView, keyof UserSettings> = {
  edo: "edoListView",
  orders: "ordersListView",
};

export const LIST_VIEW_SAVE_FAILED = "Не удалось сохранить вид списка";

/** Choices reach the server one after another, so the last one made is the one kept. */
let saving = Promise.resolve();

async function save(list: ListWithView, view: ListView): Promise<void> {
  const response = await fetch("/api/settings", {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ [SETTING[list]]: view }),
  });
  if (!response.ok) throw new Error(`settings: ${response.status}`);
}

/** The view the page was rendered with, switched at once and stored in the background. */
export function useListView(list: ListWithView, stored: ListView): [ListView, (view: ListView) => void] {
  const [view, setView] = useState(stored);
  const choose = (next: ListView) => {
    if (next === view) return;
    setView(next);
    track({ eventType: "click", eventCategory: list, eventAction: "list_view_changed", eventLabel: next });
    saving = saving.then(() => save(list, next)).catch(() => void toast.error(LIST_VIEW_SAVE_FAILED));
  };
  return [view, choose];
}

/** The compact list's opened rows, by item id: any number may be open; a toggle opens or folds one. */
export function useOpenRows(): [ReadonlySet<string>, (id: string) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((opened) => {
      const next = new Set(opened);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return [open, toggle];
}

const OPTIONS: { value: ListView; label: string }[] = [
  { value: "compact", label: "Компактно" },
  { value: "cards", label: "Карточки" },
];

/** «Компактно» / «Карточки»; `className` sets its display (where the choice changes anything). */
export function ListViewToggle({
  view,
  onChange,
  className,
}: {
  view: ListView;
  onChange: (view: ListView) => void;
  className: string;
}) {
  return (
    <ToggleGroup
      label="Вид списка"
      options={OPTIONS}
      value={view}
      onChange={onChange}
      className={className}
    />
  );
}
