import type { PaymentProvider } from "./payment-provider";
import { createYooKassa } from "./yookassa";

/** The YooKassa settings of the web and jobs Workers (README «Pointing adapters at real providers»). */
export type YooKassaEnv = {
  /** The API root with its version: https://api.yookassa.ru/v3, or `<sandbox>/v3` locally. */
  YOOKASSA_API_URL: string;
  YOOKASSA_SHOP_ID: string;
  YOOKASSA_SECRET_KEY: string;
};

export function paymentProviderFor(env: YooKassaEnv): PaymentProvider {
  return createYooKassa({
    apiUrl: env.YOOKASSA_API_URL,
    shopId: env.YOOKASSA_SHOP_ID,
    secretKey: env.YOOKASSA_SECRET_KEY,
  });
}
