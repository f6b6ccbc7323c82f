import { describe, expect, it } from "vitest";
import { assertWorkerEnv, cronEnvSchema, jobsEnvSchema, webEnvSchema } from "./env";

const WEB = {
  APP_ENV: "production",
  DATABASE_URL: "libsql://reys.turso.io",
  DATABASE_AUTH_TOKEN: "token",
  SESSION_SECRET: "s".repeat(32),
  DADATA_URL: "https://suggestions.dadata.ru",
  CREDENTIALS_KEY: "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c=",
  X5_API_URL: "https://carrier-api.x5.ru",
  MAGNIT_API_URL: "https://carrier-api.magnit.ru",
  PEPSI_API_URL: "https://carrier-api.pepsico.ru",
  MARS_API_URL: "https://carrier-api.mars.com",
  SBER_LOGISTICS_API_URL: "https://carrier-api.sberlogistics.ru",
  EDO_API_URL: "https://api.edo-operator.ru",
  YOOKASSA_API_URL: "https://api.yookassa.ru/v3",
  YOOKASSA_SHOP_ID: "123456",
  YOOKASSA_SECRET_KEY: "live_secret",
  OPERATOR_NAME: "ООО «Рейс Технологии»",
  OPERATOR_INN: "7709123453",
  OPERATOR_OGRN: "1257700123450",
  OPERATOR_ADDRESS: "109012, г. Москва, ул. Ильинка, д. 4, офис 12",
  SUPPORT_EMAIL: "support@reys.ru",
  SUPPORT_PHONE: "+7 800 555-01-23",
  BANK_DIRECTBANK_URL: "https://directbank.example-bank.ru/directbank",
  BANK_LOGIN: "reys",
  BANK_PASSWORD: "bank-secret",
  BANK_CUSTOMER_ID: "770581432",
  BANK_BIC: "044525801",
  BANK_NAME: 'АО "БАНК МАГИСТРАЛЬ"',
  BANK_CORRESPONDENT_ACCOUNT: "30101810645250000801",
  BANK_PAYER_NAME: "ООО «Рейс»",
  BANK_PAYER_INN: "7705814322",
  BANK_PAYER_KPP: "770501001",
  BANK_PAYER_ACCOUNT: "40702810800000047291",
  REYS_ADDRESS: "115054, г. Москва, ул. Дубининская, д. 57, стр. 1, помещ. 3",
  EMAIL_API_URL: "https://go1.unisender.ru/ru/transactional/api/v1",
  EMAIL_API_KEY: "unisender-go-key",
  EMAIL_FROM: "noreply@reys.ru",
};

describe("Worker environment", () => {
  it("accepts a complete production environment of each Worker", () => {
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, WEB)).not.toThrow();
    expect(() => assertWorkerEnv("reys-jobs", jobsEnvSchema, WEB)).not.toThrow();
    expect(() => assertWorkerEnv("reys-cron", cronEnvSchema, WEB)).not.toThrow();
  });

  it("needs the e-mail provider's root, key and sender in the jobs Worker, not in the web Worker", () => {
    const { EMAIL_API_KEY: _, ...noKey } = WEB;
    expect(() => assertWorkerEnv("reys-jobs", jobsEnvSchema, noKey)).toThrow(
      "reys-jobs: bad environment: EMAIL_API_KEY: EMAIL_API_KEY is not set: wrangler secret put EMAIL_API_KEY",
    );
    const { EMAIL_API_URL: __, EMAIL_FROM: ___, ...noMail } = noKey;
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, noMail)).not.toThrow();
  });

  it("refuses to start without a session secret of at least 32 characters, without echoing it", () => {
    const { SESSION_SECRET: _, ...missing } = WEB;
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, missing)).toThrow(
      "reys-web: bad environment: SESSION_SECRET: SESSION_SECRET is not set: wrangler secret put SESSION_SECRET",
    );
    const short = { ...WEB, SESSION_SECRET: "short-secret-value" };
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, short)).toThrow(
      "SESSION_SECRET must be at least 32 characters",
    );
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, short)).not.toThrow("short-secret-value");
  });

  it("needs the payout bank's settings and Рейс's address in the jobs Worker, the payer's in the web Worker", () => {
    const { BANK_PASSWORD: _, REYS_ADDRESS: __, ...jobsMissing } = WEB;
    expect(() => assertWorkerEnv("reys-jobs", jobsEnvSchema, jobsMissing)).toThrow(
      /BANK_PASSWORD: BANK_PASSWORD is not set: wrangler secret put BANK_PASSWORD; REYS_ADDRESS: REYS_ADDRESS is not set/,
    );
    expect(() =>
      assertWorkerEnv("reys-web", webEnvSchema, { ...WEB, BANK_PAYER_ACCOUNT: "4070281080" }),
    ).toThrow("BANK_PAYER_ACCOUNT: BANK_PAYER_ACCOUNT must be 20 digits");
  });

  it("names every bad variable at once", () => {
    expect(() =>
      assertWorkerEnv("reys-jobs", jobsEnvSchema, {
        ...WEB,
        APP_ENV: "staging",
        DATABASE_URL: "postgres://x",
      }),
    ).toThrow(/APP_ENV: .*; DATABASE_URL: a libsql:\/\/, https:\/\/ or http:\/\/ URL of the database/);
  });

  it("takes the geocoder and router URLs as optional: empty means the gazetteer and the estimate", () => {
    const geo = (GEOCODER_URL: string, ROUTER_URL: string) => ({ ...WEB, GEOCODER_URL, ROUTER_URL });
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, geo("", ""))).not.toThrow();
    expect(() =>
      assertWorkerEnv("reys-web", webEnvSchema, geo("https://geo.example/nominatim", "https://osrm.example")),
    ).not.toThrow();
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, geo("nominatim", ""))).toThrow(/GEOCODER_URL/);
  });

  it("trusts X-Real-IP only on an explicit 1 (wrangler.toml's empty value: Cloudflare's address only)", () => {
    const proxy = (TRUST_X_REAL_IP: string) => ({ ...WEB, TRUST_X_REAL_IP });
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, proxy(""))).not.toThrow();
    expect(() => assertWorkerEnv("reys-web", webEnvSchema, proxy("1"))).not.toThrow();
    for (const value of ["true", "yes", "0"]) {
      expect(() => assertWorkerEnv("reys-web", webEnvSchema, proxy(value))).toThrow(/TRUST_X_REAL_IP/);
    }
  });
});
