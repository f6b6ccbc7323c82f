// Secrets, local-only vars and the jobs Worker's own vars: `wrangler types` cannot see them.
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
    /** The payout bank's 1C:DirectBank password (decision 0051). */
    BANK_PASSWORD: string;
    // The payout bank's settings: vars of the jobs Worker only (workers/jobs/wrangler.toml), which
    // `wrangler types` leaves out of the web Worker's Env.
    BANK_DIRECTBANK_URL: string;
    BANK_LOGIN: string;
    BANK_CUSTOMER_ID: string;
    BANK_BIC: string;
    BANK_NAME: string;
    BANK_CORRESPONDENT_ACCOUNT: string;
    BANK_PAYER_NAME: string;
    BANK_PAYER_INN: string;
    BANK_PAYER_KPP: string;
    BANK_PAYER_ACCOUNT: string;
    // Рейс's requisites for the quick-payment documents (decision 0056), jobs Worker only.
    REYS_ADDRESS: string;
    REYS_OGRN?: string;
    REYS_VAT_RATE?: string;
    // Transactional e-mail (Unisender Go, decision 0073), jobs Worker only.
    EMAIL_API_URL: string;
    /** The Unisender Go API key (secret), sent in X-API-KEY. */
    EMAIL_API_KEY: string;
    EMAIL_FROM: string;
    EMAIL_FROM_NAME?: string;
    /** DaData API key for company suggestions; without it suggestions are empty. */
    DADATA_API_KEY?: string;
    /**
     * A Mapbox public token (pk.…): /map-analytics then draws with mapbox-gl over Mapbox's style;
     * without one, maplibre-gl over the product's offline base map (decision 0064).
     */
    MAPBOX_TOKEN?: string;
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
  | "GEOCODER_URL"
  | "ROUTER_URL"
  | "YOOKASSA_API_URL"
  | "YOOKASSA_SHOP_ID"
  | "YOOKASSA_SECRET_KEY"
  | "BANK_DIRECTBANK_URL"
  | "BANK_LOGIN"
  | "BANK_PASSWORD"
  | "BANK_CUSTOMER_ID"
  | "BANK_BIC"
  | "BANK_NAME"
  | "BANK_CORRESPONDENT_ACCOUNT"
  | "BANK_PAYER_NAME"
  | "BANK_PAYER_INN"
  | "BANK_PAYER_KPP"
  | "BANK_PAYER_ACCOUNT"
  | "REYS_ADDRESS"
  | "REYS_OGRN"
  | "REYS_VAT_RATE"
  | "EMAIL_API_URL"
  | "EMAIL_API_KEY"
  | "EMAIL_FROM"
  | "EMAIL_FROM_NAME"
>;
type CronEnv = Pick<Env, "JOBS" | "APP_ENV">;
