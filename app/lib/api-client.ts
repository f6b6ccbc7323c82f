/**
 * A small typed client for the Рейс JSON API (spec 1 §7): base path /api, JSON, 10 s timeout,
 * Bearer access token attached when present, one refresh-and-retry on a 401, token auto-refresh.
 *
 * At run time it depends on nothing but `fetch`, a `Storage` and, where the browser has them, Web
 * Locks. Its answer types come from the API's own definitions, so they cannot drift from the server.
 */

import type { ApiUser, Envelope, Health, SignedIn, TokenPair } from "../../workers/web/wiring";

// The API's answers, typed from the operations' own schemas (workers/web/api): type imports
// only, so nothing of the server reaches the browser bundle.
export type { ApiUser, Envelope, Health, SignedIn, TokenPair };

/** A refresh answer; the server may leave the user out, and then the stored one is given. */
export type Refreshed = { tokens: TokenPair; user: ApiUser | null };

/** What the client keeps locally; the access token's expiry is null when it is not known. */
export type StoredTokens = {
  accessToken: string | null;
  refreshToken: string | null;
  accessTokenExpiresAt: number | null;
};

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type ApiClientOptions = {
  /** Where the API lives; "/api" on the site itself. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where tokens and the user are kept; localStorage in a browser, memory elsewhere. */
  storage?: KeyValueStorage;
  timeoutMs?: number;
  /** Called once when the server refuses the session's refresh token: the user must sign in again. */
  onSignedOut?: () => void;
  now?: () => number;
  /** How clients sharing the storage (browser tabs) take turns refreshing; see RefreshCoordinator. */
  coordinator?: RefreshCoordinator;
};

export const STORAGE_KEYS = {
  accessToken: "reys.auth.accessToken",
  refreshToken: "reys.auth.refreshToken",
  accessTokenExpiresAt: "reys.auth.accessTokenExpiresAt",
  user: "reys.auth.user",
} as const;

/** Spec 1 §9: the token check runs every 4 minutes and refreshes under 300 s of life left. */
export const AUTO_REFRESH_INTERVAL_MS = 240_000;
export const REFRESH_THRESHOLD_SECONDS = 300;

const DEFAULT_TIMEOUT_MS = 10_000;

export const CLIENT_MESSAGES = {
  offline: "Нет связи с сервером",
  malformed: "Некорректный ответ сервера",
  loginFailed: "Ошибка входа в систему",
  loginMalformed: "Ошибка входа - неверная структура ответа",
  sessionExpired: "Сеанс истёк. Войдите снова.",
  refreshedElsewhere: "Сеанс обновлён в другой вкладке, но её токены ещё не дошли сюда. Повторите запрос.",
} as const;

const pluralRules = new Intl.PluralRules("ru-RU");

/** "Сервер не ответил за 10 секунд", with the Russian plural of whatever the timeout is. */
export function timeoutMessage(timeoutMs: number): string {
  const seconds = timeoutMs / 1000;
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: "секунду",
    few: "секунды",
    many: "секунд",
    other: "секунды",
  };
  const unit = forms[pluralRules.select(seconds)] ?? "секунд";
  return `Сервер не ответил за ${seconds.toLocaleString("ru-RU")} ${unit}`;
}

/** How one HTTP exchange ended, before it is turned into an envelope. */
type Outcome<T> =
  | { kind: "answer"; status: number; envelope: Envelope<T> }
  | { kind: "malformed"; status: number }
  | { kind: "timeout" }
  | { kind: "offline" };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.success === true && "data" in v) || (v.success === false && typeof v.error === "string");
}

function isTokenPair(value: unknown): value is TokenPair {
  const v = value as Partial<TokenPair> | null | undefined;
  return typeof v?.accessToken === "string" && v.accessToken !== "" && typeof v.refreshToken === "string";
}

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** localStorage when the page may use it (it throws in some private modes), memory otherwise. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== "undefined") {
      localStorage.getItem(STORAGE_KEYS.accessToken);
      return localStorage;
    }
  } catch {
    // Storage is blocked: tokens then live as long as the page.
  }
  return memoryStorage();
}

