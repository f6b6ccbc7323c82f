// The orders' counts by platform and status are kept by triggers on platform_orders (decision
// 0087): whatever happens to a company's orders — a sync's inserts and upserts, a status or price
// that changes, orders deleted with their connection — the kept rows must equal counting the
// orders themselves, and so must every figure read from them.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformConnections, platformOrders } from "../../db/schema";
import { layoutData } from "../../workers/core/layout";
import { ORDER_STATUSES } from "../../db/vocabulary";
import {
  ACTIVE_STATUSES,
  COMPLETED_STATUSES,
  listOrders,
  orderMetrics,
  ordersPage,
  PROFIT_MARGIN,
  type OrderMetrics,
  type OrdersQuery,
} from "../../workers/core/orders/orders";
import { createCompanyUser, createConnectionFor, testDb } from "./support";

type Counted = { platform: string; status: string; orders: number; priceKopecks: number };

const byKey = (rows: Counted[]) =>
  rows
    .map((row) => ({ ...row, orders: Number(row.orders), priceKopecks: Number(row.priceKopecks) }))
    .sort((a, b) => `${a.platform}/${a.status}`.localeCompare(`${b.platform}/${b.status}`));

/** The company's orders counted from the orders themselves. */
async function countedFromOrders(companyId: string) {
  return byKey(
    await testDb().all<Counted>(sql`
      SELECT platform_id AS platform, status, count(*) AS orders, coalesce(sum(price_kopecks), 0) AS priceKopecks
      FROM platform_orders WHERE company_id = ${companyId} GROUP BY platform_id, status`),
  );
}

/** The company's kept counts (the rows that fell to 0 left out). */
async function keptCounts(companyId: string) {
  return byKey(
    await testDb().all<Counted>(sql`
      SELECT platform_id AS platform, status, orders, price_kopecks AS priceKopecks
      FROM platform_orders_counts WHERE company_id = ${companyId} AND orders > 0`),
  );
}

const STATUSES = ORDER_STATUSES;

function orderRow(companyId: string, connectionId: string, platformId: "x5" | "magnit", i: number) {
  return {
    id: crypto.randomUUID(),
    companyId,
    connectionId,
    platformId,
    externalOrderId: `C-${platformId}-${i}`,
    pickupAddress: "г Казань, ул Баумана, д 1",
    deliveryAddress: "г Самара, ул Ленинградская, д 2",
    documentsRequired: [],
    // Every fifth order has no price yet.
    priceKopecks: i % 5 === 0 ? null : 50_000 + i * 1_000,
    currency: "RUB",
    status: STATUSES[i % STATUSES.length],
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    syncedAt: new Date(),
    searchText: `заказ ${i}`,
  };
}

