// The Russian name of the signed-in screen a path belongs to: what the feedback dialog shows and
// sends as `screen`, so the admin's stats group messages by the section people see (decision 0066).
import { NAV_ITEMS } from "~/components/layout/navigation";

/** Screens outside the sidebar, and sub-pages named apart from their section. */
const OTHER_SCREENS: { to: string; label: string }[] = [
  { to: "/crm/orders", label: "CRM: заказы" },
  { to: "/crm/analytics", label: "CRM: аналитика" },
  { to: "/payment/success", label: "Результат оплаты" },
  { to: "/payment", label: "Тарифы" },
  { to: "/x5", label: "X5" },
  { to: "/help", label: "Центр помощи" },
  { to: "/admin/feedback", label: "Обратная связь (администратор)" },
  { to: "/api-test", label: "Проверка API" },
  { to: "/session-test", label: "Проверка сессии" },
  { to: "/test-analytics", label: "Проверка аналитики ЭДО" },
  { to: "/sessions", label: "Профиль" },
  { to: "/profile", label: "Профиль" },
];

/** Longest path first, so /dashboard/orders is «Заказы» and not «Главная». */
const SCREENS = [...NAV_ITEMS, ...OTHER_SCREENS].sort((a, b) => b.to.length - a.to.length);

export const UNKNOWN_SCREEN = "Приложение";

export function screenNameOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (
    SCREENS.find((screen) => path === screen.to || path.startsWith(`${screen.to}/`))?.label ?? UNKNOWN_SCREEN
  );
}
