import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { CrmNav } from "~/components/crm/crm-nav";
import { OrdersScreen } from "~/components/orders/orders-screen";
import { PageLoadError } from "~/components/ui/load-error";
import { formatNumber } from "~/lib/format";
import { ordersPageData } from "~/lib/orders-page.server";

export { ordersShouldRevalidate as shouldRevalidate } from "~/components/orders/orders-screen";

export const meta: MetaFunction = () => [{ title: "Заказы по платформам — CRM — Рейс" }];

const TITLE = "Заказы по платформам";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ordersPageData(context, request);
}

/** The platforms with orders, each a link to its own list (the status and search stay). */
function PlatformStrip() {
  const { metrics, platforms } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const current = searchParams.get("platform") ?? "all";
  const nameOf = new Map<string, string>([["edo", "ЭДО"], ...platforms.map((p) => [p.id, p.name] as const)]);
  const linkTo = (platform: string) => {
    const next = new URLSearchParams(searchParams);
    for (const paging of ["page", "after", "before"]) next.delete(paging);
    if (platform === "all") next.delete("platform");
    else next.set("platform", platform);
    const query = next.toString();
    return query ? `?${query}` : ".";
  };
  const tabs = [
    { id: "all", name: "Все платформы", orders: metrics.totalOrders },
    ...metrics.platformBreakdown.map((row) => ({
      id: row.platform,
      name: nameOf.get(row.platform) ?? row.platform,
      orders: row.orders,
    })),
  ];
  return (
    <nav aria-label="Платформы" className="flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={linkTo(tab.id)}
          preventScrollReset
          aria-current={tab.id === current ? "page" : undefined}
          className={`rounded-full px-3 py-1.5 text-sm ring-1 ${
            tab.id === current
              ? "bg-brand-600 text-white ring-brand-600"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
          }`}
        >
          {tab.name} <span className="opacity-80">{formatNumber(tab.orders)}</span>
        </Link>
      ))}
    </nav>
  );
}

export default function CrmOrders() {
  return (
    <OrdersScreen
      title={TITLE}
      header={
        <div className="space-y-3">
          <CrmNav />
          <PlatformStrip />
        </div>
      }
    />
  );
}

export function ErrorBoundary() {
  return <PageLoadError heading={TITLE} title="Не удалось загрузить заказы" href="/crm/orders" />;
}
