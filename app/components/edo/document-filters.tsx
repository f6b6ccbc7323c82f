import { useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import {
  activeFilterCount,
  advancedFilterCount,
  DEFAULT_FILTER_STATE,
  filterErrors,
  filterStateFromParams,
  filterStateParams,
  QUICK_RANGES,
  quickRangeDates,
  URL_PARAM_OF,
  type EdoFilterState,
  type FilterErrors,
} from "./filter-state";
import {
  CATEGORY_OPTIONS,
  DOCUMENT_TYPE_OPTIONS,
  PERIOD_OPTIONS,
  STATUS_FILTER_OPTIONS,
  type Option,
} from "./presentation";
import { saveFilterState } from "./use-saved-filters";
import { Button } from "~/components/ui/button";
import { Chevron } from "~/components/ui/chevron";

const inputClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";
const chipClass =
  "rounded-full px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";

type InnField = "shipperInn" | "receiverInn" | "carrierInn";
type TextField = "vehicleNumber" | "driverName" | "tripNumber" | "documentNumber";
type FlagField = "expired" | "deleted" | "hasRoute" | "hasCargo";

const INN_FIELDS: { field: InnField; label: string }[] = [
  { field: "shipperInn", label: "ИНН грузоотправителя" },
  { field: "receiverInn", label: "ИНН грузополучателя" },
  { field: "carrierInn", label: "ИНН перевозчика" },
];

const TEXT_FIELDS: { field: TextField; label: string }[] = [
  { field: "vehicleNumber", label: "Номер ТС" },
  { field: "driverName", label: "ФИО водителя" },
  { field: "tripNumber", label: "Номер рейса" },
  { field: "documentNumber", label: "Номер документа" },
];

const FLAGS: { field: FlagField; label: string }[] = [
  { field: "expired", label: "Просроченные" },
  { field: "deleted", label: "Удалённые" },
  { field: "hasRoute", label: "С маршрутом" },
  { field: "hasCargo", label: "С грузом" },
];

/**
 * The documents' filter panel (spec 2 §2.5). What is typed stays a draft until «Применить»
 * puts it in the URL (the API's filter names, first page); «Сбросить» returns to the defaults.
 */
export function DocumentFilters() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const searchKey = searchParams.toString();
  const applied = useMemo(() => filterStateFromParams(new URLSearchParams(searchKey)), [searchKey]);
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [open, setOpen] = useState(true);
  const [advancedOpen, setAdvancedOpen] = useState(() => advancedFilterCount(applied) > 0);
  const bodyId = useId();
  const advancedId = useId();
  const active = activeFilterCount(applied);
  const advancedActive = advancedFilterCount(applied);

  // Another list in the URL («Назад», a page link, the saved filters restored): show its filters.
  useEffect(() => {
    setDraft(applied);
    setErrors({});
    if (advancedFilterCount(applied) > 0) setAdvancedOpen(true);
  }, [applied]);

  const set = <K extends keyof EdoFilterState>(field: K, value: EdoFilterState[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const show = (state: EdoFilterState) => {
    const search = filterStateParams(state).toString();
    navigate({ search: search ? `?${search}` : "" }, { preventScrollReset: true });
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = filterErrors(draft);
    setErrors(found);
    const invalid = Object.keys(found)[0] as keyof FilterErrors | undefined;
    if (invalid) {
      if (invalid !== "dateFrom") setAdvancedOpen(true);
      // After the render that shows the errors (and opens the advanced part).
      setTimeout(() => document.getElementById(`edo-filter-${invalid}`)?.focus());
      return;
    }
    show({ ...draft, page: 1, limit: applied.limit });
  };

  const reset = () => {
    // The page size is how the list is read, not a filter: it stays.
    const defaults = { ...DEFAULT_FILTER_STATE, limit: applied.limit };
    setDraft(defaults);
    setErrors({});
    saveFilterState(defaults);
    show(defaults);
  };

  const errorProps = (field: keyof FilterErrors) =>
    errors[field]
      ? { "aria-invalid": true, "aria-describedby": `edo-filter-${field}-error` }
      : { "aria-invalid": undefined, "aria-describedby": undefined };

  const errorText = (field: keyof FilterErrors) =>
    errors[field] ? (
      <p id={`edo-filter-${field}-error`} role="alert" className="mt-1 text-sm text-red-600">
        {errors[field]}
      </p>
    ) : null;

  const select = (
    field: "period" | "status" | "category" | "documentType",
    label: string,
    options: Option[],
  ) => (
    <div>
      <label htmlFor={`edo-filter-${field}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`edo-filter-${field}`}
        name={URL_PARAM_OF[field]}
        value={String(draft[field])}
        onChange={(event) => {
          const value = event.target.value;
          if (field === "period") set("period", Number(value));
          else if (field === "category") set("category", value as EdoFilterState["category"]);
          else set(field, value);
        }}
        className={`${inputClass} border-slate-300`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  const innInput = (field: InnField, label: string) => (
    <div key={field}>
      <label htmlFor={`edo-filter-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`edo-filter-${field}`}
        name={URL_PARAM_OF[field]}
        type="text"
        value={draft[field]}
        // Digits only, at most 12: what an INN can be.
        onChange={(event) => set(field, event.target.value.replace(/\D/g, "").slice(0, 12))}
        autoComplete="off"
        inputMode="numeric"
        maxLength={12}
        className={`${inputClass} ${errors[field] ? "border-red-500" : "border-slate-300"}`}
        {...errorProps(field)}
      />
      {errorText(field)}
    </div>
  );

  const textInput = (field: TextField, label: string) => (
    <div key={field}>
      <label htmlFor={`edo-filter-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`edo-filter-${field}`}
        name={URL_PARAM_OF[field]}
        type="text"
        value={draft[field]}
        onChange={(event) => set(field, event.target.value)}
        autoComplete="off"
        maxLength={200}
        className={`${inputClass} border-slate-300`}
      />
    </div>
  );

  const date = (field: "dateFrom" | "dateTo", label: string) => (
    <div>
      <label htmlFor={`edo-filter-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`edo-filter-${field}`}
        name={URL_PARAM_OF[field]}
        type="date"
        value={draft[field]}
        onChange={(event) => set(field, event.target.value)}
        className={`${inputClass} ${field === "dateFrom" && errors.dateFrom ? "border-red-500" : "border-slate-300"}`}
        {...(field === "dateFrom" ? errorProps("dateFrom") : {})}
      />
      {field === "dateFrom" ? errorText("dateFrom") : null}
    </div>
  );

  return (
    <section
      aria-label="Фильтры документов"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex items-center gap-2 rounded-lg hover:text-brand-700"
          >
            Фильтры
            <Chevron open={open} />
          </button>
        </h2>
        {active > 0 ? (
          <span
            className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-700"
            data-testid="edo-active-filters"
          >
            Активных фильтров: {active}
          </span>
        ) : null}
      </div>

      <form id={bodyId} hidden={!open} method="get" onSubmit={apply} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor="edo-filter-search" className={labelClass}>
            Поиск
          </label>
          <input
            id="edo-filter-search"
            name={URL_PARAM_OF.search}
            type="search"
            value={draft.search}
            onChange={(event) => set("search", event.target.value)}
            placeholder="Поиск по номеру, участникам, адресам, ТС, водителю"
            autoComplete="off"
            maxLength={200}
            className={`${inputClass} border-slate-300`}
          />
        </div>

        <div className="grid gap-3 sm:grid-cols-3">
          {select("period", "Период", PERIOD_OPTIONS)}
          {select("status", "Статус", STATUS_FILTER_OPTIONS)}
          {select("category", "Категория", CATEGORY_OPTIONS)}
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          {date("dateFrom", "Дата с")}
          {date("dateTo", "Дата по")}
        </div>

        <div role="group" aria-label="Быстрый выбор дат" className="flex flex-wrap gap-2">
          {QUICK_RANGES.map((range) => (
            <button
              key={range.id}
              type="button"
              className={chipClass}
              onClick={() =>
                setDraft((current) => ({ ...current, ...quickRangeDates(range.id, Date.now()) }))
              }
            >
              {range.label}
            </button>
          ))}
        </div>

        <div>
          <button
            type="button"
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            onClick={() => setAdvancedOpen((value) => !value)}
            className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
          >
            Расширенные фильтры
            <Chevron open={advancedOpen} />
          </button>
          {advancedActive > 0 ? (
            <span className="ml-2 text-sm text-slate-600">(активных: {advancedActive})</span>
          ) : null}
        </div>

        <div id={advancedId} hidden={!advancedOpen} className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-3">
            {INN_FIELDS.map(({ field, label }) => innInput(field, label))}
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {TEXT_FIELDS.map(({ field, label }) => textInput(field, label))}
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {select("documentType", "Тип документа", DOCUMENT_TYPE_OPTIONS)}
          </div>
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className="sr-only">Признаки документов</legend>
            {FLAGS.map(({ field, label }) => (
              <label key={field} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name={URL_PARAM_OF[field]}
                  value="true"
                  checked={draft[field]}
                  onChange={(event) => set(field, event.target.checked)}
                  className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                />
                {label}
              </label>
            ))}
          </fieldset>
        </div>

        {/* Without scripts the form is a plain GET: the page size must survive it. */}
        {applied.limit !== DEFAULT_FILTER_STATE.limit ? (
          <input type="hidden" name={URL_PARAM_OF.limit} value={applied.limit} />
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={reset}>
            Сбросить
          </Button>
          <Button type="submit">Применить</Button>
        </div>
      </form>
    </section>
  );
}
