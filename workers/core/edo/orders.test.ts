import { describe, expect, it } from "vitest";
import type { EdoDocument } from "../../../db/schema";
import { edoOrderFields, edoOrderStatus } from "./orders";

const title = (type: string, dateTime: string) => ({ id: `t-${type}`, type, dateTime, contentSize: 1024 });

const docflow = (overrides: Partial<EdoDocument["info"]> = {}): EdoDocument => ({
  id: "docflow-1",
  docflowType: "ETRN",
  createDate: "2025-03-14T09:12:00+03:00",
  updateDate: "2025-03-15T17:40:00+03:00",
  read: true,
  statusCode: "ON_TRNACLPVYN",
  roleCode: "TK",
  expired: false,
  deleted: false,
  info: {
    doc: {
      num: "ЭТрН-2025-000123",
      date: "2025-03-14",
      trns: "1",
      driver: null,
      chainId: "c",
      trip: null,
    },
    go: { accName: "ООО «Агроторг»", inn: "7825706086", kpp: "784101001" },
    gp: { accName: "АО «Тандер»", inn: "2310031475", kpp: "231001001" },
    tk: null,
    driver: null,
    ts: null,
    loading: { addr: "г. Москва, ул. Складочная, д. 1" },
    unloading: { addr: "г. Краснодар, ул. Солнечная, д. 15/5" },
    cargo: { name: "Продукты питания", weightKg: 12400, pallets: 18 },
    documents: [
      title("ON_TRNACLGROT", "2025-03-14T09:12:00+03:00"),
      title("ON_TRNACLPPRIN", "2025-03-14T10:05:00+03:00"),
      title("ON_TRNACLGRPO", "2025-03-15T17:20:00+03:00"),
      title("ON_TRNACLPVYN", "2025-03-15T17:40:00+03:00"),
    ],
    lastdoc: null,
    ...overrides,
  },
});

describe("EDO docflows as orders", () => {
  it("takes the status from the furthest title the chain holds", () => {
    expect(edoOrderStatus(["ON_TRNACLGROT"])).toBe("accepted");
    expect(edoOrderStatus(["ON_TRNACLGROT", "ON_TRNAPERAK_QRCODE", "ON_TRNACLPPRIN"])).toBe("in_transit");
    expect(edoOrderStatus(["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNAPERAK"])).toBe(
      "delivered",
    );
    expect(edoOrderStatus(["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"])).toBe(
      "свободен",
    );
    expect(edoOrderStatus([])).toBe("new");
  });

  it("reads route, parties, cargo and the chain's dates, and keeps the titles", () => {
    const made = edoOrderFields(docflow());
    expect(made).toEqual({
      ok: true,
      fields: {
        externalOrderId: "docflow-1",
        orderNumber: "ЭТрН-2025-000123",
        customerName: "ООО «Агроторг»",
        pickupAddress: "г. Москва, ул. Складочная, д. 1",
        deliveryAddress: "г. Краснодар, ул. Солнечная, д. 15/5",
        deliveryContactName: "АО «Тандер»",
        cargoDescription: "Продукты питания",
        cargoWeightKg: 12400,
        cargoPackages: 18,
        status: "свободен",
        createdAt: new Date("2025-03-14T06:12:00Z"),
        pickupTimeFrom: new Date("2025-03-14T07:05:00Z"),
        deliveryTimeFrom: new Date("2025-03-15T14:40:00Z"),
        edoInfo: {
          edoId: "docflow-1",
          documents: docflow().info.documents.map(({ id, type, dateTime }) => ({ id, type, dateTime })),
        },
        searchText: "ооо «агроторг»\nао «тандер»\nпродукты питания\nэтрн-2025-000123",
      },
    });
  });

  it("delivers at the consignee's title until the handover is signed; no carriage yet, no pickup", () => {
    const received = edoOrderFields(docflow({ documents: docflow().info.documents.slice(0, 3) }));
    expect(received).toMatchObject({
      fields: { status: "delivered", deliveryTimeFrom: new Date("2025-03-15T14:20:00Z") },
    });
    const issued = edoOrderFields(docflow({ documents: docflow().info.documents.slice(0, 1), cargo: null }));
    expect(issued).toMatchObject({
      fields: {
        status: "accepted",
        pickupTimeFrom: null,
        deliveryTimeFrom: null,
        cargoDescription: null,
        cargoWeightKg: null,
        cargoPackages: null,
      },
    });
  });

  it("makes no order without both addresses, naming the document instead", () => {
    expect(edoOrderFields(docflow({ unloading: null }))).toEqual({ ok: false, number: "ЭТрН-2025-000123" });
    expect(edoOrderFields(docflow({ loading: { addr: "  " } }))).toEqual({
      ok: false,
      number: "ЭТрН-2025-000123",
    });
  });
});
