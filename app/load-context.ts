import type { Caller, Db } from "../workers/web/wiring";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** CSP nonce of this response: every inline script Remix renders carries it. */
    cspNonce: string;
    db: Db;
    /** The signed-in user's session, resolved once per request by the web Worker. */
    caller: Caller | null;
    clientIp: string | null;
  }

  interface Future {
    v3_singleFetch: true;
  }
}

export {};
