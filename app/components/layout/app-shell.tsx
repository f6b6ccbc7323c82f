import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { EdoIndicator } from "../../../workers/core/layout";
import { EdoStatusIndicator } from "./edo-indicator";
import { FeedbackAdminLink } from "~/components/feedback/feedback-admin-link";
import { HelpLink } from "~/components/help/help-link";
import { OnboardingProgress } from "~/components/onboarding/checklist";
import { TourRestartButton } from "~/components/onboarding/tour";
import { endAnalyticsSession, flushAnalytics } from "~/lib/analytics";
import { createApiClient } from "~/lib/api-client";
import { API_DOCS_LINK, navItemsFor, type NavPath } from "./navigation";

export type ShellUser = {
  firstName: string;
  lastName: string;
  email: string;
  role: "user" | "admin";
  /** The user's role in their company: only a director sees «Сотрудники» (decision 0076). */
  companyRole: "director" | "dispatcher" | "driver";
  companyName: string;
};

function initials(user: ShellUser) {
  return `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase();
}

/** A number beside a sidebar section, e.g. new orders beside «Заказы», and what it counts. */
export type NavBadges = Partial<Record<NavPath, { count: number; description: string }>>;

function NavBadge({ count, description }: { count: number; description: string }) {
  return (
    <span
      className="min-w-6 rounded-full bg-brand-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white"
      title={description}
      data-testid="nav-badge"
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only"> ({description})</span>
    </span>
  );
}

function Sidebar({
  badges = {},
  companyRole,
  onNavigate,
}: {
  badges?: NavBadges;
  companyRole: ShellUser["companyRole"];
  onNavigate?: () => void;
}) {
  const items = navItemsFor(companyRole);
  return (
    <nav aria-label="Разделы" className="flex flex-col gap-1 p-3" data-tour="sidebar">
      {items.map((item) =>
        item.ready ? (
          <NavLink
            key={item.to}
            to={item.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
                isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
              }`
            }
          >
            {item.label}
            {badges[item.to]?.count ? <NavBadge {...badges[item.to]!} /> : null}
          </NavLink>
        ) : (
          <span
            key={item.to}
            aria-disabled="true"
            title="Раздел появится в следующих версиях"
            className="flex items-center justify-between rounded-lg px-3 py-2 text-sm text-slate-400"
          >
            {item.label}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] uppercase tracking-wide">
              скоро
            </span>
          </span>
        ),
      )}
      <a
        href={API_DOCS_LINK.href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 flex items-center justify-between rounded-lg border-t border-slate-100 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        {API_DOCS_LINK.label}
        <span className="sr-only"> (откроется в новой вкладке)</span>
        <svg viewBox="0 0 20 20" className="size-4 text-slate-400" fill="currentColor" aria-hidden>
          <path d="M11 3a1 1 0 100 2h2.59l-6.3 6.29a1 1 0 101.42 1.42L15 6.41V9a1 1 0 102 0V4a1 1 0 00-1-1h-5z" />
          <path d="M5 5a2 2 0 00-2 2v8a2 2 0 002 2h8a2 2 0 002-2v-3a1 1 0 10-2 0v3H5V7h3a1 1 0 000-2H5z" />
        </svg>
      </a>
    </nav>
  );
}

/**
 * The layout of every signed-in page (spec 1 §2 «Main layout»): sidebar (a menu on a phone),
 * header with help, the EDO status, the admin's feedback link, the user and sign-out, and the page.
 */
export function AppShell({
  user,
  edo,
  badges,
  children,
}: {
  user: ShellUser;
  edo: EdoIndicator;
  badges?: NavBadges;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Whatever link was followed (a section, help, the profile), the phone's menu closes.
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  // The guard runs in the loaders, so "authentication is loading" is the next page's loader:
  // a bar at the top says so (shown only when it takes longer than a blink).
  const loading = useNavigation().state === "loading";
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[240px_1fr]">
      {loading ? (
        <div
          role="progressbar"
          aria-label="Загрузка страницы"
          className="page-progress fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
        >
          <div className="h-full w-1/3 bg-brand-600" />
        </div>
      ) : null}
      <aside className="hidden border-r border-slate-200 bg-white lg:block">
        <Link to="/dashboard" className="block px-6 py-5 text-xl font-bold text-brand-700">
          Рейс
        </Link>
        <Sidebar badges={badges} companyRole={user.companyRole} />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          <button
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? "Закрыть меню" : "Открыть меню"}</span>
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
            >
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
          <span className="text-lg font-bold text-brand-700 lg:hidden">Рейс</span>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {/* What a phone has no room for is in its menu (the components carry inline-flex, so
                the breakpoints are on wrappers). */}
            <div className="hidden items-center gap-1 sm:flex sm:gap-2">
              <HelpLink />
              <OnboardingProgress />
            </div>
            <div className="hidden md:block">
              <TourRestartButton />
            </div>
            <EdoStatusIndicator edo={edo} />
            <div className="hidden sm:block">
              <FeedbackAdminLink role={user.role} />
            </div>
            <div className="hidden text-right md:block">
              <div className="text-sm font-medium text-slate-900" data-testid="user-name">
                {user.firstName} {user.lastName}
              </div>
              <div className="text-xs text-slate-500">{user.email}</div>
            </div>
            <Link
              to="/profile"
              title="Профиль: имя, телефон, пароль, сеансы"
              className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
              aria-label="Профиль"
            >
              {initials(user)}
            </Link>
            <Form
              method="post"
              action="/logout"
              onSubmit={() => {
                void flushAnalytics();
                endAnalyticsSession();
                // Tokens of the API client (test pages) belong to the same person: their session
                // ends on the server too (Remix navigates without unloading, so the call completes).
                const apiClient = createApiClient();
                if (apiClient.tokens()) void apiClient.logout();
              }}
            >
              <button
                type="submit"
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
              >
                Выйти
              </button>
            </Form>
          </div>
        </header>
        {menuOpen ? (
          <div id="mobile-menu" className="border-b border-slate-200 bg-white lg:hidden">
            <Sidebar badges={badges} companyRole={user.companyRole} onNavigate={() => setMenuOpen(false)} />
            {/* What the phone's header has no room for. */}
            <div className="flex flex-wrap gap-1 border-t border-slate-100 px-3 py-2 sm:hidden">
              <HelpLink />
              <OnboardingProgress />
              <FeedbackAdminLink role={user.role} />
              <span className="px-2.5 py-1.5 text-sm text-slate-500">{user.email}</span>
            </div>
          </div>
        ) : null}
        {/* Room under the page for the floating feedback button: the end of a page (its «Вперёд»)
            scrolls clear of it instead of sitting under it. */}
        <main className="flex-1 p-4 pb-24 sm:p-6 sm:pb-24" aria-busy={loading}>
          {children}
        </main>
      </div>
    </div>
  );
}