/**
 * Clients that share one storage (a site's tabs) must not present the same refresh token twice:
 * the server would take the second use for theft and end the session. They refresh one at a
 * time, and the one that refreshed marks the old token as spent. The storage alone cannot say
 * so: localStorage written in one tab reaches the others a moment later, not at once.
 */
export type RefreshCoordinator = {
  /** Runs `task` while no other client runs one. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Tells the others that `refreshToken` has been traded (called inside `exclusive`). */
  markSpent(refreshToken: string): Promise<void>;
  isSpent(refreshToken: string): Promise<boolean>;
};

const REFRESH_LOCK = "reys.auth.refresh";
const SPENT_LOCK_PREFIX = "reys.auth.spent.";
/** Far longer than storage takes to reach the other tabs. */
const SPENT_MARK_MS = 30_000;

/** A refresh token's first characters: enough to tell tokens apart, useless to sign in. */
const fingerprint = (token: string) => token.slice(0, 12);

/**
 * The browser's coordinator, on the Web Locks API, which every tab of the site shares and sees
 * the same way at once: a lock for the turn, and a short-held lock named after a spent token.
 */
function webLocksCoordinator(locks: LockManager): RefreshCoordinator {
  return {
    exclusive: (task) => locks.request(REFRESH_LOCK, task) as Promise<Awaited<ReturnType<typeof task>>>,
    markSpent: (refreshToken) =>
      new Promise<void>((granted) => {
        void locks.request(`${SPENT_LOCK_PREFIX}${fingerprint(refreshToken)}`, () => {
          granted();
          return new Promise((release) => setTimeout(release, SPENT_MARK_MS));
        });
      }),
    isSpent: async (refreshToken) => {
      const { held = [] } = await locks.query();
      return held.some((lock) => lock.name === `${SPENT_LOCK_PREFIX}${fingerprint(refreshToken)}`);
    },
  };
}

/** For one client alone (no Web Locks, or outside a browser): its own refreshes are single-flight. */
function soloCoordinator(): RefreshCoordinator {
  return { exclusive: (task) => task(), markSpent: async () => {}, isSpent: async () => false };
}

export function browserCoordinator(): RefreshCoordinator {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? webLocksCoordinator(locks) : soloCoordinator();
}

