// A company with Magnit (connected 60 days before NOW), X5 (2 days) and Pepsi (100 days), and the
// orders given by number: the CRM tests' fixture (tests/workers/crm*.test.ts).
import { eq } from "drizzle-orm";
import { platformConnections, platformOrders } from "../../db/schema";
import type { OrderStatus, PlatformId } from "../../db/vocabulary";
import { createCompanyUser, createConnectionFor, testDb } from "./support";

const DAY = 86_400_000;
/** Wednesday 25 November 2026, 12:00 Moscow time. */
export const NOW = Date.parse("2026-11-25T12:00:00+03:00");

export type Fixture = {
  companyId: string;
  userId: string;
  connections: Record<string, string>;
  orders: Record<number, string>;
};

/** One order: its platform, status, price (null: none), creation and planned times, shipper. */
export type OrderSpec = {
  platform: PlatformId;
  status: OrderStatus;
  rubles: number | null;
  createdAt: number;
  pickupAt?: number;
  deliveryAt?: number;
  customerName?: string;
};

export async function fixture(
  orders: Record<number, OrderSpec>,
  /** The moment the connections' ages count back from. */
  at: number = NOW,
): Promise<Fixture> {
  const { companyId, userId } = await createCompanyUser();
  const db = testDb();
  const connections: Record<string, string> = {};
  for (const [platformId, connectedAt] of [
    ["magnit", at - 60 * DAY],
    ["x5", at - 2 * DAY],
    ["pepsi", at - 100 * DAY],
  ] as const) {
    connections[platformId] = await createConnectionFor(companyId, { platformId });
    await db
      .update(platformConnections)
      .set({ createdAt: new Date(connectedAt) })
      .where(eq(platformConnections.id, connections[platformId]));
  }
  const ids: Record<number, string> = {};
  for (const [number, spec] of Object.entries(orders)) {
    const id = crypto.randomUUID();
    ids[Number(number)] = id;
    await db.insert(platformOrders).values({
      id,
      companyId,
      connectionId: connections[spec.platform],
      platformId: spec.platform,
      externalOrderId: `CRM-${number}-${id.slice(0, 6)}`,
      customerName: spec.customerName ?? "АО «Тандер»",
      pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
      deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
      documentsRequired: [],
      priceKopecks: spec.rubles === null ? null : spec.rubles * 100,
      currency: "RUB",
      status: spec.status,
      createdAt: new Date(spec.createdAt),
      pickupTimeFrom: spec.pickupAt ? new Date(spec.pickupAt) : null,
      deliveryTimeFrom: spec.deliveryAt ? new Date(spec.deliveryAt) : null,
      syncedAt: new Date(NOW),
    });
  }
  return { companyId, userId, connections, orders: ids };
}
