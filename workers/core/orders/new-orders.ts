import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { platformOrders } from "../../../db/schema";

/**
 * How many of the company's orders are in status "new": the sidebar's «Заказы» badge
 * (spec 1 §2). One count on the (company, status) index, cheap enough for every page load;
 * a statement, so the layout batches it with what else it reads.
 */
export const newOrdersQuery = (db: Db, companyId: string) =>
  db
    .select({ orders: count() })
    .from(platformOrders)
    .where(and(eq(platformOrders.companyId, companyId), eq(platformOrders.status, "new")));