/** How long a client waits for another tab's new tokens to reach its storage. */
const SHARED_TOKENS_WAIT_MS = 5_000;

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "/api").replace(/\/+$/, "");
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? browserStorage();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const coordinator = options.coordinator ?? browserCoordinator();

  function read(key: string): string | null {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  }

  function write(key: string, value: string | null) {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      // A full or blocked storage only costs the session its persistence.
    }
  }

  function tokens(): StoredTokens | null {
    const accessToken = read(STORAGE_KEYS.accessToken);
    const refreshToken = read(STORAGE_KEYS.refreshToken);
    if (!accessToken && !refreshToken) return null;
    const expiresAt = Number(read(STORAGE_KEYS.accessTokenExpiresAt));
    return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt > 0 ? expiresAt : null };
  }

  function user(): ApiUser | null {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as ApiUser;
    } catch {
      return null;
    }
  }

  function saveTokens(pair: TokenPair) {
    write(STORAGE_KEYS.accessToken, pair.accessToken);
    write(STORAGE_KEYS.refreshToken, pair.refreshToken);
    write(STORAGE_KEYS.accessTokenExpiresAt, String(pair.accessTokenExpiresAt));
  }

  function saveUser(value: ApiUser) {
    write(STORAGE_KEYS.user, JSON.stringify(value));
  }

  function clearTokens() {
    for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  }

  function accessTokenExpiresInSeconds(): number | null {
    const expiresAt = tokens()?.accessTokenExpiresAt;
    return expiresAt ? Math.floor((expiresAt - now()) / 1000) : null;
  }

  /** One HTTP exchange; never throws. */
  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    accessToken: string | null,
  ): Promise<Outcome<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const headers: Record<string, string> = { Accept: "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        // A Bearer client: on the site itself the session cookie must not stand in for a
        // missing or cleared token (the server prefers the cookie when no Bearer is sent).
        credentials: "omit",
      });
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        if (timedOut) return { kind: "timeout" };
        return { kind: "malformed", status: response.status };
      }
      if (!isEnvelope(parsed)) return { kind: "malformed", status: response.status };
      return { kind: "answer", status: response.status, envelope: parsed as Envelope<T> };
    } catch {
      return timedOut ? { kind: "timeout" } : { kind: "offline" };
    } finally {
      clearTimeout(timer);
    }
  }

  function toEnvelope<T>(outcome: Outcome<T>): Envelope<T> {
    switch (outcome.kind) {
      case "answer":
        return outcome.envelope;
      case "malformed":
        return { success: false, error: CLIENT_MESSAGES.malformed };
      case "timeout":
        return { success: false, error: timeoutMessage(timeoutMs) };
      case "offline":
        return { success: false, error: CLIENT_MESSAGES.offline };
    }
  }

  function endSession() {
    clearTokens();
    options.onSignedOut?.();
  }

  let refreshing: Promise<Envelope<Refreshed>> | null = null;

  /**
   * Trades the refresh token for a new pair. Single-flight: a refresh token works only once
   * (the server revokes the whole session when one is presented twice), so every caller that
   * needs a refresh while one is under way waits for that one, and across tabs the lock lets
   * one tab refresh while the others take its new pair from the shared storage.
   */
  function refresh(): Promise<Envelope<Refreshed>> {
    const seen = tokens()?.refreshToken ?? null;
    refreshing ??= coordinator
      .exclusive(async (): Promise<Envelope<Refreshed>> => {
        let stored = tokens();
        // Another client spent the token this one holds: its new pair is on the way to this
        // client's storage. Wait for it rather than present the spent token.
        if (seen && stored?.refreshToken === seen && (await coordinator.isSpent(seen))) {
          for (
            let waited = 0;
            waited < SHARED_TOKENS_WAIT_MS && tokens()?.refreshToken === seen;
            waited += 50
          ) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          stored = tokens();
          if (stored?.refreshToken === seen)
            return { success: false, error: CLIENT_MESSAGES.refreshedElsewhere };
        }
        const refreshToken = stored?.refreshToken;
        if (!refreshToken) return { success: false, error: CLIENT_MESSAGES.sessionExpired };
        // Another client rotated the pair while this one waited: its tokens are this one's too.
        const accessToken = stored?.accessToken;
        if (seen && refreshToken !== seen && accessToken) {
          const expiresAt = stored?.accessTokenExpiresAt ?? now();
          const pair: TokenPair = {
            accessToken,
            refreshToken,
            accessTokenExpiresAt: expiresAt,
            expiresIn: Math.max(0, Math.floor((expiresAt - now()) / 1000)),
          };
          return { success: true, data: { tokens: pair, user: user() } };
        }
        const outcome = await send<{ tokens: TokenPair; user?: ApiUser }>(
          "POST",
          "/auth/refresh",
          { refreshToken },
          null,
        );
        if (
          outcome.kind === "answer" &&
          outcome.envelope.success &&
          isTokenPair(outcome.envelope.data?.tokens)
        ) {
          const { tokens: pair, user: fresh } = outcome.envelope.data;
          saveTokens(pair);
          if (fresh) saveUser(fresh);
          await coordinator.markSpent(refreshToken);
          return { success: true, data: { tokens: pair, user: fresh ?? user() } };
        }
        // The server refused the token: the session is over. Outages (5xx, no answer) keep the
        // tokens, so the next attempt can still succeed.
        if (outcome.kind === "answer" && outcome.status >= 400 && outcome.status < 500) {
          endSession();
          return outcome.envelope.success
            ? { success: false, error: CLIENT_MESSAGES.sessionExpired }
            : outcome.envelope;
        }
        const failed = toEnvelope(outcome);
        return failed.success ? { success: false, error: CLIENT_MESSAGES.malformed } : failed;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  const NO_RETRY = new Set(["/auth/login", "/auth/refresh", "/auth/register"]);

  /** Calls the API; on a 401 refreshes the session once and repeats the call once. */
  async function request<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const sentToken = tokens()?.accessToken ?? null;
    const first = await send<T>(method, path, body, sentToken);
    const unauthorized = (first.kind === "answer" || first.kind === "malformed") && first.status === 401;
    if (!unauthorized || NO_RETRY.has(path)) return toEnvelope(first);

    const stored = tokens();
    const rotatedMeanwhile = stored?.accessToken && stored.accessToken !== sentToken;
    if (!rotatedMeanwhile) {
      if (stored?.refreshToken) {
        const refreshed = await refresh();
        if (!refreshed.success) return refreshed;
      } else {
        // An access token without a way to renew it is useless; no tokens at all means the
        // session already ended (or never began) and there is nobody to sign out.
        if (stored?.accessToken) endSession();
        return toEnvelope(first);
      }
    }
    return toEnvelope(await send<T>(method, path, body, tokens()?.accessToken ?? null));
  }

  async function login(email: string, password: string): Promise<Envelope<SignedIn>> {
    const outcome = await send<SignedIn>("POST", "/auth/login", { email, password }, null);
    if (outcome.kind === "timeout" || outcome.kind === "offline") return toEnvelope(outcome);
    if (outcome.kind === "answer" && !outcome.envelope.success) {
      const { message, error } = outcome.envelope;
      return { success: false, error: message || error || CLIENT_MESSAGES.loginFailed };
    }
    if (outcome.status >= 300) return { success: false, error: CLIENT_MESSAGES.loginFailed };
    const envelope = outcome.kind === "answer" && outcome.envelope.success ? outcome.envelope : null;
    if (!envelope || !isTokenPair(envelope.data?.tokens) || !envelope.data.user) {
      return { success: false, error: CLIENT_MESSAGES.loginMalformed };
    }
    saveTokens(envelope.data.tokens);
    saveUser(envelope.data.user);
    return envelope;
  }

  /** Ends the session on the server; the local tokens go in any case. */
  async function logout(): Promise<Envelope<null>> {
    // The refresh token lets the server end the session even when the access token has expired.
    const current = tokens();
    const body = current?.refreshToken ? { refreshToken: current.refreshToken } : undefined;
    const outcome = await send<null>("POST", "/auth/logout", body, current?.accessToken ?? null);
    clearTokens();
    return toEnvelope(outcome);
  }

  async function me(): Promise<Envelope<ApiUser>> {
    const result = await request<ApiUser>("GET", "/auth/me");
    if (result.success) saveUser(result.data);
    return result;
  }

  function health(): Promise<Envelope<Health>> {
    return request<Health>("GET", "/health");
  }

  /**
   * Checks the access token every 4 minutes and refreshes it when it has under 300 s left.
   * Returns the function that stops the checks.
   */
  function startAutoRefresh(): () => void {
    const timer = setInterval(() => {
      const stored = tokens();
      if (!stored?.refreshToken) return;
      const left = accessTokenExpiresInSeconds();
      if (left === null || left < REFRESH_THRESHOLD_SECONDS) void refresh();
    }, AUTO_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }

  /**
   * The app-load flow of spec 1 §4: no access token means signed out; otherwise the user is
   * fetched, and if that fails a refresh is tried and the user fetched again; when everything
   * fails the tokens are cleared. (A refresh the server refuses also calls `onSignedOut`.)
   */
  async function initialize(): Promise<{ user: ApiUser | null; isAuthenticated: boolean }> {
    const accessToken = tokens()?.accessToken;
    if (!accessToken) return { user: null, isAuthenticated: false };
    const fetchUser = async () => {
      const result = toEnvelope(
        await send<ApiUser>("GET", "/auth/me", undefined, tokens()?.accessToken ?? null),
      );
      if (result.success) saveUser(result.data);
      return result.success ? result.data : null;
    };
    let current = await fetchUser();
    if (!current && tokens()?.refreshToken) {
      const refreshed = await refresh();
      if (refreshed.success) current = await fetchUser();
    }
    if (current) return { user: current, isAuthenticated: true };
    clearTokens();
    return { user: null, isAuthenticated: false };
  }

  return {
    request,
    login,
    logout,
    refresh,
    me,
    health,
    initialize,
    startAutoRefresh,
    tokens,
    user,
    accessTokenExpiresInSeconds,
    clearTokens,
  };
}
