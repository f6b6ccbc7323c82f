import { and, eq, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { platformOrdersCounts } from "../../../db/schema";
import type { OrderStatus } from "../../../db/vocabulary";

/**
 * The kept counts' rows (platform_orders_counts, decision 0087) of a company, and of a platform
 * and a status when given: what the badge below and the orders lists' totals sum.
 */
export const keptOrdersOf = (of: {
  companyId: string | Placeholder;
  platform?: string | null;
  status?: OrderStatus | null;
}) => {
  const k = platformOrdersCounts;
  return and(
    eq(k.companyId, of.companyId),
    of.platform ? sql`${k.platformId} = ${of.platform}` : undefined,
    of.status ? eq(k.status, of.status) : undefined,
  );
};

/** How many orders the kept rows selected count. */
export const keptOrdersSum = () => sql<number>`coalesce(sum(${platformOrdersCounts.orders}), 0)`;

/**
 * How many of the company's orders are in status "new": the sidebar's «Заказы» badge
 * (spec 1 §2). A sum over the company's kept counts (platform_orders_counts, decision 0087), a few
 * rows, cheap enough for every page load; a statement, so the layout batches it with what else it
 * reads.
 */
export const newOrdersQuery = (db: Db, companyId: string) => newOrders(db, { companyId });
const newOrders = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db
    .select({ orders: keptOrdersSum().mapWith(Number) })
    .from(platformOrdersCounts)
    .where(keptOrdersOf({ companyId: p.companyId, status: "new" })),
);
