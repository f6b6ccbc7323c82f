// Secrets and local-only vars: not in wrangler.toml, so `wrangler types` cannot see them.
// Set secrets with `wrangler secret put NAME`; locally `npm start` passes them in.
declare namespace Cloudflare {
  interface Env {
    /** Turso auth token (empty for the local sqld). */
    DATABASE_AUTH_TOKEN?: string;
    /** Signs API access tokens; at least 32 characters (checked when the Worker starts). */
    SESSION_SECRET: string;
    /** 32 random bytes, base64: seals customer-platform credentials (checked at start). */
    CREDENTIALS_KEY: string;
    /** YooKassa shop id (Basic auth user) for plan payments (checked at start). */
    YOOKASSA_SHOP_ID: string;
    /** YooKassa secret key (Basic auth password) for plan payments (checked at start). */
    YOOKASSA_SECRET_KEY: string;
    /** DaData API key for company suggestions; without it suggestions are empty. */
    DADATA_API_KEY?: string;
  }
}

/** The jobs and cron Workers' bindings: subsets of the web Worker's (see their wrangler.toml). */
type JobsEnv = Pick<
  Env,
  | "JOBS"
  | "APP_ENV"
  | "DATABASE_URL"
  | "DATABASE_AUTH_TOKEN"
  | "CREDENTIALS_KEY"
  | "X5_API_URL"
  | "MAGNIT_API_URL"
  | "PEPSI_API_URL"
  | "MARS_API_URL"
  | "SBER_LOGISTICS_API_URL"
  | "EDO_API_URL"
  | "YOOKASSA_API_URL"
  | "YOOKASSA_SHOP_ID"
  | "YOOKASSA_SECRET_KEY"
>;
type CronEnv = Pick<Env, "JOBS" | "APP_ENV">;
