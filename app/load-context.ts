declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** CSP nonce of this response: every inline script Remix renders carries it. */
    cspNonce: string;
  }

  interface Future {
    v3_singleFetch: true;
  }
}

export {};
