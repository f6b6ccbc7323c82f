// The one place where the web Worker's routes and pages get the core services' dependencies:
// the database of the request, the providers as the environment configures them, the queue
// and the clock.
import type { Db } from "../../db/client";
import type { BillingDeps } from "../core/billing/payments";
import type { EdoDeps } from "../core/edo/connection";
import type { GeoDeps } from "../core/geo/geo";
import type { PlatformDeps } from "../core/platforms/connections";
import type { X5Deps } from "../core/x5/x5";
import type { CompanyLookup } from "../providers/company-lookup";
import type { BankLookup } from "../providers/bank-lookup";
import { createDadataBankLookup, createDadataLookup } from "../providers/dadata";
import { createEdoApi } from "../providers/edo-api";
import { createNominatimGeocoder } from "../providers/nominatim";
import { createOsrmRouter } from "../providers/osrm";
import { platformApis } from "../providers/platforms-config";
import { paymentProviderFor } from "../providers/yookassa-config";

export type ServiceDeps = {
  edo(): EdoDeps;
  geo(): GeoDeps;
  payments(): BillingDeps;
  platforms(): PlatformDeps;
  x5(): X5Deps;
  companyLookup(): CompanyLookup;
  bankLookup(): BankLookup;
  /** Puts a job on the jobs Worker's queue. */
  enqueue: PlatformDeps["enqueue"];
};

/** A DaData look-up without a key: it fails as the service would. */
const noDadataKey = () => Promise.reject(new Error("DADATA_API_KEY is not set"));

/** Each area's dependencies for one request; a provider's client is made only when asked for. */
export function serviceDeps(env: Env, db: Db): ServiceDeps {
  const now = () => Date.now();
  const enqueue = async (job: Parameters<PlatformDeps["enqueue"]>[0]) => {
    await env.JOBS.send(job);
  };
  return {
    enqueue,
    edo: () => ({
      db,
      credentialsKey: env.CREDENTIALS_KEY,
      edo: createEdoApi({ baseUrl: env.EDO_API_URL }),
      enqueue,
      now,
    }),
    // An empty URL leaves the gazetteer or the estimate to answer.
    geo: () => ({
      db,
      geocoder: env.GEOCODER_URL ? createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }) : null,
      router: env.ROUTER_URL ? createOsrmRouter({ baseUrl: env.ROUTER_URL }) : null,
      now,
    }),
    payments: () => ({ db, provider: paymentProviderFor(env), now }),
    platforms: () => ({
      db,
      credentialsKey: env.CREDENTIALS_KEY,
      platformApi: platformApis(env),
      enqueue,
      now,
    }),
    x5: () => ({ db, credentialsKey: env.CREDENTIALS_KEY, x5: platformApis(env)("x5"), now }),
    // Without a key every look-up fails, which the service logs.
    companyLookup: () => {
      const apiKey = env.DADATA_API_KEY;
      if (!apiKey) return { suggest: noDadataKey };
      return createDadataLookup({ baseUrl: env.DADATA_URL, apiKey });
    },
    bankLookup: () => {
      const apiKey = env.DADATA_API_KEY;
      if (!apiKey) return { findByBic: noDadataKey, suggest: noDadataKey };
      return createDadataBankLookup({ baseUrl: env.DADATA_URL, apiKey });
    },
  };
}
