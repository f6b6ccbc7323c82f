/**
 * Customer platforms (X5, Magnit, Pepsi, Mars, Sber Logistics): where carriers get their orders.
 * Each platform's adapter turns its API into these types; nothing of a platform's own response
 * shape passes the adapter.
 */

export const PLATFORM_IDS = ["x5", "magnit", "pepsi", "mars", "sber_logistics"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** What an order's `platform_id` may be: a customer platform, or "edo" for an order made from an EDO docflow. */
export const ORDER_PLATFORM_IDS = ["edo", ...PLATFORM_IDS] as const;
export type OrderPlatformId = (typeof ORDER_PLATFORM_IDS)[number];

/** The var holding a platform's API base URL: `X5_API_URL`, `SBER_LOGISTICS_API_URL`, … */
export const platformUrlVar = <Id extends PlatformId>(id: Id) =>
  `${id.toUpperCase() as Uppercase<Id>}_API_URL` as const;

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

export type PlatformCredentials = { username: string; password: string };

export type OrderPoint = {
  address: string;
  contactName: string | null;
  contactPhone: string | null;
  /** WGS-84; null when the platform does not know them. */
  longitude: number | null;
  latitude: number | null;
};

/** One order as a platform lists it, in the product's terms. */
export type PlatformOrder = {
  /** The platform's own id of the order: unique within the platform. */
  externalOrderId: string;
  customerName: string | null;
  pickup: OrderPoint;
  delivery: OrderPoint;
  cargo: {
    type: string | null;
    description: string | null;
    /** Kilograms. */
    weightKg: number | null;
    /** Cubic metres. */
    volumeM3: number | null;
  };
  documentsRequired: string[];
  /** Kopecks (integers), as all money in the product. */
  priceKopecks: number | null;
  currency: string;
  paymentTerms: string | null;
  createdAt: Date;
  pickupTimeFrom: Date | null;
  deliveryTimeFrom: Date | null;
  status: OrderStatus;
  vehicleRequirements: string | null;
};

export type OrdersPage = { orders: PlatformOrder[]; page: number; totalPages: number; total: number };

/** A signed-in use of a platform's API: the token an adapter got for the credentials. */
export type PlatformSession = { accessToken: string; expiresAt: number };

/** The credentials were refused: the user must fix them (not retried). */
export class PlatformAuthError extends Error {
  override name = "PlatformAuthError";
}

/** The platform failed, timed out or answered something unreadable: worth retrying later. */
export class PlatformUnavailableError extends Error {
  override name = "PlatformUnavailableError";
}

export interface CustomerPlatform {
  /** Exchanges the carrier's login and password for a session. */
  signIn(credentials: PlatformCredentials): Promise<PlatformSession>;
  /** One page of the carrier's orders, pages counted from 1. */
  ordersPage(session: PlatformSession, page: number, perPage: number): Promise<OrdersPage>;
}
