import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { platformOrdersCounts } from "../../../db/schema";

/**
 * How many of the company's orders are in status "new": the sidebar's «Заказы» badge
 * (spec 1 §2). A sum over the company's kept counts (platform_orders_counts, decision 0087), a few
 * rows, cheap enough for every page load; a statement, so the layout batches it with what else it
 * reads.
 */
export const newOrdersQuery = (db: Db, companyId: string) => newOrders(db, { companyId });
const newOrders = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db
    .select({ orders: sql<number>`coalesce(sum(${platformOrdersCounts.orders}), 0)`.mapWith(Number) })
    .from(platformOrdersCounts)
    .where(and(eq(platformOrdersCounts.companyId, p.companyId), eq(platformOrdersCounts.status, "new"))),
);
