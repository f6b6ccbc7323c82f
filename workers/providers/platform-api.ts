import { z } from "zod";
import {
  ORDER_STATUSES,
  PlatformAuthError,
  PlatformUnavailableError,
  type CustomerPlatform,
  type PlatformId,
  type PlatformOrder,
} from "./customer-platform";

const DEFAULT_TIMEOUT_MS = 10_000;

export type PlatformApiOptions = {
  platformId: PlatformId;
  /** The platform's API root (`https://…` in production, `<sandbox>/platforms/<id>` locally). */
  baseUrl: string;
  timeoutMs?: number;
  /** Milliseconds since the epoch; sessions expire by it. */
  now?: () => number;
};

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === "bearer", "token_type must be Bearer"),
  expires_in: z.number().positive(),
});

const oauthErrorSchema = z.object({ error: z.string() });

const text = z.string().nullish();
const number = z.number().nullish();
const timestamp = z.iso.datetime({ offset: true });

/** One order as the platforms' protocol lists it; only `id` and `created_at` are indispensable. */
const orderSchema = z.object({
  id: z.string().min(1),
  customer_name: text,
  pickup_address: text,
  pickup_contact_name: text,
  pickup_contact_phone: text,
  delivery_address: text,
  delivery_contact_name: text,
  delivery_contact_phone: text,
  pickup_longitude: number,
  pickup_latitude: number,
  delivery_longitude: number,
  delivery_latitude: number,
  cargo_type: text,
  cargo_description: text,
  cargo_weight: number,
  cargo_volume: number,
  documents_required: z.array(z.string()).nullish(),
  price: number,
  currency: text,
  payment_terms: text,
  created_at: timestamp,
  pickup_time_from: timestamp.nullish(),
  delivery_time_from: timestamp.nullish(),
  status: z.enum(ORDER_STATUSES),
  vehicle_requirements: text,
});

/** The page envelope; its orders are checked one by one. */
const pageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.object({
    page: z.number().int(),
    total: z.number().int().nonnegative(),
    total_pages: z.number().int().nonnegative(),
  }),
});

type WireOrder = z.output<typeof orderSchema>;

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

function toPlatformOrder(order: WireOrder): PlatformOrder {
  return {
    externalOrderId: order.id,
    customerName: order.customer_name ?? null,
    pickup: {
      address: order.pickup_address ?? "",
      contactName: order.pickup_contact_name ?? null,
      contactPhone: order.pickup_contact_phone ?? null,
      longitude: order.pickup_longitude ?? null,
      latitude: order.pickup_latitude ?? null,
    },
    delivery: {
      address: order.delivery_address ?? "",
      contactName: order.delivery_contact_name ?? null,
      contactPhone: order.delivery_contact_phone ?? null,
      longitude: order.delivery_longitude ?? null,
      latitude: order.delivery_latitude ?? null,
    },
    cargo: {
      type: order.cargo_type ?? null,
      description: order.cargo_description ?? null,
      weightKg: order.cargo_weight ?? null,
      volumeM3: order.cargo_volume ?? null,
    },
    documentsRequired: order.documents_required ?? [],
    priceKopecks: order.price == null ? null : Math.round(order.price * 100),
    currency: order.currency ?? "RUB",
    paymentTerms: order.payment_terms ?? null,
    createdAt: new Date(order.created_at),
    pickupTimeFrom: date(order.pickup_time_from),
    deliveryTimeFrom: date(order.delivery_time_from),
    status: order.status,
    vehicleRequirements: order.vehicle_requirements ?? null,
  };
}

/**
 * A customer platform's carrier API: `POST /oauth/token` (password grant) for a Bearer token,
 * then `GET /api/v1/orders?page&per_page`. X5, Magnit, Pepsi, Mars and Sber Logistics speak the
 * same protocol; only their base URLs differ. Tokens and passwords never reach a message or a log.
 */
