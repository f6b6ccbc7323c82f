import { NavLink } from "@remix-run/react";

const LINKS = [
  { to: "/crm", label: "Обзор", end: true },
  { to: "/crm/orders", label: "Заказы по платформам", end: false },
  { to: "/crm/analytics", label: "Аналитика платформ", end: false },
] as const;

/** The CRM's three screens (spec 3 §2 «CRM dashboard» and its quick actions' targets). */
export function CrmNav() {
  return (
    <nav aria-label="Разделы CRM" className="flex flex-wrap gap-1 border-b border-slate-200">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              isActive
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
