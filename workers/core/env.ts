import { z } from "zod";

// What each Worker needs from its vars and secrets, checked once when the Worker starts
// (module scope), so a missing or short secret fails the deploy and `wrangler dev` at once
// instead of the first sign-in. Bindings (queues, services) are checked by wrangler itself.

const appEnv = z.enum(["production", "development", "test"]);
const databaseUrl = z
  .string()
  .regex(/^(libsql|https?|wss?|file):/, "a libsql://, https:// or http:// URL of the database");
const optionalSecret = z.string().optional();
const optionalUrl = z.union([z.literal(""), z.url()]).optional();

const databaseVars = { APP_ENV: appEnv, DATABASE_URL: databaseUrl, DATABASE_AUTH_TOKEN: optionalSecret };

/** What reaching customer platforms takes: the key their credentials are sealed with, their URLs. */
const platformVars = {
  CREDENTIALS_KEY: z
    .string("CREDENTIALS_KEY is not set: wrangler secret put CREDENTIALS_KEY (openssl rand -base64 32)")
    .regex(
      /^[A-Za-z0-9+/]{43}=$/,
      "CREDENTIALS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)",
    ),
  X5_API_URL: z.url(),
  MAGNIT_API_URL: z.url(),
  PEPSI_API_URL: z.url(),
  MARS_API_URL: z.url(),
  SBER_LOGISTICS_API_URL: z.url(),
  EDO_API_URL: z.url(),
};

/** Card payments for plans (decision 0031): the YooKassa API root and the shop's credentials. */
const paymentVars = {
  YOOKASSA_API_URL: z.url(),
  YOOKASSA_SHOP_ID: z.string("YOOKASSA_SHOP_ID is not set: wrangler secret put YOOKASSA_SHOP_ID").min(1),
  YOOKASSA_SECRET_KEY: z
    .string("YOOKASSA_SECRET_KEY is not set: wrangler secret put YOOKASSA_SECRET_KEY")
    .min(1),
};

/** The operator's requisites and support contacts for the legal and contact pages (decision 0032). */
const operatorVars = {
  OPERATOR_NAME: z.string("OPERATOR_NAME is not set (the operator's legal name)").trim().min(1),
  OPERATOR_INN: z
    .string("OPERATOR_INN is not set")
    .regex(/^(\d{10}|\d{12})$/, "OPERATOR_INN must be 10 or 12 digits"),
  OPERATOR_OGRN: z
    .string("OPERATOR_OGRN is not set")
    .regex(/^(\d{13}|\d{15})$/, "OPERATOR_OGRN must be 13 or 15 digits"),
  OPERATOR_ADDRESS: z.string("OPERATOR_ADDRESS is not set").trim().min(1),
  SUPPORT_EMAIL: z.email("SUPPORT_EMAIL must be an e-mail address"),
  SUPPORT_PHONE: z
    .string("SUPPORT_PHONE is not set")
    .regex(/^\+?[\d\s()-]{6,20}$/, "SUPPORT_PHONE must be a phone number"),
};

/** Рейс's account its payouts are paid from: the payer of its payment orders (decision 0051). */
const payerVars = {
  BANK_BIC: z.string().regex(/^04\d{7}$/, "BANK_BIC must be 9 digits starting 04"),
  BANK_NAME: z.string("BANK_NAME is not set").min(1),
  BANK_CORRESPONDENT_ACCOUNT: z
    .string()
    .regex(/^30101\d{15}$/, "BANK_CORRESPONDENT_ACCOUNT must be 20 digits starting 30101"),
  BANK_PAYER_NAME: z.string("BANK_PAYER_NAME is not set").min(1),
  BANK_PAYER_INN: z.string().regex(/^(\d{10}|\d{12})$/, "BANK_PAYER_INN must be 10 or 12 digits"),
  BANK_PAYER_KPP: z.string().regex(/^(\d{9})?$/, "BANK_PAYER_KPP must be 9 digits or empty"),
  BANK_PAYER_ACCOUNT: z.string().regex(/^\d{20}$/, "BANK_PAYER_ACCOUNT must be 20 digits"),
};

