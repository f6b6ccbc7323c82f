// An OSRM twin: the route service (`GET /osrm/route/v1/driving/{lng},{lat};{lng},{lat}`) in
// OSRM's response shape. Distances come from the sandbox's own road model (`roadKm`, which
// also prices the platforms' orders), so a route and an order between the same cities agree.
import { Hono, type Context } from "hono";
import { simulatedFailures, type FailureSwitch } from "../failures";
import type { Place } from "../platforms/data/cities";
import { roadKm } from "../platforms/orders";

export const ROUTER_PROVIDER = "router";

/** A truck's average on the sandbox's roads, for OSRM's `duration`. */
const SANDBOX_SPEED_KMH = 70;
/** OSRM's default limit on a route's coordinates. */
const MAX_COORDINATES = 500;

type Point = { lat: number; lng: number };

/**
 * Where roads do not reach from the mainland: a route between two of these areas (or between
 * one and the mainland) has no road, and OSRM answers NoRoute.
 */
const ROADLESS_AREAS: readonly { name: string; lat: [number, number]; lng: [number, number] }[] = [
  { name: "Сахалин", lat: [45.8, 54.5], lng: [141.5, 145] },
  { name: "Камчатка", lat: [50.8, 62], lng: [155.5, 164.5] },
  { name: "Чукотка", lat: [62, 71], lng: [170, 180] },
  { name: "Норильск", lat: [69, 70], lng: [86.5, 89.5] },
];

const areaOf = ({ lat, lng }: Point) =>
  ROADLESS_AREAS.find((a) => lat >= a.lat[0] && lat <= a.lat[1] && lng >= a.lng[0] && lng <= a.lng[1])
    ?.name ?? "mainland";

const placeAt = ({ lat, lng }: Point): Place => ({
  city: "",
  region: null,
  postal: "",
  latitude: lat,
  longitude: lng,
  utcOffset: 0,
});

/** Metres of road between two points: the sandbox's road model, 0 for the same point. */
function legMeters(a: Point, b: Point): number {
  if (Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6) return 0;
  return roadKm(placeAt(a), placeAt(b)) * 1000;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/** Google's encoded polyline (precision 5), OSRM's default `geometries`. */
function encodePolyline(points: Point[]): string {
  let lastLat = 0;
  let lastLng = 0;
  let encoded = "";
  const encode = (value: number) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    while (v >= 0x20) {
      encoded += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    encoded += String.fromCharCode(v + 63);
  };
  for (const { lat, lng } of points) {
    const [eLat, eLng] = [Math.round(lat * 1e5), Math.round(lng * 1e5)];
    encode(eLat - lastLat);
    encode(eLng - lastLng);
    [lastLat, lastLng] = [eLat, eLng];
  }
  return encoded;
}

const osrmError = (c: Context, code: string, message: string) => c.json({ code, message }, 400);

/** `{lng},{lat};{lng},{lat}…` → points; a string when the list is malformed or out of range. */
function parseCoordinates(text: string): Point[] | { code: string; message: string } {
  const points: Point[] = [];
  for (const pair of text.split(";")) {
    const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pair);
    if (!match)
      return {
        code: "InvalidQuery",
        message: `Query string malformed close to position ${text.indexOf(pair)}`,
      };
    const [lng, lat] = [Number(match[1]), Number(match[2])];
    if (Math.abs(lng) > 180 || Math.abs(lat) > 90)
      return { code: "InvalidValue", message: "Invalid coordinate value." };
    points.push({ lat, lng });
  }
  if (points.length < 2)
    return { code: "InvalidQuery", message: "Number of coordinates needs to be at least two." };
  if (points.length > MAX_COORDINATES) return { code: "TooBig", message: "Too many trace coordinates" };
  return points;
}

/** OSRM's route service for the `driving` profile. */
export function osrmSandbox(failures: FailureSwitch) {
  return new Hono()
    .use("/osrm/*", simulatedFailures(failures, ROUTER_PROVIDER))
    .get("/osrm/route/v1/driving/:coordinates", (c) => {
      const points = parseCoordinates(c.req.param("coordinates"));
      if (!Array.isArray(points)) return osrmError(c, points.code, points.message);
      if (new Set(points.map(areaOf)).size > 1)
        return osrmError(c, "NoRoute", "Impossible route between points");
      const legs = points.slice(1).map((to, i) => {
        const distance = tenth(legMeters(points[i], to));
        const duration = tenth((distance / 1000 / SANDBOX_SPEED_KMH) * 3600);
        return { steps: [], summary: "", weight: duration, duration, distance };
      });
      const distance = tenth(legs.reduce((sum, leg) => sum + leg.distance, 0));
      const duration = tenth(legs.reduce((sum, leg) => sum + leg.duration, 0));
      const overview = c.req.query("overview") ?? "simplified";
      return c.json({
        code: "Ok",
        routes: [
          {
            ...(overview === "false" ? {} : { geometry: encodePolyline(points) }),
            legs,
            weight_name: "routability",
            weight: duration,
            duration,
            distance,
          },
        ],
        waypoints: points.map(({ lat, lng }) => ({
          hint: "",
          distance: 0,
          name: "",
          location: [Number(lng.toFixed(6)), Number(lat.toFixed(6))],
        })),
      });
    });
}
