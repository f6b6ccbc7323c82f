import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, edoConnections, edoDocuments } from "../../../db/schema";
import type { quickPayments } from "../../../db/schema/finance";
import { platformOrders } from "../../../db/schema/platforms";
import type { HoldReason } from "./quick-payment-views";

/** The consignee's title: the cargo received (Т3). */
export const CONSIGNEE_TITLE = "ON_TRNACLGRPO";
/** The carrier's title: the cargo handed to the consignee (Т4). */
export const CARRIER_TITLE = "ON_TRNACLPVYN";
/** A platform's order and its waybill may be made a few days apart. */
const ORDER_TO_WAYBILL_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;
/** Clocks disagree: a title dated a little ahead of ours is not "in the future". */
const CLOCK_SKEW_MS = 10 * 60_000;

export type DocumentsCheck =
  { ok: true; edoDocumentId: string } | { ok: false; reason: HoldReason; detail: string | null };

const fail = (reason: HoldReason, detail: string | null = null): DocumentsCheck => ({
  ok: false,
  reason,
  detail,
});

const shortDate = new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow", dateStyle: "short" });
const ruDate = (at: number) => shortDate.format(at);

/**
 * Approval from the documents (issue 21, item 3; decision 0054): the trip's ЭТрН chain in the
 * company's EDO mirror must be closed — the consignee's Т3 (ON_TRNACLGRPO) and the carrier's Т4
 * (ON_TRNACLPVYN) present — and match the order: the carrier in it is this company (its ИНН),
 * the customer (shipper) is named with an ИНН, its dates hold together (Т4 not before the
 * waybill, not in the future; a platform's order and its waybill within a week), and the amount
 * asked for is the order's own (an EDO order's, which its documents do not carry, is the one the
 * carrier stated). An EDO order's chain is its own docflow; a platform's order is matched to the
 * docflow whose number or trip is the order's number.
 */
export async function checkDocuments(
  db: Db,
  qp: Pick<typeof quickPayments.$inferSelect, "companyId" | "orderId" | "amountKopecks" | "amountDeclared">,
  now: number,
): Promise<DocumentsCheck> {
  const [order] = await db
    .select()
    .from(platformOrders)
    .where(and(eq(platformOrders.id, qp.orderId), eq(platformOrders.companyId, qp.companyId)));
  if (!order) return fail("chain_not_found", "заказ больше не найден");
  if (!qp.amountDeclared && order.priceKopecks !== qp.amountKopecks)
    return fail("chain_mismatch", "сумма заказа изменилась после запроса");
  const [company] = await db
    .select({ inn: companies.inn })
    .from(companies)
    .where(eq(companies.id, qp.companyId));
  const [connection] = await db
    .select({ id: edoConnections.id })
    .from(edoConnections)
    .where(eq(edoConnections.companyId, qp.companyId))
    .limit(1);
  if (!connection && order.platformId !== "edo") return fail("edo_not_connected");

  const d = edoDocuments;
  const numbers = [...new Set([order.orderNumber, order.externalOrderId].filter((n): n is string => !!n))];
  const [doc] =
    order.platformId === "edo"
      ? await db
          .select()
          .from(d)
          .where(and(eq(d.companyId, qp.companyId), eq(d.id, order.externalOrderId)))
      : await db
          .select()
          .from(d)
          .where(
            and(
              eq(d.companyId, qp.companyId),
              eq(d.deleted, false),
              or(
                ...numbers.map((n) => eq(d.docNum, n)),
                ...numbers.map((n) => sql`lower(${d.trip}) = ${n.toLowerCase()}`),
              ),
            ),
          )
          .orderBy(desc(d.createdAt))
          .limit(1);
  if (!doc || doc.deleted) return fail("chain_not_found");

  const titles = doc.data.info.documents;
  const missing = [
    titles.some((t) => t.type === CONSIGNEE_TITLE) ? null : "нет титула получателя о приёмке груза (Т3)",
    titles.some((t) => t.type === CARRIER_TITLE) ? null : "нет титула перевозчика о выдаче груза (Т4)",
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) return fail("chain_open", `ЭТрН № ${doc.docNum}: ${missing.join(", ")}`);

  const carrierInn = doc.data.info.tk?.inn ?? doc.tkInn;
  if (!company?.inn || carrierInn !== company.inn)
    return fail(
      "chain_mismatch",
      `перевозчик в ЭТрН № ${doc.docNum} — ИНН ${carrierInn ?? "не указан"}, у вашей компании ИНН ${company?.inn ?? "не указан"}`,
    );
  if (!(doc.data.info.go?.inn ?? doc.goInn))
    return fail("chain_mismatch", `в ЭТрН № ${doc.docNum} не указан ИНН грузоотправителя (заказчика)`);

  const waybillAt = doc.createdAt.getTime();
  const handedAt = Math.max(
    ...titles.filter((t) => t.type === CARRIER_TITLE).map((t) => Date.parse(t.dateTime)),
  );
  if (!Number.isFinite(handedAt) || handedAt < waybillAt || handedAt > now + CLOCK_SKEW_MS)
    return fail(
      "chain_mismatch",
      `дата выдачи груза в ЭТрН № ${doc.docNum} не сходится с датой накладной ${ruDate(waybillAt)}`,
    );
  if (order.platformId !== "edo") {
    const orderAt = order.createdAt.getTime();
    if (Math.abs(waybillAt - orderAt) > ORDER_TO_WAYBILL_DAYS * DAY)
      return fail(
        "chain_mismatch",
        `ЭТрН № ${doc.docNum} от ${ruDate(waybillAt)}, а заказ от ${ruDate(orderAt)}`,
      );
  }
  return { ok: true, edoDocumentId: doc.id };
}
