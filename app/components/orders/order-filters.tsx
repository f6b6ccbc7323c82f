import { Form, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { ORDER_STATUSES } from "../../../workers/core/orders/vocabulary";
import { track } from "~/lib/analytics";
import { ORDER_PRIORITIES, ORDER_STATUS_LABELS, PRIORITY_LABELS } from "./order-presentation";

/** How long typing may pause before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;
/** Shorter terms are searched but not logged (spec 2 §5). */
const MIN_LOGGED_TERM = 3;

const selectClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";

type Option = { value: string; label: string };

/**
 * Spec 2 §2.1's status filter: «свободен» is not among its options (those orders are under «Все
 * статусы»); a link that asks for it still gets its option, so the select shows what is listed.
 */
const statusOptions = (chosen: string | null): Option[] => [
  { value: "all", label: "Все статусы" },
  ...ORDER_STATUSES.filter((status) => status !== "свободен" || status === chosen).map((status) => ({
    value: status,
    label: ORDER_STATUS_LABELS[status],
  })),
];
const PRIORITY_OPTIONS: Option[] = [
  { value: "all", label: "Все" },
  ...ORDER_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] })),
];

/**
 * Search and filters of the orders page. Their state is the URL (`q`, `platform`, `status`,
 * `priority`), so a filtered list can be shared, reloaded and left with «Назад».
 */
export function OrderFilters({ platformOptions }: { platformOptions: Option[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  // While the next list loads, the controls show what was chosen, not the list still on screen.
  const shown =
    navigation.location?.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search)
      : searchParams;

  // The debounced search runs after later renders: it must use the newest URL, not the one of
  // the keystroke that scheduled it.
  const setParams = useRef(setSearchParams);
  setParams.current = setSearchParams;

  const updateParam = (name: string, value: string, options: { replace?: boolean } = {}) =>
    setParams.current(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== "all") next.set(name, value);
        else next.delete(name);
        // Another server filter means another list: back to its first page.
        if (name !== "priority") for (const paging of ["page", "after", "before"]) next.delete(paging);
        return next;
      },
      { preventScrollReset: true, ...options },
    );

  const urlTerm = searchParams.get("q") ?? "";
  const [term, setTerm] = useState(urlTerm);
  const lastSearched = useRef(urlTerm);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // The URL changed under the box («Назад», a link): show its term, unless it is the one we sent.
  useEffect(() => {
    if (urlTerm !== lastSearched.current) {
      lastSearched.current = urlTerm;
      setTerm(urlTerm);
    }
  }, [urlTerm]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed === lastSearched.current) return;
    lastSearched.current = trimmed;
    updateParam("q", trimmed, { replace: true });
    if (trimmed.length >= MIN_LOGGED_TERM) {
      track({ eventType: "search", eventCategory: "orders", eventAction: "search", eventLabel: trimmed });
    }
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setTerm(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(value), SEARCH_DEBOUNCE_MS);
  };

  // Enter searches at once; without JavaScript the form is an ordinary GET of the same URL.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(term);
  };

  const select = (name: string, label: string, options: Option[]) => (
    <div>
      <label htmlFor={`orders-${name}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`orders-${name}`}
        name={name}
        value={shown.get(name) ?? "all"}
        onChange={(event) => updateParam(name, event.target.value)}
        className={selectClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Form
      method="get"
      role="search"
      aria-label="Поиск и фильтры заказов"
      onSubmit={onSubmit}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <div className="sm:col-span-3 lg:col-span-1">
        <label htmlFor="orders-q" className={labelClass}>
          Поиск
        </label>
        <input
          id="orders-q"
          type="search"
          name="q"
          value={term}
          onChange={onType}
          placeholder="Поиск по отправителю, получателю, описанию груза…"
          autoComplete="off"
          maxLength={100}
          className={selectClass}
        />
      </div>
      {select("platform", "Платформа", platformOptions)}
      {select("status", "Статус", statusOptions(shown.get("status")))}
      {select("priority", "Приоритет", PRIORITY_OPTIONS)}
    </Form>
  );
}
