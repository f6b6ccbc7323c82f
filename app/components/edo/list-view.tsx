// The documents list's layout on a wide screen (issue 24 item 10; decision 0072): one row per
// chain or the full cards, the user's choice kept on the server (POST /api/settings) so it
// follows the user to another device. A phone shows cards whatever is chosen.
import { useState } from "react";
import { toast } from "sonner";
import type { ListView } from "../../../workers/core/settings/settings";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { track } from "~/lib/analytics";

export type { ListView };

export const LIST_VIEW_SAVE_FAILED = "Не удалось сохранить вид списка";

/** Choices reach the server one after another, so the last one made is the one kept. */
let saving = Promise.resolve();

async function save(view: ListView): Promise<void> {
  const response = await fetch("/api/settings", {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ edoListView: view }),
  });
  if (!response.ok) throw new Error(`settings: ${response.status}`);
}

/** The view the page was rendered with, switched at once and stored in the background. */
export function useListView(stored: ListView): [ListView, (view: ListView) => void] {
  const [view, setView] = useState(stored);
  const choose = (next: ListView) => {
    if (next === view) return;
    setView(next);
    track({ eventType: "click", eventCategory: "edo", eventAction: "list_view_changed", eventLabel: next });
    saving = saving.then(() => save(next)).catch(() => void toast.error(LIST_VIEW_SAVE_FAILED));
  };
  return [view, choose];
}

const OPTIONS: { value: ListView; label: string }[] = [
  { value: "compact", label: "Компактно" },
  { value: "cards", label: "Карточки" },
];

/** «Компактно» / «Карточки»: shown on wide screens only, where the choice changes anything. */
export function ListViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  return (
    <ToggleGroup
      label="Вид списка"
      options={OPTIONS}
      value={view}
      onChange={onChange}
      className="hidden lg:inline-flex"
    />
  );
}
