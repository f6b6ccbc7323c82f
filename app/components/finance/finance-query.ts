/**
 * What the /finance and /factoring URLs say: the tab, the history's filters and page, the ready
 * tab's EDO period. A value that cannot be read (hand-edited, stale) is ignored, never an error.
 */
export const FINANCE_TABS = ["overview", "ready", "history", "requisites"] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

export const FINANCE_TAB_LABELS: Record<FinanceTab, string> = {
  overview: "Обзор",
  ready: "Готовые к оплате",
  history: "История",
  requisites: "Реквизиты",
};

export function financeTabOf(
  params: URLSearchParams,
  tabs: readonly FinanceTab[] = FINANCE_TABS,
): FinanceTab {
  const tab = params.get("tab");
  return tabs.find((known) => known === tab) ?? "overview";
}

export const HISTORY_TYPES = ["payment", "payout", "quick"] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const HISTORY_STATUSES = ["completed", "pending", "failed"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const HISTORY_TYPE_LABELS: Record<HistoryType | "all", string> = {
  all: "Все операции",
  payment: "Поступления",
  payout: "Выплаты",
  quick: "Быстрая оплата",
};

export const HISTORY_STATUS_LABELS: Record<HistoryStatus | "all", string> = {
  all: "Все статусы",
  completed: "Выполнен",
  pending: "В обработке",
  failed: "Отклонён",
};

export type HistoryQuery = {
  type?: HistoryType;
  status?: HistoryStatus;
  /** The last operation of the previous page (keyset), when this is not the first page. */
  after?: { at: number; movementId: string };
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/** `after=<ms>:<movement id>`, as the list's «Дальше» link writes it. */
function cursorOf(value: string | null): HistoryQuery["after"] {
  const match = value ? /^(\d{1,15}):([\w:.-]{1,200})$/.exec(value) : null;
  return match ? { at: Number(match[1]), movementId: match[2]! } : undefined;
}

export function historyQueryOf(params: URLSearchParams): HistoryQuery {
  return {
    type: oneOf(HISTORY_TYPES, params.get("type")),
    status: oneOf(HISTORY_STATUSES, params.get("status")),
    after: cursorOf(params.get("after")),
  };
}

export const cursorParam = (last: { at: number; movementId: string }) => `${last.at}:${last.movementId}`;

/** EDO periods of the ready tab (spec 3 §2, §9): 2024 and 2025 by quarter, or 0 for all. */
export const READY_PERIODS = [
  { value: 0, label: "Все периоды" },
  ...[2025, 2024].flatMap((year) =>
    [4, 3, 2, 1].map((quarter) => ({ value: year * 10 + quarter, label: `${quarter} квартал ${year}` })),
  ),
] as const;

export function readyPeriodOf(params: URLSearchParams): number {
  const period = Number(params.get("period"));
  return READY_PERIODS.some((known) => known.value === period) ? period : 0;
}

/**
 * The URL of the same page with `changes` applied (a null value removes the parameter). A change
 * of filter or tab drops the page cursor: the new list starts from its first page.
 */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  if (!("after" in changes)) next.delete("after");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "?";
}
