/**
 * Customer platforms (X5, Magnit, Pepsi, Mars, Sber Logistics): where carriers get their orders.
 * Each platform's adapter turns its API into these types; nothing of a platform's own response
 * shape passes the adapter.
 */

import type { OrderStatus, PlatformId } from "../../db/vocabulary";

// The platforms' ids and the order statuses are what the database stores: db/ defines them.
export {
  ORDER_PLATFORM_IDS,
  ORDER_STATUSES,
  PLATFORM_IDS,
  type OrderPlatformId,
  type OrderStatus,
  type PlatformId,
} from "../../db/vocabulary";

/** The var holding a platform's API base URL: `X5_API_URL`, `SBER_LOGISTICS_API_URL`, … */
export const platformUrlVar = <Id extends PlatformId>(id: Id) =>
  `${id.toUpperCase() as Uppercase<Id>}_API_URL` as const;

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