describe("the orders' kept counts", () => {
  it("equal counting the orders through inserts, upserts, changes and deletions, and so do the page's figures", async () => {
    const db = testDb();
    const user = await createCompanyUser();
    const other = await createCompanyUser();
    const x5 = await createConnectionFor(user.companyId, { platformId: "x5" });
    const magnit = await createConnectionFor(user.companyId, { platformId: "magnit" });
    const theirs = await createConnectionFor(other.companyId, { platformId: "x5" });
    const rows = Array.from({ length: 40 }, (_, i) =>
      orderRow(user.companyId, i % 2 ? magnit : x5, i % 2 ? "magnit" : "x5", i),
    );
    await db.insert(platformOrders).values(rows);
    await db.insert(platformOrders).values(orderRow(other.companyId, theirs, "x5", 1));
    expect(await keptCounts(user.companyId)).toEqual(await countedFromOrders(user.companyId));

    // A sync's upsert: the same orders again, some with a new status or price, and two new ones.
    const again = [
      ...rows.slice(0, 12).map((row, i) => ({
        ...row,
        id: crypto.randomUUID(),
        status: STATUSES[(i + 2) % STATUSES.length],
        priceKopecks: i % 3 === 0 ? null : 70_000 + i,
      })),
      orderRow(user.companyId, x5, "x5", 100),
      orderRow(user.companyId, magnit, "magnit", 101),
    ];
    await db
      .insert(platformOrders)
      .values(again)
      .onConflictDoUpdate({
        target: [platformOrders.companyId, platformOrders.platformId, platformOrders.externalOrderId],
        set: { status: sql`excluded.status`, priceKopecks: sql`excluded.price_kopecks` },
      });
    // Changes one at a time, and one that changes nothing counted.
    await db.update(platformOrders).set({ status: "paid" }).where(eq(platformOrders.id, rows[20].id));
    await db.update(platformOrders).set({ priceKopecks: 1 }).where(eq(platformOrders.id, rows[21].id));
    await db
      .update(platformOrders)
      .set({ customerName: "АО «Тандер»" })
      .where(eq(platformOrders.id, rows[22].id));
    await db.delete(platformOrders).where(eq(platformOrders.id, rows[23].id));
    expect(await keptCounts(user.companyId)).toEqual(await countedFromOrders(user.companyId));

    // The page's metrics, counts and badge read the kept rows: each equals counting the orders.
    const truth = await countedFromOrders(user.companyId);
    const ordersIn = (keep: (row: Counted) => boolean) =>
      truth.filter(keep).reduce((total, row) => total + row.orders, 0);
    const page = await ordersPage(
      db,
      { companyId: user.companyId, userId: user.userId },
      { limit: 25, page: 1 },
      0,
    );
    expect(page.total).toBe(42 - 1);
    expect(platformsSorted(page.metrics)).toEqual(await metricsCountedFromOrders(user.companyId));
    expect(page.metrics).toEqual(await orderMetrics(db, user.companyId));
    const filters: Pick<OrdersQuery, "platform" | "status">[] = [
      { status: "paid" },
      { platform: "magnit" },
      { platform: "x5", status: "new" },
    ];
    for (const filter of filters) {
      const listed = await listOrders(db, user.companyId, { limit: 25, page: 1, ...filter });
      expect(listed.total, JSON.stringify(filter)).toBe(
        ordersIn(
          (row) =>
            (!filter.status || row.status === filter.status) &&
            (!filter.platform || row.platform === filter.platform),
        ),
      );
    }
    expect((await layoutData(db, user.companyId, 0)).newOrders).toBe(ordersIn((row) => row.status === "new"));
    expect((await layoutData(db, other.companyId, 0)).newOrders).toBe(0);

    // A connection removed takes its orders, and their counts, with it; the other company keeps its own.
    await db.delete(platformConnections).where(eq(platformConnections.id, magnit));
    expect(await keptCounts(user.companyId)).toEqual(await countedFromOrders(user.companyId));
    expect((await keptCounts(user.companyId)).every((row) => row.platform === "x5")).toBe(true);
    expect(await keptCounts(other.companyId)).toEqual(await countedFromOrders(other.companyId));
  });
});

/** The platforms of the metrics by name (a tie in orders may list them either way). */
const platformsSorted = (metrics: OrderMetrics) => ({
  ...metrics,
  platformBreakdown: [...metrics.platformBreakdown].sort((a, b) => a.platform.localeCompare(b.platform)),
});

const listOf = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** The metrics as counting every order gives them (what the page showed before 0087). */
async function metricsCountedFromOrders(companyId: string): Promise<OrderMetrics> {
  const active = listOf(ACTIVE_STATUSES);
  const completed = listOf(COMPLETED_STATUSES);
  const [row] = await testDb().all<{ total: number; active: number; completed: number; revenue: number }>(sql`
    SELECT count(*) AS total, sum(status IN (${active})) AS active, sum(status IN (${completed})) AS completed,
      coalesce(sum(CASE WHEN status IN (${completed}) THEN price_kopecks END), 0) AS revenue
    FROM platform_orders WHERE company_id = ${companyId}`);
  const platforms = await testDb().all<{ platform: string; orders: number; revenue: number }>(sql`
    SELECT platform_id AS platform, count(*) AS orders,
      coalesce(sum(CASE WHEN status IN (${completed}) THEN price_kopecks END), 0) AS revenue
    FROM platform_orders WHERE company_id = ${companyId} GROUP BY platform_id ORDER BY platform_id`);
  const completedOrders = Number(row.completed);
  const revenue = Number(row.revenue);
  return {
    totalOrders: Number(row.total),
    activeOrders: Number(row.active),
    completedOrders,
    totalRevenue: revenue / 100,
    averageOrderValue: completedOrders > 0 ? Math.round(revenue / completedOrders) / 100 : 0,
    profitMargin: PROFIT_MARGIN,
    platformBreakdown: platforms.map((p) => ({
      platform: p.platform,
      orders: Number(p.orders),
      revenue: Number(p.revenue) / 100,
    })),
  };
}
