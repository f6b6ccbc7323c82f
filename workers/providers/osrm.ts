import { z } from "zod";
import { GeoUnavailableError, type GeoPoint, type Router } from "./geo";

const DEFAULT_TIMEOUT_MS = 5_000;

export type OsrmOptions = {
  /** An OSRM server's root (`<sandbox>/osrm` locally). */
  baseUrl: string;
  timeoutMs?: number;
};

/** OSRM's answer: `code` always; `routes` when it is "Ok". */
const answerSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z.array(z.object({ distance: z.number().min(0), duration: z.number().min(0) })).optional(),
});

/** Codes that mean «no road joins these points», not «the router failed». */
const NO_ROUTE_CODES = new Set(["NoRoute", "NoSegment"]);

/** `lng,lat` with six decimals (about 10 cm), as OSRM's path takes a coordinate. */
const lngLat = ({ lat, lng }: GeoPoint) => `${lng.toFixed(6)},${lat.toFixed(6)}`;

/**
 * Road routes through an OSRM server's route service (`/route/v1/driving/{lng},{lat};{lng},{lat}`).
 * NoRoute and NoSegment are null; anything else that is not "Ok" is GeoUnavailableError.
 */
export function createOsrmRouter({ baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS }: OsrmOptions): Router {
  const root = baseUrl.replace(/\/+$/, "");
  return {
    async route(from, to) {
      const url = `${root}/route/v1/driving/${lngLat(from)};${lngLat(to)}?overview=false`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new GeoUnavailableError(timedOut ? `osrm: no answer in ${timeoutMs} ms` : "osrm: unreachable", {
          cause: error,
        });
      }
      // OSRM answers its own errors (NoRoute among them) with 400 and a JSON body.
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) {
        throw new GeoUnavailableError(
          `osrm: HTTP ${response.status}${response.ok ? ", unexpected answer" : ""}`,
        );
      }
      const { code, message, routes } = answer.data;
      if (NO_ROUTE_CODES.has(code)) return null;
      const [best] = routes ?? [];
      if (code !== "Ok" || !response.ok || !best) {
        throw new GeoUnavailableError(
          `osrm: HTTP ${response.status} ${code}${message ? `: ${message}` : ""}`,
        );
      }
      return { distanceMeters: best.distance, durationSeconds: best.duration };
    },
  };
}
