// Throttles on the calls that hand what a user typed to an external provider at our cost and in
// our name: the sign-in proxies (the EDO operator, X5, the customer platforms), which pass a
// login and password through, and geocoding. A burst is refused before the provider is asked
// (decision 0044). Hits are counted in throttle_hits, as sign-in's failures are.
import type { Db } from "../../db/client";
import { ipThrottleKey, takeSlot, type ThrottleRule } from "./throttle";

/** The providers a user's login and password are passed through to. */
export type SignInProxy = "edo" | "x5" | "platforms";

export const PROXY_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-ins one company may send to one provider in the window. Connecting every platform with
 * a typo or two stays well under it; trying passwords does not.
 */
export const MAX_PROXY_SIGN_INS_PER_COMPANY = 10;
/** Per IP: above the company's, so an office of several companies is not stopped by one. */
export const MAX_PROXY_SIGN_INS_PER_IP = 30;

export const GEOCODING_WINDOW_MS = 60 * 1000;
/** Geocoding and route requests (together) one company may make in the window. */
export const MAX_GEOCODING_PER_COMPANY = 60;

/** The limits as the API documentation states them. */
export const PROXY_SIGN_IN_LIMITS = `Не больше ${MAX_PROXY_SIGN_INS_PER_COMPANY} попыток за ${PROXY_SIGN_IN_WINDOW_MS / 60_000} минут от одной компании и ${MAX_PROXY_SIGN_INS_PER_IP} с одного IP, удачных или нет: дальше — 429 с заголовком Retry-After, и логин с паролем никуда не передаются.`;
export const GEOCODING_LIMITS = `Не больше ${MAX_GEOCODING_PER_COMPANY} запросов координат и маршрутов в минуту от одной компании: дальше — 429 с заголовком Retry-After.`;

/** A refused burst, as the core services answer it; the caller answers 429 with Retry-After. */
export type RateLimited = { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

const PROVIDER_NAMES: Record<SignInProxy, string> = {
  edo: "ЭДО",
  x5: "X5",
  platforms: "платформе",
};

export const THROTTLE_MESSAGES = {
  signIn: (provider: SignInProxy, seconds: number) =>
    `Слишком много попыток подключения к ${PROVIDER_NAMES[provider]}. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
  geocoding: (seconds: number) =>
    `Слишком много запросов координат и маршрутов. Попробуйте снова через ${seconds} с.`,
} as const;

const limited = (message: string, retryAfterSeconds: number): RateLimited => ({
  ok: false,
  reason: "rate_limited",
  message,
  retryAfterSeconds,
});

/**
 * Charges one sign-in the company (and the IP it came from, when known) sends to the provider,
 * before the provider is asked; null when it may go, the refusal when the burst is over the
 * limits. Every attempt counts, a correct one too: each one reaches the provider.
 */
export async function takeProxySignIn(
  db: Db,
  provider: SignInProxy,
  from: { companyId: string; ip: string | null },
  now: number,
): Promise<RateLimited | null> {
  const rules: ThrottleRule[] = [
    {
      key: `${provider}-sign-in:company:${from.companyId}`,
      limit: MAX_PROXY_SIGN_INS_PER_COMPANY,
      windowMs: PROXY_SIGN_IN_WINDOW_MS,
    },
    ...(from.ip
      ? [
          {
            key: `${provider}-sign-in:ip:${ipThrottleKey(from.ip)}`,
            limit: MAX_PROXY_SIGN_INS_PER_IP,
            windowMs: PROXY_SIGN_IN_WINDOW_MS,
          },
        ]
      : []),
  ];
  const slot = await takeSlot(db, rules, now);
  return slot.ok
    ? null
    : limited(THROTTLE_MESSAGES.signIn(provider, slot.retryAfterSeconds), slot.retryAfterSeconds);
}

/** Charges one geocoding or route request of the company; null when it may go. */
export async function takeGeocoding(db: Db, companyId: string, now: number): Promise<RateLimited | null> {
  const slot = await takeSlot(
    db,
    [
      {
        key: `geocoding:company:${companyId}`,
        limit: MAX_GEOCODING_PER_COMPANY,
        windowMs: GEOCODING_WINDOW_MS,
      },
    ],
    now,
  );
  return slot.ok
    ? null
    : limited(THROTTLE_MESSAGES.geocoding(slot.retryAfterSeconds), slot.retryAfterSeconds);
}
