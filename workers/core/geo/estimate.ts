// The route estimate the product gives when no router answers (decision 0027): the straight
// line between the two points times a road factor, driven at an average truck speed. The old
// system filled in random numbers instead; an estimate is the same every time and says so.
import type { GeoPoint } from "../../providers/geo";

/** Roads between Russian cities run about a quarter longer than the straight line. */
export const ROAD_FACTOR = 1.25;
/** A loaded truck's average over a trip, stops and towns included. */
export const AVERAGE_SPEED_KMH = 60;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance in kilometres. */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres and hours with one decimal, as the API gives them. */
export const roundTenth = (value: number) => Math.round(value * 10) / 10;

const decimal = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

/** What the answer says about an estimate, in the user's words. */
export const ESTIMATE_NOTE = `Оценка: расстояние по прямой × ${decimal.format(ROAD_FACTOR)}, средняя скорость ${AVERAGE_SPEED_KMH} км/ч`;

/** The estimated distance (km) and driving time (hours) between two points. */
export function estimateRoute(from: GeoPoint, to: GeoPoint): { distance: number; time: number } {
  const distance = greatCircleKm(from, to) * ROAD_FACTOR;
  return { distance: roundTenth(distance), time: roundTenth(distance / AVERAGE_SPEED_KMH) };
}
