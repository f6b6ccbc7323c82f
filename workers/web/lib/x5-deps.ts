import type { Db } from "../../../db/client";
import type { X5Deps } from "../../core/x5/x5";
import { platformApis } from "../../providers/platforms-config";

/** The X5 integration's dependencies for one request of the web Worker (API routes and the page). */
export function x5DepsFor(env: Env, db: Db): X5Deps {
  return { db, credentialsKey: env.CREDENTIALS_KEY, x5: platformApis(env)("x5"), now: () => Date.now() };
}
