import { createDb } from "../../db/client";
import { createEdoApi } from "../providers/edo-api";
import { platformApis } from "../providers/platforms-config";
import { factorOf } from "../core/finance/documents/factor";
import { quickPaymentDocumentsFor } from "../core/finance/documents";
import { payoutBankFor } from "../providers/bank-config";
import { paymentProviderFor } from "../providers/yookassa-config";
import type { JobDeps } from "./process";

/** What the queue consumer's jobs work with, as the jobs Worker's env configures it. */
export function jobDeps(env: JobsEnv): JobDeps {
  return {
    db: createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
    now: () => Date.now(),
    credentialsKey: env.CREDENTIALS_KEY,
    platformApi: platformApis(env),
    edo: createEdoApi({ baseUrl: env.EDO_API_URL }),
    paymentProvider: paymentProviderFor(env),
    payoutBank: payoutBankFor(env),
    documents: { factor: () => factorOf(env), make: quickPaymentDocumentsFor },
    enqueue: async (job) => {
      await env.JOBS.send(job);
    },
  };
}
