import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect, useState, type FormEvent } from "react";
import { Button, Spinner } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/field";
import { createApiClient, type ApiClient, type Envelope } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format";
import type { PartnerLinkStats, PartnerLinkView } from "../../workers/core/partners/links";

export const meta: MetaFunction = () => [{ title: "Проверка API — Рейс" }];

type TestOutcome = "success" | "error" | "skipped";
type TestResult = { name: string; outcome: TestOutcome; durationMs: number; message: string };
type TestName = "health" | "login" | "me" | "refresh" | "partnerPing" | "partnerLeads" | "partnerGenerate";

/** «Запустить все тесты»: the auth calls, then the partner calls of spec 2 §7. */
const ALL_TESTS: TestName[] = [
  "health",
  "login",
  "me",
  "refresh",
  "partnerPing",
  "partnerLeads",
  "partnerGenerate",
];

/** Where the page's own partner links come from, so they can be told apart on /partners. */
const TEST_LINK_SOURCE = "api_test";

const BADGES: Record<TestOutcome, { label: string; className: string }> = {
  success: { label: "успех", className: "bg-green-100 text-green-800" },
  error: { label: "ошибка", className: "bg-red-100 text-red-800" },
  skipped: { label: "пропущен", className: "bg-slate-100 text-slate-600" },
};

function tokenPrefix(token: string | null | undefined): string {
  return token ? `${token.slice(0, 16)}…` : "токена нет";
}

async function timed<T>(
  name: string,
  call: () => Promise<Envelope<T>>,
  describe: (data: T) => string,
): Promise<TestResult> {
  const started = performance.now();
  const result = await call();
  const durationMs = Math.round(performance.now() - started);
  if (result.success) return { name, outcome: "success", durationMs, message: describe(result.data) };
  const message = result.message ? `${result.error}: ${result.message}` : result.error;
  return { name, outcome: "error", durationMs, message };
}

function runTest(api: ApiClient, test: TestName, credentials: { email: string; password: string }) {
  switch (test) {
    case "health":
      return timed("Health (GET /api/health)", api.health, (data) =>
        [
          `Сервис ${data.service}: ${data.status}`,
          data.database.ok
            ? `база данных отвечает за ${data.database.latencyMs} мс`
            : "база данных недоступна",
        ].join(", "),
      );
    case "login":
      if (!credentials.email || !credentials.password) {
        return Promise.resolve<TestResult>({
          name: "Вход (POST /api/auth/login)",
          outcome: "skipped",
          durationMs: 0,
          message: "Тест входа пропущен: введите email и пароль",
        });
      }
      return timed(
        "Вход (POST /api/auth/login)",
        () => api.login(credentials.email, credentials.password),
        (data) => `Добро пожаловать, ${data.user.firstName}! Токены получены и сохранены.`,
      );
    case "me":
      return timed(
        "Текущий пользователь (GET /api/auth/me)",
        api.me,
        (user) => `${user.firstName} ${user.lastName}, ${user.email}`,
      );
    case "refresh":
      return timed(
        "Обновление токенов (POST /api/auth/refresh)",
        api.refresh,
        (data) => `Новый токен доступа действует до ${formatDateTime(data.tokens.accessTokenExpiresAt)}`,
      );
    case "partnerPing":
      return timed(
        "Партнерский API (GET /api/partner/ping)",
        () => api.request<{ status: string; service: string; time: string }>("GET", "/partner/ping"),
        (data) => `Сервис ${data.service}: ${data.status}, время сервера ${formatDateTime(data.time)}`,
      );
    case "partnerLeads":
      return timed(
        "Партнерские ссылки (GET /api/partner/leads)",
        () => api.request<{ stats: PartnerLinkStats }>("GET", "/partner/leads"),
        ({ stats }) => `Ссылок: ${stats.total}, использовано: ${stats.used}, активных: ${stats.active}`,
      );
    case "partnerGenerate":
      return timed(
        "Новая ссылка (POST /api/partner/generate)",
        () => api.request<PartnerLinkView>("POST", "/partner/generate", { source: TEST_LINK_SOURCE }),
        (link) => `Создана ссылка ${link.link} (источник ${link.source})`,
      );
  }
}

export default function ApiTest() {
  // The client keeps tokens in localStorage, so it exists only in the browser.
  const [api, setApi] = useState<ApiClient | null>(null);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [accessToken, setAccessToken] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<TestResult[]>([]);

  useEffect(() => {
    // No onSignedOut: a refused refresh shows up as a failed test here instead of leaving the page.
    const client = createApiClient();
    setApi(client);
    setBaseUrl(new URL("/api", window.location.href).href);
    setAccessToken(client.tokens()?.accessToken ?? null);
  }, []);

  async function run(tests: TestName[]) {
    if (!api || running) return;
    setRunning(true);
    setResults([]);
    for (const test of tests) {
      const result = await runTest(api, test, { email: email.trim(), password });
      setResults((previous) => [...previous, result]);
    }
    setAccessToken(api.tokens()?.accessToken ?? null);
    setRunning(false);
  }

  function onLoginSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(["login"]);
  }

  const disabled = !api || running;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Проверка API</h1>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Адрес API</dt>
            <dd className="break-all font-mono" data-testid="api-base-url">
              {baseUrl ?? "…"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Токен доступа</dt>
            <dd className="break-all font-mono" data-testid="token-prefix">
              {api ? tokenPrefix(accessToken) : "…"}
            </dd>
          </div>
        </dl>
      </section>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Вход для проверки</h2>
        <p className="mt-1 text-sm text-slate-600">
          Тест входа получает токены через API и сохраняет их в браузере; их используют остальные тесты и
          страница проверки сеанса.
        </p>
        <form id="login-test" className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={onLoginSubmit} noValidate>
          <Field
            label="Email"
            inputProps={{
              id: "api-test-email",
              name: "email",
              type: "email",
              autoComplete: "username",
              value: email,
              onChange: (event) => setEmail(event.target.value),
            }}
          />
          <PasswordField
            label="Пароль"
            inputProps={{
              id: "api-test-password",
              name: "password",
              autoComplete: "current-password",
              value: password,
              onChange: (event) => setPassword(event.target.value),
            }}
          />
        </form>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void run(ALL_TESTS)} disabled={disabled}>
          Запустить все тесты
        </Button>
        <Button type="submit" form="login-test" variant="secondary" disabled={disabled}>
          Тест входа
        </Button>
        <Button type="button" variant="secondary" onClick={() => void run(["health"])} disabled={disabled}>
          Тест health
        </Button>
        {running ? <Spinner label="Тесты выполняются…" /> : null}
      </div>
      <p className="text-sm text-slate-600">
        Все тесты проверяют и партнерский API: последний создает ссылку-приглашение с источником{" "}
        <span className="font-mono">{TEST_LINK_SOURCE}</span>, она появится в разделе «Партнеры».
      </p>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-live="polite">
        <h2 className="text-lg font-semibold">Результаты</h2>
        {results.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">
            {running ? "Тесты выполняются…" : "Тесты ещё не запускались."}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="test-results">
            {results.map((result, index) => (
              <li
                key={index}
                className="flex flex-wrap items-start justify-between gap-2 py-3"
                data-testid="test-result"
                data-outcome={result.outcome}
              >
                <div className="min-w-0">
                  <div className="font-medium">{result.name}</div>
                  <div className="break-words text-sm text-slate-600">{result.message}</div>
                </div>
                <div className="flex items-center gap-2 text-sm">
                  <span className="text-slate-500">{result.durationMs} мс</span>
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-medium ${BADGES[result.outcome].className}`}
                  >
                    {BADGES[result.outcome].label}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
