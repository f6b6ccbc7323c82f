import { pageRoles, roleAllows, type CompanyRole } from "../../../workers/core/members/roles";

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
  { to: "/members", label: "Сотрудники", ready: true },
  { to: "/company", label: "Компания", ready: true },
] as const;

/** The sections a role in the company may open: the table that guards the pages (decision 0077). */
export const navItemsFor = (role: CompanyRole) =>
  NAV_ITEMS.filter((item) => roleAllows(pageRoles(item.to), role));

export type NavPath = (typeof NAV_ITEMS)[number]["to"];

/** The sidebar's "API documentation (external)" entry: public, opened in a new tab. */
export const API_DOCS_LINK = { href: "/docs/api", label: "Документация API" } as const;
