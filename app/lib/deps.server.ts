import type { AppLoadContext } from "@remix-run/cloudflare";
import { serviceDeps } from "../../workers/web/wiring";

/**
 * The core services' dependencies for a loader or an action. Built here, inside the Remix
 * bundle, rather than handed over by the web Worker: a provider's error class must be the same
 * class the core services in this bundle test errors against with `instanceof`.
 */
export const depsOf = (context: AppLoadContext) => serviceDeps(context.cloudflare.env, context.db);
