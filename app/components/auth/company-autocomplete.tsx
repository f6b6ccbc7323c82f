import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import type { CompanySuggestion } from "../../../workers/core/companies/suggest";
import type { Envelope } from "../../../workers/web/wiring";
import { SuggestionList, suggestionKeys } from "~/components/ui/suggestion-list";

export type { CompanySuggestion };

const MIN_QUERY = 2;
const CLOSE_DELAY_MS = 150;
const DEBOUNCE_MS = 250;

type Props = {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: string[];
  onSelect: (company: CompanySuggestion) => void;
  /** The name was typed over: details filled from an earlier choice no longer belong to it. */
  onEdit: () => void;
};

/**
 * Company name input with suggestions from the server-side look-up: starts at 2 typed
 * characters, shows up to 10, closes 150 ms after focus leaves (so a click can land).
 */
export function CompanyAutocomplete({ inputProps, errors, onSelect, onEdit }: Props) {
  const listId = useId();
  const [query, setQuery] = useState(String(inputProps.defaultValue ?? ""));
  const [items, setItems] = useState<CompanySuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  /** The query the current `items` answer; lets "nothing found" show only after a search. */
  const [answered, setAnswered] = useState("");
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const picked = useRef(false);

  useEffect(() => {
    const trimmed = query.trim();
    if (picked.current || trimmed.length < MIN_QUERY) {
      picked.current = false;
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const response = await fetch(`/api/companies/suggest?${new URLSearchParams({ query: trimmed })}`, {
          signal: controller.signal,
        });
        const body = (await response.json()) as Envelope<CompanySuggestion[]>;
        setItems(body.success && body.data ? body.data.slice(0, 10) : []);
        setAnswered(trimmed);
        setActive(-1);
      } catch {
        if (!controller.signal.aborted) setItems([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);

  function choose(item: CompanySuggestion) {
    picked.current = true;
    setQuery(item.data.name.short_with_opf ?? item.value);
    setOpen(false);
    setItems([]);
    onSelect(item);
  }

  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const expanded = open && items.length > 0;
  const nothingFound = open && !loading && items.length === 0 && answered !== "" && answered === query.trim();
  return (
    <div className="relative">
      <label htmlFor={inputProps.id} className="mb-1 block text-sm font-medium text-slate-700">
        Название компании
      </label>
      <input
        {...inputProps}
        defaultValue={undefined}
        value={query}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        autoComplete="off"
        placeholder="Начните вводить название или ИНН"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          onEdit();
          inputProps.onChange?.(event);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(event) => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
          inputProps.onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (expanded)
            suggestionKeys(event, { items, active, setActive, choose, close: () => setOpen(false) });
        }}
        className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${
          errorId ? "border-red-500" : "border-slate-300"
        }`}
      />
      {loading ? <span className="absolute right-3 top-9 text-xs text-slate-400">поиск…</span> : null}
      {expanded ? (
        <SuggestionList
          id={listId}
          label="Найденные компании"
          items={items}
          active={active}
          keyOf={(item, index) => `${item.data.inn}-${item.data.kpp}-${index}`}
          onChoose={(item) => {
            clearTimeout(closeTimer.current);
            choose(item);
          }}
        >
          {(item) => (
            <>
              <div className="font-medium text-slate-900">{item.data.name.short_with_opf ?? item.value}</div>
              <div className="text-xs text-slate-500">
                ИНН {item.data.inn}
                {item.data.address.value ? ` · ${item.data.address.value}` : ""}
              </div>
            </>
          )}
        </SuggestionList>
      ) : null}
      {nothingFound ? (
        <p className="mt-1 text-sm text-slate-500" role="status">
          Компания не найдена. Проверьте название или ИНН либо введите название вручную.
        </p>
      ) : null}
      {errorId ? (
        <ul id={errorId} className="mt-1 text-sm text-red-600" role="alert">
          {errors?.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
