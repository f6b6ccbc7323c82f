import { PLATFORM_IDS, platformUrlVar } from "../workers/providers/customer-platform";
import type { PlatformUrls } from "../workers/providers/platforms-config";

/** The sandbox shop's credentials (HTTP Basic: shop id as the user, secret key as the password). */
export const YOOKASSA_SANDBOX_SHOP_ID = "123456";
export const YOOKASSA_SANDBOX_SECRET_KEY = "test_reys_sandbox_secret";
/** The sandbox DaData takes any key; the adapter sends none without one. */
const DADATA_SANDBOX_KEY = "sandbox-key";

/** The sandbox Unisender Go's only valid API key (decision 0073). */
export const UNISENDER_GO_SANDBOX_API_KEY = "reys-unisender-go-sandbox-key";

/** Рейс as a customer of the sandbox bank (sandbox/bank, 1C:DirectBank): its login there and its account. */
export const BANK_SANDBOX_LOGIN = "reys";
export const BANK_SANDBOX_PASSWORD = "reys-directbank-sandbox";
export const BANK_SANDBOX_CUSTOMER_ID = "770581432";
export const BANK_SANDBOX_PAYER = {
  name: "ООО «Рейс»",
  inn: "7705814322",
  kpp: "770501001",
  account: "40702810800000047291",
} as const;
/** The rest of Рейс's requisites for its quick-payment documents (decision 0056): made up, like the above. */
export const REYS_SANDBOX_REQUISITES = {
  ogrn: "1257705814321",
  address: "115054, г. Москва, ул. Дубининская, д. 57, стр. 1, помещ. 3",
  vatRate: "22",
} as const;
/** The sandbox bank as the БИК directory (sandbox/dadata/banks.ts) has it. */
export const BANK_SANDBOX_BANK = {
  bic: "044525801",
  name: 'АО "БАНК МАГИСТРАЛЬ"',
  correspondentAccount: "30101810645250000801",
} as const;

/**
 * The Workers' vars that point every provider's adapter at the sandbox served at `origin`, with
 * the credentials it accepts.
 */
export function sandboxProviderVars(origin: string) {
  return {
    DADATA_URL: origin,
    DADATA_API_KEY: DADATA_SANDBOX_KEY,
    EDO_API_URL: `${origin}/edo`,
    GEOCODER_URL: `${origin}/nominatim`,
    ROUTER_URL: `${origin}/osrm`,
    YOOKASSA_API_URL: `${origin}/v3`,
    YOOKASSA_SHOP_ID: YOOKASSA_SANDBOX_SHOP_ID,
    YOOKASSA_SECRET_KEY: YOOKASSA_SANDBOX_SECRET_KEY,
    BANK_DIRECTBANK_URL: `${origin}/directbank`,
    BANK_LOGIN: BANK_SANDBOX_LOGIN,
    BANK_PASSWORD: BANK_SANDBOX_PASSWORD,
    BANK_CUSTOMER_ID: BANK_SANDBOX_CUSTOMER_ID,
    BANK_BIC: BANK_SANDBOX_BANK.bic,
    BANK_NAME: BANK_SANDBOX_BANK.name,
    BANK_CORRESPONDENT_ACCOUNT: BANK_SANDBOX_BANK.correspondentAccount,
    BANK_PAYER_NAME: BANK_SANDBOX_PAYER.name,
    BANK_PAYER_INN: BANK_SANDBOX_PAYER.inn,
    BANK_PAYER_KPP: BANK_SANDBOX_PAYER.kpp,
    BANK_PAYER_ACCOUNT: BANK_SANDBOX_PAYER.account,
    REYS_OGRN: REYS_SANDBOX_REQUISITES.ogrn,
    REYS_ADDRESS: REYS_SANDBOX_REQUISITES.address,
    REYS_VAT_RATE: REYS_SANDBOX_REQUISITES.vatRate,
    EMAIL_API_URL: `${origin}/ru/transactional/api/v1`,
    EMAIL_API_KEY: UNISENDER_GO_SANDBOX_API_KEY,
    EMAIL_FROM: "noreply@reys.example",
    ...(Object.fromEntries(
      PLATFORM_IDS.map((id) => [platformUrlVar(id), `${origin}/platforms/${id}`]),
    ) as PlatformUrls),
  };
}
