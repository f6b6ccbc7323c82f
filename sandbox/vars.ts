import { PLATFORM_IDS, platformUrlVar } from "../workers/providers/customer-platform";
import type { PlatformUrls } from "../workers/providers/platforms-config";

/** The sandbox shop's credentials (HTTP Basic: shop id as the user, secret key as the password). */
export const YOOKASSA_SANDBOX_SHOP_ID = "123456";
export const YOOKASSA_SANDBOX_SECRET_KEY = "test_reys_sandbox_secret";
/** The sandbox DaData takes any key; the adapter sends none without one. */
const DADATA_SANDBOX_KEY = "sandbox-key";

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
    ...(Object.fromEntries(
      PLATFORM_IDS.map((id) => [platformUrlVar(id), `${origin}/platforms/${id}`]),
    ) as PlatformUrls),
  };
}
