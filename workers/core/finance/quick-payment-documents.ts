import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, edoDocuments } from "../../../db/schema";
import {
  companyRequisites,
  payouts,
  quickPaymentDocuments,
  quickPayments,
  QUICK_PAYMENT_DOCUMENT_KINDS,
  type QuickPaymentDocumentKind,
} from "../../../db/schema/finance";
import { platformOrders } from "../../../db/schema/platforms";
import { platformById } from "../platforms/catalogue";
import type { DocumentFactor, QuickPaymentDocument, QuickPaymentDocumentsInput } from "./documents/types";

export type DocumentsDeps = {
  db: Db;
  now: () => number;
  /** Рейс's requisites (documents/factor.ts factorOf), or why they cannot be had. */
  factor: () => DocumentFactor;
  make: (input: QuickPaymentDocumentsInput) => Promise<QuickPaymentDocument[]>;
};

/** Moscow date, YYYY-MM-DD. */
const moscowDay = (at: number) => new Date(at + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Makes and keeps the documents of an approved request (issue 21, item 3; decisions 0054, 0056):
 * the assignment notice to the customer, the act and the счёт-фактура for the commission, dated by
 * the approval and numbered by its payout's Рейс-wide number. Once: a request that has them, or
 * is not approved yet, is left alone.
 */
export async function makeQuickPaymentDocuments(deps: DocumentsDeps, id: string): Promise<boolean> {
  const { db } = deps;
  const [row] = await db
    .select({ qp: quickPayments, order: platformOrders, company: companies, requisites: companyRequisites })
    .from(quickPayments)
    .innerJoin(platformOrders, eq(platformOrders.id, quickPayments.orderId))
    .innerJoin(companies, eq(companies.id, quickPayments.companyId))
    .leftJoin(companyRequisites, eq(companyRequisites.companyId, quickPayments.companyId))
    .where(eq(quickPayments.id, id));
  if (!row || !row.qp.approvedAt || !row.company.inn) return false;
  const have = await db
    .select({ kind: quickPaymentDocuments.kind })
    .from(quickPaymentDocuments)
    .where(eq(quickPaymentDocuments.quickPaymentId, id));
  if (have.length === QUICK_PAYMENT_DOCUMENT_KINDS.length) return false;
  const [payout] = await db
    .select({ seq: payouts.seq })
    .from(payouts)
    .where(and(eq(payouts.quickPaymentId, id), eq(payouts.kind, "net")))
    .orderBy(asc(payouts.seq))
    .limit(1);
  const [chain] = row.qp.edoDocumentId
    ? await db
        .select()
        .from(edoDocuments)
        .where(and(eq(edoDocuments.companyId, row.qp.companyId), eq(edoDocuments.id, row.qp.edoDocumentId)))
    : [];
  const { qp, order, company, requisites } = row;
  const shipper = chain?.data.info.go ?? null;
  const documents = await deps.make({
    quickPayment: {
      id: qp.id,
      number: String(payout?.seq ?? qp.id.slice(0, 8).toUpperCase()).padStart(6, "0"),
      amountKopecks: qp.amountKopecks,
      feeKopecks: qp.feeKopecks,
      netKopecks: qp.netKopecks,
      feeRateBp: qp.feeRateBp,
      requestedAt: qp.requestedAt.getTime(),
      approvedAt: qp.approvedAt!.getTime(),
    },
    order: {
      id: order.id,
      number: order.orderNumber ?? order.externalOrderId,
      externalOrderId: order.externalOrderId,
      platformName:
        order.platformId === "edo"
          ? "ЭДО"
          : (platformById(order.platformId)?.display_name ?? order.platformId),
      customerName:
        shipper?.accName ?? order.customerName ?? platformById(order.platformId)?.display_name ?? "Заказчик",
      customerInn: shipper?.inn ?? null,
      route: { from: order.pickupAddress, to: order.deliveryAddress },
      deliveryDate: order.deliveryTimeFrom?.getTime() ?? null,
      edoChain: chain
        ? {
            docNum: chain.docNum,
            date: moscowDay(chain.createdAt.getTime()),
            titles: chain.data.info.documents.map((t) => t.type),
          }
        : null,
    },
    carrier: {
      name: company.name,
      inn: company.inn!,
      kpp: company.kpp,
      ogrn: company.ogrn,
      address: company.address,
      account: requisites
        ? {
            settlementAccount: requisites.account,
            bic: requisites.bik,
            bankName: requisites.bankName,
            correspondentAccount: requisites.correspondentAccount,
          }
        : null,
    },
    factor: deps.factor(),
  });
  const at = new Date(deps.now());
  await db
    .insert(quickPaymentDocuments)
    .values(
      documents.map((d) => ({
        quickPaymentId: id,
        kind: d.kind,
        fileName: d.fileName,
        bytes: d.bytes,
        createdAt: at,
      })),
    )
    .onConflictDoNothing();
  return true;
}

/** Which documents a company's request has, for its view; nothing for another company's. */
export async function documentsOf(db: Db, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { kind: QuickPaymentDocumentKind; fileName: string }[]>();
  const rows = await db
    .select({
      id: quickPaymentDocuments.quickPaymentId,
      kind: quickPaymentDocuments.kind,
      fileName: quickPaymentDocuments.fileName,
    })
    .from(quickPaymentDocuments)
    .innerJoin(quickPayments, eq(quickPayments.id, quickPaymentDocuments.quickPaymentId))
    .where(and(eq(quickPayments.companyId, companyId), inIds(ids)));
  const byRequest = new Map<string, { kind: QuickPaymentDocumentKind; fileName: string }[]>();
  for (const row of rows) {
    const list = byRequest.get(row.id) ?? [];
    list.push({ kind: row.kind, fileName: row.fileName });
    byRequest.set(row.id, list);
  }
  for (const list of byRequest.values())
    list.sort(
      (a, b) => QUICK_PAYMENT_DOCUMENT_KINDS.indexOf(a.kind) - QUICK_PAYMENT_DOCUMENT_KINDS.indexOf(b.kind),
    );
  return byRequest;
}

const inIds = (ids: readonly string[]) => inArray(quickPaymentDocuments.quickPaymentId, [...ids]);

/** One document's file, when the request is the company's. */
export async function documentFile(db: Db, companyId: string, id: string, kind: QuickPaymentDocumentKind) {
  const [row] = await db
    .select({ fileName: quickPaymentDocuments.fileName, bytes: quickPaymentDocuments.bytes })
    .from(quickPaymentDocuments)
    .innerJoin(quickPayments, eq(quickPayments.id, quickPaymentDocuments.quickPaymentId))
    .where(
      and(
        eq(quickPayments.companyId, companyId),
        eq(quickPaymentDocuments.quickPaymentId, id),
        eq(quickPaymentDocuments.kind, kind),
      ),
    );
  return row ? { fileName: row.fileName, bytes: new Uint8Array(row.bytes) } : null;
}