/** Quick-payment payouts through the bank's 1C:DirectBank service (decision 0051). */
const bankVars = {
  ...payerVars,
  BANK_DIRECTBANK_URL: z.url(),
  BANK_LOGIN: z.string("BANK_LOGIN is not set").min(1),
  BANK_PASSWORD: z.string("BANK_PASSWORD is not set: wrangler secret put BANK_PASSWORD").min(1),
  BANK_CUSTOMER_ID: z.string("BANK_CUSTOMER_ID is not set").min(1),
  // Рейс's requisites its quick-payment documents print (decision 0056).
  REYS_ADDRESS: z.string("REYS_ADDRESS is not set (Рейс's legal address)").trim().min(1),
  REYS_OGRN: z
    .union([z.literal(""), z.string().regex(/^(\d{13}|\d{15})$/, "REYS_OGRN must be 13 or 15 digits")])
    .optional(),
  REYS_VAT_RATE: z
    .string()
    .regex(/^(\d{1,2}|без НДС)?$/i, "REYS_VAT_RATE must be a whole percent (22) or «без НДС»")
    .optional(),
};

/** Transactional e-mail through Unisender Go's Web API v1 (decision 0073). */
const mailVars = {
  EMAIL_API_URL: z.url(
    "EMAIL_API_URL must be Unisender Go's API root, e.g. https://go1.unisender.ru/ru/transactional/api/v1",
  ),
  EMAIL_API_KEY: z.string("EMAIL_API_KEY is not set: wrangler secret put EMAIL_API_KEY").min(1),
  EMAIL_FROM: z.email("EMAIL_FROM must be the sender's address on a domain verified in Unisender Go"),
  EMAIL_FROM_NAME: z.string().optional(),
};

export const webEnvSchema = z.object({
  ...databaseVars,
  ...operatorVars,
  ...platformVars,
  ...paymentVars,
  ...payerVars,
  SESSION_SECRET: z
    .string("SESSION_SECRET is not set: wrangler secret put SESSION_SECRET")
    .min(32, "SESSION_SECRET must be at least 32 characters"),
  DADATA_URL: z.url(),
  DADATA_API_KEY: optionalSecret,
  // Empty or absent: the gazetteer geocodes and routes are estimates (decision 0027).
  GEOCODER_URL: optionalUrl,
  ROUTER_URL: optionalUrl,
  // Quick payment's commission in basis points (200 = 2 %), and per plan ("corporate=150,extended=180");
  // empty or absent: 2 % for every plan (decision 0053).
  QUICK_PAYMENT_FEE_BP: z
    .string()
    .regex(/^(\d{1,4})?$/, "QUICK_PAYMENT_FEE_BP must be whole basis points, e.g. 200 for 2 %")
    .optional(),
  QUICK_PAYMENT_PLAN_FEE_BP: z
    .string()
    .regex(
      /^(\s*[a-z]+\s*=\s*\d{1,4}\s*(,\s*[a-z]+\s*=\s*\d{1,4}\s*)*)?$/,
      'QUICK_PAYMENT_PLAN_FEE_BP must read like "corporate=150,extended=180"',
    )
    .optional(),
  // "1" only behind a proxy of ours that sets X-Real-IP to the client's address (workers/web/lib/auth.ts).
  TRUST_X_REAL_IP: z
    .enum(["", "1"], 'TRUST_X_REAL_IP must be "1" (a proxy in front sets X-Real-IP) or empty')
    .optional(),
});

export const jobsEnvSchema = z.object({
  ...databaseVars,
  ...platformVars,
  ...paymentVars,
  ...bankVars,
  ...mailVars,
  // The edo.geo job's geocoder and router (decision 0062); empty or absent as for the web Worker.
  GEOCODER_URL: optionalUrl,
  ROUTER_URL: optionalUrl,
});

export const cronEnvSchema = z.object({ APP_ENV: appEnv });

/** Throws one error naming every bad variable; never echoes a secret's value. */
export function assertWorkerEnv(worker: string, schema: z.ZodType, env: unknown): void {
  const result = schema.safeParse(env);
  if (result.success) return;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`${worker}: bad environment: ${problems.join("; ")}`);
}
