import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { OrdersScreen } from "~/components/orders/orders-screen";
import { PageLoadError } from "~/components/ui/load-error";
import { ordersPageData } from "~/lib/orders-page.server";

export { ordersShouldRevalidate as shouldRevalidate } from "~/components/orders/orders-screen";

export const meta: MetaFunction = () => [{ title: "Заказы — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ordersPageData(context, request);
}

export default function Orders() {
  return <OrdersScreen title="Управление заказами" />;
}

export function ErrorBoundary() {
  return (
    <PageLoadError
      heading="Управление заказами"
      title="Не удалось загрузить заказы"
      href="/dashboard/orders"
    />
  );
}
