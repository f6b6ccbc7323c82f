// The web Worker's face towards the Remix app (app/): the one module of workers/web that app/
// may import (lint enforces it). Pages reach the core services through their own modules in
// workers/core; from here they take what the Worker wires up per request.
export type { Db } from "../../db/client";
export type { Caller } from "./bindings";
export { serviceDeps, type ServiceDeps } from "./deps";
export { statusOf, type OutcomeReason } from "./outcomes";
export { clearSessionCookieHeader, sessionCookieHeader, sessionTokenOf } from "./lib/auth";
export { recordServerEvents } from "./lib/server-events";
export { openApiDocument } from "./api/openapi";
export type * from "./api/types";
