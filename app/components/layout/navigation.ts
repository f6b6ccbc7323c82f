/** Sidebar sections (spec 1 §2 "Main layout"); `ready` marks the ones already built. */
export const NAV_ITEMS = [
  { to: "/dashboard", label: "Главная", ready: true },
  { to: "/platforms", label: "Платформы", ready: true },
  { to: "/dashboard/orders", label: "Заказы", ready: true },
  { to: "/transport", label: "Транспорт", ready: true },
  { to: "/finance", label: "Финансы", ready: true },
  { to: "/factoring", label: "Быстрая оплата", ready: true },
  { to: "/dashboard/analytics", label: "Аналитика", ready: true },
  { to: "/crm", label: "CRM", ready: true },
  { to: "/map-analytics", label: "Карта перевозок", ready: true },
  { to: "/edo-clients", label: "Клиенты ЭДО", ready: true },
  { to: "/partners", label: "Партнеры", ready: true },
  { to: "/edo", label: "ЭДО", ready: true },
  /** Shown to a company's director only (decision 0076). */
  { to: "/members", label: "Сотрудники", ready: true, directorOnly: true },
  { to: "/company", label: "Компания", ready: true, directorOnly: true },
] as const;

export type NavPath = (typeof NAV_ITEMS)[number]["to"];

/** The sidebar's "API documentation (external)" entry: public, opened in a new tab. */
export const API_DOCS_LINK = { href: "/docs/api", label: "Документация API" } as const;
