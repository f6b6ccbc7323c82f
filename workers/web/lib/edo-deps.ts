import type { Db } from "../../../db/client";
import type { EdoDeps } from "../../core/edo/connection";
import { createEdoApi } from "../../providers/edo-api";

/** The EDO services' dependencies for one request of the web Worker (API routes and pages). */
export function edoDepsFor(env: Env, db: Db): EdoDeps {
  return {
    db,
    credentialsKey: env.CREDENTIALS_KEY,
    edo: createEdoApi({ baseUrl: env.EDO_API_URL }),
    enqueue: async (job) => {
      await env.JOBS.send(job);
    },
    now: () => Date.now(),
  };
}