export function createPlatformApi({
  platformId,
  baseUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  now = Date.now,
}: PlatformApiOptions): CustomerPlatform {
  const root = baseUrl.replace(/\/+$/, "");

  /** Any answer at all, or PlatformUnavailableError when there is none in time. */
  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${root}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new PlatformUnavailableError(
        timedOut ? `${platformId}: no answer in ${timeoutMs} ms` : `${platformId}: unreachable`,
        { cause: error },
      );
    }
  }

  async function readJson(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new PlatformUnavailableError(`${platformId}: ${what}: HTTP ${response.status}, unreadable body`, {
        cause: error,
      });
    }
  }

  /** An answer the adapter will not read: its body is let go so the connection is freed. */
  function discardingBody<E extends Error>(response: Response, error: E): E {
    void response.body?.cancel().catch(() => {});
    return error;
  }

  return {
    async signIn({ username, password }) {
      if (!username || !password) throw new PlatformAuthError(`${platformId}: login or password is empty`);
      const response = await send("/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
      });
      if (response.status === 401) {
        throw discardingBody(
          response,
          new PlatformAuthError(`${platformId}: credentials refused (HTTP 401)`),
        );
      }
      if (response.status === 400) {
        const body = oauthErrorSchema.safeParse(await response.json().catch(() => null));
        // RFC 6749 itself answers refused credentials with 400 invalid_grant; some servers follow it.
        if (body.success && body.data.error === "invalid_grant") {
          throw new PlatformAuthError(`${platformId}: credentials refused (HTTP 400 invalid_grant)`);
        }
        throw new PlatformUnavailableError(
          `${platformId}: sign-in: HTTP 400${body.success ? ` ${body.data.error}` : ""}`,
        );
      }
      if (!response.ok) {
        throw discardingBody(
          response,
          new PlatformUnavailableError(`${platformId}: sign-in: HTTP ${response.status}`),
        );
      }
      const token = tokenSchema.safeParse(await readJson(response, "sign-in"));
      if (!token.success) throw new PlatformUnavailableError(`${platformId}: sign-in: unexpected answer`);
      return { accessToken: token.data.access_token, expiresAt: now() + token.data.expires_in * 1000 };
    },

    async ordersPage(session, page, perPage) {
      const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
      const response = await send(`/api/v1/orders?${query}`, {
        headers: { Authorization: `Bearer ${session.accessToken}`, Accept: "application/json" },
      });
      // An expired or revoked token: signing in again is the cure, unless the credentials changed.
      if (response.status === 401) {
        throw discardingBody(response, new PlatformAuthError(`${platformId}: session refused (HTTP 401)`));
      }
      if (!response.ok) {
        throw discardingBody(
          response,
          new PlatformUnavailableError(`${platformId}: orders: HTTP ${response.status}`),
        );
      }
      const body = pageSchema.safeParse(await readJson(response, "orders"));
      if (!body.success) throw new PlatformUnavailableError(`${platformId}: orders: unexpected answer`);

      // An unreadable order (no id, a status outside the spec's nine…) is skipped, not guessed at:
      // the rest of the page still syncs, and the product keeps what it last knew of that order.
      const orders: PlatformOrder[] = [];
      const skipped: string[] = [];
      for (const raw of body.data.data) {
        const order = orderSchema.safeParse(raw);
        if (order.success) orders.push(toPlatformOrder(order.data));
        else skipped.push(describeSkipped(raw, order.error));
      }
      if (skipped.length > 0) {
        const examples = skipped.slice(0, 3).join("; ");
        console.warn(
          `${platformId}: orders page ${page}: skipped ${skipped.length} unreadable, e.g. ${examples}`,
        );
      }
      const { meta } = body.data;
      return { orders, page: meta.page, totalPages: meta.total_pages, total: meta.total };
    },
  };
}

/** «X5-2026-004512: status: Invalid option…» — the order's id and the first problem, nothing else of it. */
function describeSkipped(raw: unknown, error: z.ZodError): string {
  const id = z.object({ id: z.string() }).safeParse(raw);
  const issue = error.issues[0];
  return `${id.success ? id.data.id.slice(0, 40) : "(no id)"}: ${issue.path.join(".")}: ${issue.message}`;
}
