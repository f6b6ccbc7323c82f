// The EDO → orders sync (POST /api/edo/sync-to-orders) as the API and the orders page show it:
// its view and texts. No database code, so the page's browser bundle may import it.

/** Spec 2 §5 and §8's texts of the sync, and the server's own where the spec leaves them open. */
export const EDO_ORDERS_MESSAGES = {
  /** Spec 2 §5: syncing needs a saved EDO login. */
  loginFirst: 'Сначала авторизуйтесь в ЭДО через раздел "ЭДО"',
  started: "Синхронизация ЭДО с заказами запущена",
  queueFailed: "Не удалось поставить синхронизацию в очередь. Попробуйте ещё раз.",
  cancelled: "Синхронизация отменена: подключение к ЭДО изменилось.",
  lost: "Синхронизация прервалась. Запустите её снова.",
  failed: "Не удалось прочитать документы ЭДО. Созданные заказы сохранены; запустите синхронизацию снова.",
  noRoute: "Без адреса погрузки или выгрузки",
} as const;

/** The company's latest EDO → orders sync (GET /api/edo/sync-to-orders). */
export type EdoOrdersSyncView = {
  /** "none": never run for this EDO login. */
  status: "none" | "running" | "succeeded" | "failed";
  /** Docflows walked so far. */
  processed: number;
  /** Docflows to walk: counted when the run starts, exact when it ends; null before it is counted. */
  total: number | null;
  /** Orders made from docflows that had none. */
  created: number;
  /** Orders whose docflow changed what the order shows. */
  updated: number;
  /** Docflows that could not become an order (no route). */
  errors: number;
  /** Orders removed because their docflow was deleted or rejected (kept when payment was requested). */
  removed: number;
  /** Russian: which docflows could not become orders, by document number. */
  details: string | null;
  /** Russian: why the run failed. */
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};
