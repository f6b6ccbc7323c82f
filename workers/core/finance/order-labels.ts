import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { platformOrders } from "../../../db/schema/platforms";

/** The numbers people know the company's orders by, for quick payments that name an order by id. */
export async function orderNumbers(
  db: Db,
  companyId: string,
  orderIds: readonly string[],
): Promise<{ id: string; order_number: string | null; external_order_id: string }[]> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return [];
  return db
    .select({
      id: platformOrders.id,
      order_number: platformOrders.orderNumber,
      external_order_id: platformOrders.externalOrderId,
    })
    .from(platformOrders)
    .where(and(eq(platformOrders.companyId, companyId), inArray(platformOrders.id, ids)));
}
