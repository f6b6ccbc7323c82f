// The transport map's drawn items (decision 0074): what the map, the canvas map and the heatmap
// need of an address and a route, which both GET /api/edo/geo's answer and the vehicle page's
// read carry, and the compact answer of GET /api/edo/geo/map (each place once, addresses and
// routes naming places by number) turned back into them in the browser.
import type { EdoGeoMap } from "../../../workers/core/edo/geo-read";
import { heatPoints, type HeatPoint } from "../../../workers/core/edo/geo-rules";

export type DrawnAddress = {
  address: string;
  formatted: string | null;
  lat: number | null;
  lng: number | null;
  type: "loading" | "unloading";
  count: number;
};
export type DrawnRoute = {
  from: string;
  to: string;
  fromLat: number | null;
  fromLng: number | null;
  toLat: number | null;
  toLng: number | null;
  count: number;
};
export type Drawn = { addresses: DrawnAddress[]; routes: DrawnRoute[]; heat: { points: HeatPoint[] } };

/** GET /api/edo/geo/map's answer as the map draws it; the heat points from the addresses. */
export function drawnOf(map: EdoGeoMap): Drawn {
  const addresses = map.addresses.map(({ place, type, count }) => ({ ...map.places[place], type, count }));
  const routes = map.routes.map(({ from, to, count }) => {
    const [f, t] = [map.places[from], map.places[to]];
    return {
      from: f.address,
      to: t.address,
      fromLat: f.lat,
      fromLng: f.lng,
      toLat: t.lat,
      toLng: t.lng,
      count,
    };
  });
  return { addresses, routes, heat: { points: heatPoints(addresses) } };
}
