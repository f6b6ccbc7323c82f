// The vocabularies the database stores: the values its enum columns and JSON documents may hold.
// They are the product's words (the specs'), defined here, below everything that uses them: the
// schema types its columns with them, and the core and the provider adapters import them from
// here (workers/providers/customer-platform.ts and edo-operator.ts re-export them under the names
// their importers know). db/ imports nothing above it (lint enforces it).

/** The customer platforms (X5, Magnit, Pepsi, Mars, Sber Logistics) a carrier connects to. */
export const PLATFORM_IDS = ["x5", "magnit", "pepsi", "mars", "sber_logistics"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** What an order's `platform_id` may be: a customer platform, or "edo" for an order made from an EDO docflow. */
export const ORDER_PLATFORM_IDS = ["edo", ...PLATFORM_IDS] as const;
export type OrderPlatformId = (typeof ORDER_PLATFORM_IDS)[number];

/** Order statuses of spec 2 §4, including the platforms' odd «свободен». */
export const ORDER_STATUSES = [
  "new",
  "reviewed",
  "accepted",
  "confirmed",
  "in_transit",
  "delivered",
  "invoiced",
  "paid",
  "свободен",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** EDO document categories of spec 2 §9 (a docflow's `docflowType`, the mirror's `category`). */
export const EDO_CATEGORIES = [
  "ETRN",
  "TRNS",
  "PTL",
  "XR",
  "PX",
  "TORG13",
  "TRNPUD",
  "DOV",
  "REQUEST",
  "TRIPREG",
] as const;
export type EdoCategory = (typeof EDO_CATEGORIES)[number];

/** The party roles of spec 2 §6 (a docflow's `roleCode`): shipper, receiver, carrier. */
export const EDO_ROLES = ["GO", "GP", "TK"] as const;
export type EdoRole = (typeof EDO_ROLES)[number];
