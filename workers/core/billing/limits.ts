import type { Db } from "../../../db/client";
import { moscowMonthBounds } from "./moscow-calendar";
import { planLimitMessage, readSubscription, shipmentsThisMonth } from "./subscriptions";

/**
 * The plan's limit where orders are created (decision 0031): a sync keeps updating the orders
 * the company has, but creates new ones only within the plan. Orders dated this Moscow calendar
 * month count against maxShipments; older ones are the company's history and are not limited;
 * once the subscription has expired no new order is created at all.
 */
export async function limitNewOrders<Row extends { createdAt: Date }>(
  db: Db,
  companyId: string,
  rows: Row[],
  isNew: (row: Row) => boolean,
  now: number,
): Promise<{ rows: Row[]; refused: number; message: string | null }> {
  if (!rows.some(isNew)) return { rows, refused: 0, message: null };
  const state = await readSubscription(db, companyId, now);
  if (!state || state.maxShipments === -1) return { rows, refused: 0, message: null };
  const { start } = moscowMonthBounds(now);
  let remaining =
    state.status === "expired"
      ? 0
      : Math.max(0, state.maxShipments - (await shipmentsThisMonth(db, companyId, now)));
  let refused = 0;
  const admitted = rows.filter((row) => {
    if (!isNew(row)) return true;
    const counted = state.status === "expired" || row.createdAt.getTime() >= start;
    if (!counted) return true;
    if (remaining > 0) {
      remaining--;
      return true;
    }
    refused++;
    return false;
  });
  return { rows: admitted, refused, message: refused > 0 ? planLimitMessage(state) : null };
}
