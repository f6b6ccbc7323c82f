import type { Db } from "../../../db/client";
import type { PlatformDeps } from "../../core/platforms/connections";
import { platformApis } from "../../providers/platforms-config";

/** The platform services' dependencies for one request of the web Worker (API routes and pages). */
export function platformDepsFor(env: Env, db: Db): PlatformDeps {
  return {
    db,
    credentialsKey: env.CREDENTIALS_KEY,
    platformApi: platformApis(env),
    enqueue: async (job) => {
      await env.JOBS.send(job);
    },
    now: () => Date.now(),
  };
}
