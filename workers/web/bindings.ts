import type { Db, WriteGate } from "../../db/client";
import type { ValidSession } from "../core/auth/sessions";
import type { ServiceDeps } from "./deps";
import type { CallerGuess } from "./lib/auth";

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
    /** What a page's writes wait for (pages only; null under /api). */
    writeGate: WriteGate | null;
    /** The caller a page is read for before its session confirms it (decision 0086). */
    callerGuess: CallerGuess | undefined;
    /** The database round trips of this request so far (Server-Timing). */
    roundTrips: { count: number };
  };
};
