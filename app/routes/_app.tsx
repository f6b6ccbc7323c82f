import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { countNewOrders } from "../../workers/core/orders/new-orders";
import { AppShell } from "~/components/layout/app-shell";
import { plural } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";

/** The guard and layout of every signed-in page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      companyName: user.company.name,
    },
    newOrders: await countNewOrders(context.db, user.company.id),
  };
}

export default function SignedInLayout() {
  const { user, newOrders } = useLoaderData<typeof loader>();
  const ordersBadge = {
    count: newOrders,
    description: `${newOrders} ${plural(newOrders, ["новый заказ", "новых заказа", "новых заказов"])}`,
  };
  return (
    <AppShell user={user} badges={{ "/dashboard/orders": ordersBadge }}>
      <Outlet />
    </AppShell>
  );
}
