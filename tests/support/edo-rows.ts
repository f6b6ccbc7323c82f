// Rows a test writes straight to the database to stand for what connecting EDO and «Синхронизировать
// ЭДО» leave behind: the connection (its token is not a real one: nothing asks the operator) and
// the order made from a docflow (no price: the mirror carries none).
import type { edoConnections } from "../../db/schema/edo";
import type { platformOrders } from "../../db/schema/platforms";
import { edoOrderStatus } from "../../workers/core/edo/orders";
import type { WireDocument } from "../../workers/providers/edo-operator";

export function edoConnectionRow(
  companyId: string,
  login = `carrier-${companyId.slice(0, 8)}`,
): typeof edoConnections.$inferInsert {
  return {
    id: crypto.randomUUID(),
    companyId,
    login,
    token: "v1.not-a-real-token",
    tokenExpiresAt: new Date(Date.now() + 3_600_000),
    userName: "Тестов Тест Тестович",
    shortName: "Тестов Т. Т.",
    companyName: "ООО «Тест»",
    createdAt: new Date(),
  };
}

export function edoOrderRow(
  companyId: string,
  edoConnectionId: string,
  doc: WireDocument,
): typeof platformOrders.$inferInsert & { id: string } {
  return {
    id: crypto.randomUUID(),
    companyId,
    edoConnectionId,
    platformId: "edo",
    externalOrderId: doc.id,
    orderNumber: doc.info.doc.num,
    customerName: doc.info.go?.accName ?? null,
    pickupAddress: doc.info.loading?.addr ?? "—",
    deliveryAddress: doc.info.unloading?.addr ?? "—",
    cargoDescription: doc.info.cargo?.name ?? null,
    cargoWeightKg: doc.info.cargo?.weightKg ?? null,
    documentsRequired: [],
    priceKopecks: null,
    currency: "RUB",
    status: edoOrderStatus(doc.info.documents.map((t) => t.type)),
    edoInfo: {
      edoId: doc.id,
      documents: doc.info.documents.map(({ id, type, dateTime }) => ({ id, type, dateTime })),
    },
    createdAt: new Date(Date.parse(doc.createDate)),
    syncedAt: new Date(),
  };
}
