// The EDO filter panel's state: its URL form (the API's filter names, so a filtered list can be
// shared and reloaded) and its saved form (spec 2 §3 «Saved EDO filter state», kept in
// localStorage), with the one table that maps between them.
import {
  DEFAULT_EDO_CATEGORY,
  EDO_CATEGORIES,
  EDO_PERIODS,
  type EdoCategory,
} from "../../../workers/core/edo/vocabulary";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./presentation";

export const SAVED_FILTERS_KEY = "edo-filters-state";

export type EdoFilterState = {
  period: number;
  /** "" = every status. */
  status: string;
  category: EdoCategory;
  search: string;
  /** YYYY-MM-DD or "". */
  dateFrom: string;
  dateTo: string;
  expired: boolean;
  deleted: boolean;
  shipperInn: string;
  receiverInn: string;
  carrierInn: string;
  vehicleNumber: string;
  driverName: string;
  tripNumber: string;
  documentNumber: string;
  /** "" = every type. */
  documentType: string;
  hasRoute: boolean;
  hasCargo: boolean;
  /** Part of the saved shape (spec 2 §3); the operator has no such filter, so it stays false. */
  hasSignatures: boolean;
  page: number;
  limit: number;
};

export const DEFAULT_FILTER_STATE: EdoFilterState = {
  period: 0,
  status: "",
  category: DEFAULT_EDO_CATEGORY,
  search: "",
  dateFrom: "",
  dateTo: "",
  expired: false,
  deleted: false,
  shipperInn: "",
  receiverInn: "",
  carrierInn: "",
  vehicleNumber: "",
  driverName: "",
  tripNumber: "",
  documentNumber: "",
  documentType: "",
  hasRoute: false,
  hasCargo: false,
  hasSignatures: false,
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
};

/** Saved-state name → URL (and API) parameter name: the one place the two meet. */
export const URL_PARAM_OF = {
  period: "period",
  status: "status",
  category: "category",
  search: "search",
  dateFrom: "dateFrom",
  dateTo: "dateTo",
  expired: "expired",
  deleted: "deleted",
  shipperInn: "goInn",
  receiverInn: "gpInn",
  carrierInn: "tkInn",
  vehicleNumber: "transport",
  driverName: "driver",
  tripNumber: "trip",
  documentNumber: "docNum",
  documentType: "docType",
  hasRoute: "hasRoute",
  hasCargo: "hasCargo",
  page: "page",
  limit: "limit",
} as const satisfies Record<Exclude<keyof EdoFilterState, "hasSignatures">, string>;

/** The API's filter parameters, as the documents query reads them from the page URL. */
export const API_FILTER_PARAMS = Object.entries(URL_PARAM_OF)
  .filter(([field]) => field !== "page" && field !== "limit")
  .map(([, param]) => param);

const TEXT_FIELDS = [
  "status",
  "search",
  "dateFrom",
  "dateTo",
  "shipperInn",
  "receiverInn",
  "carrierInn",
  "vehicleNumber",
  "driverName",
  "tripNumber",
  "documentNumber",
  "documentType",
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const FLAG_FIELDS = ["expired", "deleted", "hasRoute", "hasCargo"] as const;
type FlagField = (typeof FLAG_FIELDS)[number];

/** The fields of the advanced part of the panel. */
export const ADVANCED_FIELDS = [
  "shipperInn",
  "receiverInn",
  "carrierInn",
  "vehicleNumber",
  "driverName",
  "tripNumber",
  "documentNumber",
  "documentType",
  "expired",
  "deleted",
  "hasRoute",
  "hasCargo",
] as const satisfies readonly (keyof EdoFilterState)[];

const MAX_TEXT = 200;

/** 10, 20, 50 or 100; anything else is the default page size. */
export function pageSizeOf(value: unknown): number {
  const size = typeof value === "string" ? Number(value) : value;
  return (PAGE_SIZES as readonly unknown[]).includes(size) ? (size as number) : DEFAULT_PAGE_SIZE;
}

/** A page number from 1 up; anything else is the first page. */
export function pageOf(value: unknown): number {
  const page = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof page === "number" && Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

const periodOf = (value: unknown): number => {
  const period = typeof value === "string" ? Number(value) : value;
  return (EDO_PERIODS as readonly unknown[]).includes(period) ? (period as number) : 0;
};

const categoryOf = (value: unknown): EdoCategory =>
  (EDO_CATEGORIES as readonly unknown[]).includes(value) ? (value as EdoCategory) : DEFAULT_EDO_CATEGORY;

/** A state from loosely typed values (the URL's, or what localStorage held): what cannot be read is the default. */
function normalized(raw: Partial<Record<keyof EdoFilterState, unknown>>): EdoFilterState {
  const state: EdoFilterState = {
    ...DEFAULT_FILTER_STATE,
    period: periodOf(raw.period),
    category: categoryOf(raw.category),
    page: pageOf(raw.page),
    limit: pageSizeOf(raw.limit),
  };
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === "string") state[field] = value.trim().slice(0, MAX_TEXT);
  }
  for (const field of FLAG_FIELDS) state[field] = raw[field] === true;
  return state;
}

