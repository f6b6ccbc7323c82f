import type { Db } from "../../../db/client";
import type { GeoDeps } from "../../core/geo/geo";
import { createNominatimGeocoder } from "../../providers/nominatim";
import { createOsrmRouter } from "../../providers/osrm";

/** The geo services' dependencies: an empty URL leaves the gazetteer or the estimate to answer. */
export function geoDepsFor(env: Env, db: Db): GeoDeps {
  return {
    db,
    geocoder: env.GEOCODER_URL ? createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }) : null,
    router: env.ROUTER_URL ? createOsrmRouter({ baseUrl: env.ROUTER_URL }) : null,
    now: () => Date.now(),
  };
}
