import { X5_MESSAGES } from "../../../workers/core/x5/schemas";

type Call = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  summary: string;
  bearer: boolean;
  body?: object;
  /** An example, or a sentence where the answer repeats another call's. */
  response: object | string;
  errors?: string;
};

/** The calls of spec 3 §7 as this app serves them under /api/x5. */
const CALLS: Call[] = [
  {
    method: "POST",
    path: "/api/x5/auth",
    summary: "Получить токен X5 по логину и паролю X5. Токен сохраняется для вашей компании.",
    bearer: true,
    body: { userName: "login@company.ru", password: "пароль X5" },
    response: {
      success: true,
      data: {
        token: "x5.eyJzdWIiOiJsb2dpbkBjb21wYW55LnJ1In0…",
        expires: "2026-11-23T10:15:00.000Z",
        user: { userName: "login@company.ru" },
      },
    },
    errors: `400 — пустой логин или пароль, 422 — X5 отклонила логин или пароль, 503 — «${X5_MESSAGES.unavailable}».`,
  },
  {
    method: "GET",
    path: "/api/x5/test",
    summary: "Проверить подключение к X5 сохранённым токеном.",
    bearer: true,
    response: { success: true, data: { connected: true }, message: X5_MESSAGES.works },
    errors: `409 — «${X5_MESSAGES.noToken}» или токен истёк, 503 — X5 не отвечает.`,
  },
  {
    method: "GET",
    path: "/api/x5/auth",
    summary: "Текущий токен X5 компании: токен, срок действия и пользователь X5.",
    bearer: true,
    response: "Тот же, что у POST /api/x5/auth.",
    errors: `404 — «${X5_MESSAGES.noToken}».`,
  },
  {
    method: "DELETE",
    path: "/api/x5/auth",
    summary: "Отключить X5: сохранённый токен удаляется.",
    bearer: true,
    response: { success: true, data: null, message: X5_MESSAGES.disconnected },
  },
  {
    method: "GET",
    path: "/api/x5/health",
    summary: "Работает ли интеграция на стороне Рейса; к самой X5 не обращается.",
    bearer: false,
    response: { success: true, data: { status: "ok", service: "x5" } },
  },
];

const METHOD_STYLES: Record<Call["method"], string> = {
  GET: "bg-emerald-100 text-emerald-800",
  POST: "bg-brand-100 text-brand-700",
  DELETE: "bg-red-100 text-red-800",
};

function Json({ label, value }: { label: string; value: object }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{label}</p>
      {/* Focusable: on a phone the example scrolls sideways, also from the keyboard. */}
      <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** For integrators: the same connection through the JSON API (spec 3 §2, §7). */
export function X5ApiDocs() {
  return (
    <section
      aria-labelledby="x5-api-title"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="x5-api-docs"
    >
      <h2 id="x5-api-title" className="text-lg font-semibold">
        API для интеграции
      </h2>
      <p className="text-sm text-slate-700">
        Всё, что есть на этой странице, доступно вашей учётной системе через JSON API Рейса. Запросы
        выполняются от имени пользователя Рейса: передавайте его токен доступа из{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5">POST /api/auth/login</code> в заголовке{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 break-all">Authorization: Bearer …</code>; без него
        ответ — 401. Токен X5 один на компанию.
      </p>
      <ul className="space-y-4">
        {CALLS.map((call) => (
          <li
            key={`${call.method} ${call.path}`}
            className="space-y-2 border-t border-slate-100 pt-4"
            data-testid="x5-api-call"
          >
            <h3 className="flex flex-wrap items-center gap-2">
              <span className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_STYLES[call.method]}`}>
                {call.method}
              </span>
              <span className="font-mono text-sm break-all">{call.path}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs font-medium ${
                  call.bearer ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700"
                }`}
              >
                {call.bearer ? "Bearer" : "без авторизации"}
              </span>
            </h3>
            <p className="text-sm text-slate-700">{call.summary}</p>
            {call.body ? <Json label="Тело запроса (JSON)" value={call.body} /> : null}
            {typeof call.response === "string" ? (
              <p className="text-sm text-slate-700">Ответ 200: {call.response}</p>
            ) : (
              <Json label="Ответ 200" value={call.response} />
            )}
            {call.errors ? <p className="text-sm text-slate-600">Ошибки: {call.errors}</p> : null}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <a
          href="/docs/api#post-x5-auth"
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-600 hover:underline"
        >
          Полная документация API
          <span className="sr-only"> (откроется в новой вкладке)</span>
        </a>
      </p>
    </section>
  );
}
