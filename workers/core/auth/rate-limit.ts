import type { Db } from "../../../db/client";
import { clearThrottle, ipThrottleKey, takeSlot, type ThrottleRule } from "../throttle";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Judged sign-in failures one e-mail may have in the window. */
export const MAX_LOGIN_FAILURES = 5;
/**
 * Failures one IP may have in the window. Higher than per e-mail: a carrier's office signs in
 * from one address, and one dispatcher's typos must not lock out the rest of the staff, while
 * an attacker trying many e-mails from one address is still stopped after a few dozen.
 */
export const MAX_LOGIN_FAILURES_PER_IP = 20;

export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** Accounts one IP may create in the window (the web form, the API and partner quick sign-up). */
export const MAX_REGISTRATIONS_PER_IP = 10;

const emailKey = (email: string) => `login:email:${email.toLowerCase()}`;

function loginRules(email: string, ip: string | null): ThrottleRule[] {
  return [
    { key: emailKey(email), limit: MAX_LOGIN_FAILURES, windowMs: LOGIN_WINDOW_MS },
    ...(ip
      ? [
          {
            key: `login:ip:${ipThrottleKey(ip)}`,
            limit: MAX_LOGIN_FAILURES_PER_IP,
            windowMs: LOGIN_WINDOW_MS,
          },
        ]
      : []),
  ];
}

/**
 * Charges a sign-in attempt as a failure before the password is checked; a correct password
 * gives it back. So parallel guesses are judged at most 5 times per e-mail.
 */
export function takeLoginAttempt(db: Db, email: string, ip: string | null, now: number) {
  return takeSlot(db, loginRules(email, ip), now);
}

/** A correct password: the e-mail's failures are forgotten (the IP's stay). */
export function clearLoginFailures(db: Db, email: string): Promise<void> {
  return clearThrottle(db, emailKey(email));
}

/** Reserves one of the IP's registrations before the password is hashed. */
export function takeRegistrationSlot(db: Db, ip: string | null, now: number) {
  const rules = ip
    ? [
        {
          key: `register:ip:${ipThrottleKey(ip)}`,
          limit: MAX_REGISTRATIONS_PER_IP,
          windowMs: REGISTRATION_WINDOW_MS,
        },
      ]
    : [];
  return takeSlot(db, rules, now);
}
