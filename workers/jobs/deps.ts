import { createDb } from "../../db/client";
import { createEdoApi } from "../providers/edo-api";
import { createNominatimGeocoder } from "../providers/nominatim";
import { createOsrmRouter } from "../providers/osrm";
import { platformApis } from "../providers/platforms-config";
import { factorOf } from "../core/finance/documents/factor";
import { quickPaymentDocumentsFor } from "../core/finance/documents";
import { payoutBankFor } from "../providers/bank-config";
import { paymentProviderFor } from "../providers/yookassa-config";
import { mailerFor } from "../providers/unisender-go";
import type { JobDeps } from "./process";

/** What the queue consumer's jobs work with, as the jobs Worker's env configures it. */
export function jobDeps(env: JobsEnv): JobDeps {
  return {
    db: createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
    now: () => Date.now(),
    credentialsKey: env.CREDENTIALS_KEY,
    platformApi: platformApis(env),
    edo: createEdoApi({ baseUrl: env.EDO_API_URL }),
    // An empty URL leaves the gazetteer or the estimate to answer (decision 0027).
    geocoder: env.GEOCODER_URL ? createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }) : null,
    router: env.ROUTER_URL ? createOsrmRouter({ baseUrl: env.ROUTER_URL }) : null,
    paymentProvider: paymentProviderFor(env),
    payoutBank: payoutBankFor(env),
    documents: { factor: () => factorOf(env), make: quickPaymentDocumentsFor },
    mailer: mailerFor(env),
    enqueue: async (job) => {
      await env.JOBS.send(job);
    },
  };
}
