import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { platformOrders } from "../../../db/schema";

/**
 * How many of the company's orders are in status "new": the sidebar's «Заказы» badge
 * (spec 1 §2). One count on the (company, status) index, cheap enough for every page load;
 * a statement, so the layout batches it with what else it reads.
 */
export const newOrdersQuery = (db: Db, companyId: string) => newOrders(db, { companyId });
const newOrders = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db
    .select({ orders: count() })
    .from(platformOrders)
    .where(and(eq(platformOrders.companyId, p.companyId), eq(platformOrders.status, "new"))),
);
