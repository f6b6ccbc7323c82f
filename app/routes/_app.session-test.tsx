import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button, Spinner } from "~/components/ui/button";
import {
  browserStorage,
  createApiClient,
  STORAGE_KEYS,
  type ApiClient,
  type ApiUser,
  type KeyValueStorage,
} from "~/lib/api-client";
import { formatDateTime } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Проверка сеанса — Рейс" }];

type AuthState = { status: "loading" } | { status: "ready"; user: ApiUser | null; isAuthenticated: boolean };
type CheckResult = { title: string; ok: boolean; message: string; steps: string[] };

/** Stands in for a stolen or corrupted access token: the server answers 401 to it. */
const INVALID_ACCESS_TOKEN = "invalid.access-token.for-testing";

function prefix(token: string | null | undefined): string {
  return token ? `${token.slice(0, 16)}…` : "токена нет";
}

function yesNo(value: boolean) {
  return value ? "да" : "нет";
}

export default function SessionTest() {
  // The client keeps tokens in localStorage, so it exists only in the browser.
  const [client, setClient] = useState<{ api: ApiClient; storage: KeyValueStorage } | null>(null);
  const [auth, setAuth] = useState<AuthState>({ status: "loading" });
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<CheckResult[]>([]);
  const [now, setNow] = useState(() => Date.now());
  /** Every HTTP exchange of the client, so a check can show the 401 → refresh → retry path. */
  const journal = useRef<string[]>([]);

  useEffect(() => {
    const storage = browserStorage();
    const tracedFetch: typeof fetch = async (input, init) => {
      const call = `${init?.method ?? "GET"} ${String(input)}`;
      try {
        const response = await fetch(input, init);
        journal.current.push(`${call} → ${response.status}`);
        return response;
      } catch (error) {
        journal.current.push(`${call} → нет ответа`);
        throw error;
      }
    };
    const api = createApiClient({
      storage,
      fetch: tracedFetch,
      // Unlike the app, which sends a signed-out user to /login, this page stays open: it exists
      // to watch what the client does, and leaving it would hide the outcome being tested.
      onSignedOut: () => {
        toast.error("Сеанс истёк. Войдите снова.");
        setAuth({ status: "ready", user: null, isAuthenticated: false });
      },
    });
    setClient({ api, storage });
    let active = true;
    void api.initialize().then((state) => {
      if (active) setAuth({ status: "ready", ...state });
    });
    const stopAutoRefresh = api.startAutoRefresh();
    setAutoRefresh(true);
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      active = false;
      stopAutoRefresh();
      setAutoRefresh(false);
      clearInterval(clock);
    };
  }, []);

  function record(result: CheckResult) {
    setResults((previous) => [result, ...previous]);
    setNow(Date.now());
  }

  async function checkMe() {
    if (!client) return;
    setBusy(true);
    journal.current = [];
    const result = await client.api.me();
    const steps = journal.current;
    const recovered = steps.some((step) => step.includes("/auth/refresh"));
    if (result.success) {
      setAuth({ status: "ready", user: result.data, isAuthenticated: true });
      record({
        title: "Проверить /auth/me",
        ok: true,
        message: recovered
          ? `Токен доступа не подошёл: клиент обновил токены и повторил запрос. Пользователь: ${result.data.email}`
          : `Пользователь: ${result.data.firstName} ${result.data.lastName}, ${result.data.email}`,
        steps,
      });
    } else {
      record({ title: "Проверить /auth/me", ok: false, message: result.error, steps });
    }
    setBusy(false);
  }

  function injectInvalidToken() {
    if (!client) return;
    client.storage.setItem(STORAGE_KEYS.accessToken, INVALID_ACCESS_TOKEN);
    record({
      title: "Подставить недействительный токен",
      ok: true,
      message: "Токен доступа заменён недействительным: следующий запрос получит 401 и обновит токены.",
      steps: [],
    });
  }

  function clearTokens() {
    if (!client) return;
    client.api.clearTokens();
    setAuth({ status: "ready", user: null, isAuthenticated: false });
    record({
      title: "Очистить токены",
      ok: true,
      message: "Токены и данные пользователя удалены.",
      steps: [],
    });
  }

  const tokens = client?.api.tokens() ?? null;
  const expiresAt = tokens?.accessTokenExpiresAt ?? null;
  const secondsLeft = expiresAt === null ? null : Math.max(0, Math.floor((expiresAt - now) / 1000));
  const disabled = !client || busy;

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Проверка сеанса</h1>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Состояние входа</h2>
        <div
          className="mt-3"
          data-testid="auth-status"
          data-authenticated={auth.status === "ready" && auth.isAuthenticated}
        >
          {auth.status === "loading" ? (
            <Spinner label="Проверяем сеанс…" />
          ) : auth.isAuthenticated ? (
            <div>
              <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-medium text-green-800">
                Авторизован
              </span>
              {auth.user ? (
                <p className="mt-2">
                  {auth.user.firstName} {auth.user.lastName} · {auth.user.email}
                </p>
              ) : null}
            </div>
          ) : (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
              Не авторизован
            </span>
          )}
        </div>
        {client && !tokens ? (
          <p className="mt-3 text-sm text-slate-600">
            Токенов API нет. Войдите через форму на странице{" "}
            <Link to="/api-test" className="font-medium text-brand-600 hover:underline">
              проверки API
            </Link>
            , затем вернитесь сюда.
          </p>
        ) : null}
      </section>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Отладочная информация</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2" data-testid="debug-info">
          <Item label="Токен доступа есть">{client ? yesNo(Boolean(tokens?.accessToken)) : "…"}</Item>
          <Item label="Токен доступа истекает">
            {!client
              ? "…"
              : expiresAt === null
                ? "неизвестно"
                : `${formatDateTime(expiresAt)} (через ${secondsLeft} с)`}
          </Item>
          <Item label="Токен обновления есть">{client ? yesNo(Boolean(tokens?.refreshToken)) : "…"}</Item>
          <Item label="Токен обновления">
            <span className="break-all font-mono">{client ? prefix(tokens?.refreshToken) : "…"}</span>
          </Item>
          <Item label="Автообновление активно">{yesNo(autoRefresh)}</Item>
        </dl>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void checkMe()} disabled={disabled}>
          Проверить /auth/me
        </Button>
        <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
          Перезагрузить
        </Button>
        <Button type="button" variant="secondary" onClick={injectInvalidToken} disabled={disabled || !tokens}>
          Подставить недействительный токен
        </Button>
        <Button type="button" variant="danger" onClick={clearTokens} disabled={disabled}>
          Очистить токены
        </Button>
        {busy ? <Spinner label="Запрос выполняется…" /> : null}
      </div>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-live="polite">
        <h2 className="text-lg font-semibold">Результаты</h2>
        {results.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">Проверок ещё не было.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {results.map((result, index) => (
              <li
                key={results.length - index}
                className="py-3"
                data-testid="check-result"
                data-outcome={result.ok ? "success" : "error"}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{result.title}</span>
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-medium ${
                      result.ok ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"
                    }`}
                  >
                    {result.ok ? "успех" : "ошибка"}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{result.message}</p>
                {result.steps.length > 0 ? (
                  <ol className="mt-1 list-decimal pl-5 font-mono text-xs text-slate-500">
                    {result.steps.map((step, n) => (
                      <li key={n}>{step}</li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
