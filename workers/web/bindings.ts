import type { Db } from "../../db/client";

/** One type for every Hono app of the web Worker. */
export type AppBindings = {
  Bindings: Env;
  Variables: {
    db: Db;
    cspNonce: string;
  };
};
