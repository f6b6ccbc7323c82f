// The analytics and CRM screens when their read fails (issue 22; spec 2 §2.2 «Ошибка загрузки
// аналитики»): rendered on the server with Remix's route stub and the loader's failed answer,
// they say what failed and offer a reload, and show none of the figures.
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CrmDashboardPage, { CRM_FAILED } from "./_app.crm._index";
import CrmAnalyticsPage, { CRM_ANALYTICS_FAILED } from "./_app.crm.analytics";
import DashboardPage, { DASHBOARD_FAILED } from "./_app.dashboard._index";
import EdoAnalyticsPage, { ANALYTICS_FAILED } from "./_app.dashboard.analytics";
import TransportPage, { TRANSPORT_FAILED } from "./_app.transport._index";

/** The signed-in layout's data the pages read (a director: the role's links are all there). */
const layoutData = { user: { firstName: "Анна", companyName: "ООО «Тест»", companyRole: "director" } };

function render(path: string, Component: () => JSX.Element, loaderData: Record<string, unknown>): string {
  const Stub = createRemixStub([
    {
      id: "routes/_app",
      Component: Outlet,
      loader: () => layoutData,
      children: [{ id: "page", path, Component, loader: () => loaderData }],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { "routes/_app": layoutData, page: loaderData } }}
    />,
  );
}

describe("a page whose read failed", () => {
  // Links warn that useLayoutEffect does nothing on the server (the stub renders them outside
  // Remix's server context); any other console error fails the test.
  let errors: unknown[][] = [];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) errors.push(args);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(errors).toEqual([]);
  });

  it("/dashboard: «Не удалось загрузить данные дашборда», no cards, the plan still shown", () => {
    const html = render("/dashboard", DashboardPage, {
      figures: null,
      subscription: {
        planId: "basic",
        planName: "Базовый",
        status: "trial",
        trialEndsAt: "2026-12-04T00:00:00.000Z",
        currentPeriodEnd: null,
        daysLeft: 9,
        maxShipments: 10,
        shipmentsUsed: 2,
      },
      paymentHref: "/payment",
    });
    expect(html).toContain(DASHBOARD_FAILED);
    expect(DASHBOARD_FAILED).toBe("Не удалось загрузить данные дашборда");
    expect(html).toContain('href="/dashboard"');
    expect(html).not.toContain('data-testid="dashboard-stat"');
    expect(html).toContain('href="/payment"');
  });

  it("/dashboard/analytics: «Ошибка загрузки аналитики» and a reload, no cards", () => {
    const html = render("/dashboard/analytics", EdoAnalyticsPage, {
      state: "failed",
      filters: { period: 0, status: undefined, limit: 1000, allQuarters: true },
      connection: { login: "carrier-3", expiresAt: "2026-11-26T00:00:00.000Z", connected: true },
      lastSyncedAt: null,
      analytics: null,
      elapsedMs: 12,
    });
    expect(html).toContain(ANALYTICS_FAILED);
    expect(ANALYTICS_FAILED).toBe("Ошибка загрузки аналитики");
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/dashboard/analytics"');
    expect(html).not.toContain('data-testid="analytics-card"');
  });

  it("/crm: «Не удалось загрузить данные CRM», the quick actions still there", () => {
    const html = render("/crm", CrmDashboardPage, {
      state: "failed",
      dashboard: null,
      // As the loader gives them to a director (decision 0077 filters them by role).
      quickActions: [
        { to: "/crm/orders", label: "Заказы по платформам", note: "Все заказы" },
        { to: "/factoring", label: "Быстрая оплата", note: "Деньги за 24 часа" },
      ],
    });
    expect(html).toContain(CRM_FAILED);
    expect(html).toContain('href="/crm"');
    expect(html).not.toContain('data-testid="crm-stat"');
    expect(html).toContain('href="/factoring"');
  });

  it("/crm/analytics: «Не удалось загрузить аналитику платформ»", () => {
    const html = render("/crm/analytics", CrmAnalyticsPage, {
      state: "failed",
      analytics: null,
      platform: "all",
    });
    expect(html).toContain(CRM_ANALYTICS_FAILED);
    expect(html).not.toContain("Дебиторская задолженность");
  });

  it("/transport: «Не удалось загрузить данные транспорта», no vehicle table", () => {
    const html = render("/transport", TransportPage, {
      state: "failed",
      filters: { period: 0, status: undefined, limit: 1000, allQuarters: true },
      connection: { login: "carrier-3", expiresAt: "2026-11-26T00:00:00.000Z", connected: true },
      lastSyncedAt: null,
      transport: null,
      vehicles: [],
      elapsedMs: 3,
    });
    expect(html).toContain(TRANSPORT_FAILED);
    expect(html).toContain('href="/transport"');
    expect(html).not.toContain("Транспортные средства");
  });
});