export function filterStateFromParams(params: URLSearchParams): EdoFilterState {
  const raw: Partial<Record<keyof EdoFilterState, unknown>> = {};
  for (const [field, param] of Object.entries(URL_PARAM_OF) as [keyof typeof URL_PARAM_OF, string][]) {
    const value = params.get(param);
    if (value === null) continue;
    raw[field] = (FLAG_FIELDS as readonly string[]).includes(field) ? value === "true" : value;
  }
  return normalized(raw);
}

/** The URL of a state: only what differs from the defaults, so the plain /edo is the default list. */
export function filterStateParams(state: EdoFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.period !== DEFAULT_FILTER_STATE.period) params.set(URL_PARAM_OF.period, String(state.period));
  for (const field of TEXT_FIELDS) {
    const value = state[field].trim();
    if (value) params.set(URL_PARAM_OF[field], value);
  }
  if (state.category !== DEFAULT_FILTER_STATE.category) params.set(URL_PARAM_OF.category, state.category);
  for (const field of FLAG_FIELDS) if (state[field]) params.set(URL_PARAM_OF[field], "true");
  if (state.page > 1) params.set(URL_PARAM_OF.page, String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set(URL_PARAM_OF.limit, String(state.limit));
  return params;
}

/** What localStorage held, or null when it holds nothing readable. */
export function parseSavedFilterState(json: string | null): EdoFilterState | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return normalized(value as Partial<Record<keyof EdoFilterState, unknown>>);
}

const differs = (state: EdoFilterState, field: TextField | FlagField | "period" | "category") =>
  typeof state[field] === "string"
    ? String(state[field]).trim() !== DEFAULT_FILTER_STATE[field]
    : state[field] !== DEFAULT_FILTER_STATE[field];

/** How many filters are not at their default (the panel's indicator); the page and its size are not filters. */
export function activeFilterCount(state: EdoFilterState): number {
  const fields = ["period", "category", ...TEXT_FIELDS, ...FLAG_FIELDS] as const;
  return fields.filter((field) => differs(state, field)).length;
}

export function advancedFilterCount(state: EdoFilterState): number {
  return ADVANCED_FIELDS.filter((field) => differs(state, field)).length;
}

export type FilterErrors = Partial<Record<"shipperInn" | "receiverInn" | "carrierInn" | "dateFrom", string>>;

const INN_ERROR = "ИНН — 10 или 12 цифр";

/** What «Применить» refuses: the server would ignore these values. */
export function filterErrors(state: EdoFilterState): FilterErrors {
  const errors: FilterErrors = {};
  for (const field of ["shipperInn", "receiverInn", "carrierInn"] as const) {
    const value = state[field].trim();
    if (value && !/^(\d{10}|\d{12})$/.test(value)) errors[field] = INN_ERROR;
  }
  if (state.dateFrom && state.dateTo && state.dateFrom > state.dateTo) {
    errors.dateFrom = "Дата «с» не может быть позже даты «по»";
  }
  return errors;
}

export const QUICK_RANGES = [
  { id: "today", label: "Сегодня" },
  { id: "week", label: "7 дней" },
  { id: "month30", label: "30 дней" },
  { id: "thisMonth", label: "Текущий месяц" },
  { id: "lastMonth", label: "Прошлый месяц" },
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number]["id"];

/** The operator's clock: Moscow, UTC+3 all year. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The Moscow days a quick range covers on the day `now` falls on in Moscow. */
export function quickRangeDates(range: QuickRange, now: number): { dateFrom: string; dateTo: string } {
  const today = new Date(now + MOSCOW_OFFSET_MS);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const daysBack = (days: number) => dayOf(new Date(today.getTime() - days * DAY_MS));
  switch (range) {
    case "today":
      return { dateFrom: dayOf(today), dateTo: dayOf(today) };
    case "week":
      return { dateFrom: daysBack(6), dateTo: dayOf(today) };
    case "month30":
      return { dateFrom: daysBack(29), dateTo: dayOf(today) };
    case "thisMonth":
      return { dateFrom: dayOf(new Date(Date.UTC(year, month, 1))), dateTo: dayOf(today) };
    case "lastMonth":
      return {
        dateFrom: dayOf(new Date(Date.UTC(year, month - 1, 1))),
        dateTo: dayOf(new Date(Date.UTC(year, month, 0))),
      };
  }
}
