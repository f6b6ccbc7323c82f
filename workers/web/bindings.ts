import type { Db } from "../../db/client";
import type { ValidSession } from "../core/auth/sessions";
import type { ServiceDeps } from "./deps";

/** Who is calling: a signed-in user's live session, and how it was presented. */
export type Caller = ValidSession & { via: "bearer" | "cookie" };

/** One type for every Hono app of the web Worker. */
export type AppBindings = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The core services' dependencies for this request (deps.ts). */
    deps: ServiceDeps;
    cspNonce: string;
    caller: Caller | null;
  };
};
