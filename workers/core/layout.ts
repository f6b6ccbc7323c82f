// What every signed-in page's frame shows beside the page (spec 1 §2 «Main layout»): the new
// orders badge and the EDO status indicator (spec 2 §8), read in one round trip.
import type { Db } from "../../db/client";
import { connectionQuery, tokenAlive } from "./edo/connection";
import { newOrdersQuery } from "./orders/new-orders";

/** The header's EDO indicator: connected with its login, not connected (or expired), or unknown. */
export type EdoIndicator =
  | { state: "connected"; login: string }
  | { state: "expired"; login: string }
  | { state: "disconnected" }
  | { state: "error" };

export type LayoutData = { newOrders: number; edo: EdoIndicator };

export async function layoutData(db: Db, companyId: string, now: number): Promise<LayoutData> {
  try {
    const [[orders], [connection]] = await db.batch([
      newOrdersQuery(db, companyId),
      connectionQuery(db, companyId),
    ]);
    const edo: EdoIndicator = !connection
      ? { state: "disconnected" }
      : { state: tokenAlive(connection, now) ? "connected" : "expired", login: connection.login };
    return { newOrders: orders?.orders ?? 0, edo };
  } catch (error) {
    // The frame still renders around the page: no badge, and the indicator says it could not tell.
    console.error("layout read failed", error);
    return { newOrders: 0, edo: { state: "error" } };
  }
}
