import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { apiDocs, type DocField, type DocOperation } from "~/lib/api-docs.server";

export const meta: MetaFunction = () => [
  { title: "Документация API — Рейс" },
  { name: "description", content: "JSON API платформы Рейс: вход, сеансы, компании, аналитика." },
];

/** Public: integrators read it before they have an account. */
export function loader({ request }: LoaderFunctionArgs) {
  return { baseUrl: new URL("/api", request.url).href, groups: apiDocs() };
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-800",
  POST: "bg-brand-100 text-brand-700",
  DELETE: "bg-red-100 text-red-800",
};

const ACCESS_STYLES: Record<DocOperation["access"], string> = {
  public: "bg-slate-100 text-slate-700",
  "signed-in": "bg-amber-100 text-amber-800",
  admin: "bg-purple-100 text-purple-800",
};

export default function ApiDocs() {
  const { baseUrl, groups } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-4 sm:px-6">
          <Link to="/" className="text-xl font-bold text-brand-700">
            Рейс
          </Link>
          <span className="text-slate-400">/</span>
          <span className="font-medium">Документация API</span>
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
        <section className="space-y-3">
          <h1 className="text-3xl font-semibold">Документация API</h1>
          <p className="text-slate-700">
            JSON API платформы Рейс. Адрес:{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5">{baseUrl}</code>
          </p>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>
              Каждый ответ — конверт <code>{"{ success: true, data }"}</code> или{" "}
              <code>{"{ success: false, error, message?, details? }"}</code>; тексты ошибок на русском. У
              каждого метода ниже — схема успешного ответа и пример; ответ с ошибкой всегда в этом конверте.
            </li>
            <li>
              Вход: <code>POST /api/auth/login</code> возвращает токен доступа на 15 минут и токен обновления.
              Передавайте токен доступа в заголовке <code>Authorization: Bearer …</code>.
            </li>
            <li>
              Обновляйте токены, когда до истечения осталось меньше 300 секунд (проверка раз в 4 минуты). На
              ответ 401 обновите токены один раз и повторите запрос; если обновить не удалось — нужен новый
              вход.
            </li>
            <li>Токен обновления действует один раз: повторное предъявление завершает сеанс.</li>
            <li>Ждите ответа не дольше 10 секунд. Тело запроса — не больше 256 КБ.</li>
          </ul>
          <p className="text-slate-700">
            Описание в формате OpenAPI 3.1:{" "}
            <a className="font-medium text-brand-600 hover:underline" href="/api/openapi.json">
              /api/openapi.json
            </a>
          </p>
        </section>

        <nav aria-label="Методы API" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Содержание</h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {groups.map((group) => (
              <div key={group.title}>
                <h3 className="font-medium text-slate-900">{group.title}</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {group.operations.map((operation) => (
                    <li key={operation.id}>
                      <a href={`#${operation.id}`} className="text-brand-600 hover:underline">
                        <span className="font-mono">
                          {operation.method} {operation.path}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>

        {groups.map((group) => (
          <section key={group.title} className="space-y-4">
            <h2 className="text-2xl font-semibold">{group.title}</h2>
            {group.operations.map((operation) => (
              <Operation key={operation.id} operation={operation} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}

function Operation({ operation }: { operation: DocOperation }) {
  return (
    <article
      id={operation.id}
      className="scroll-mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="api-operation"
    >
      <h3 className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_STYLES[operation.method] ?? ""}`}>
          {operation.method}
        </span>
        <span className="break-all font-mono text-base">{operation.path}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${ACCESS_STYLES[operation.access]}`}>
          {operation.accessLabel}
        </span>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      {operation.description ? <p className="mt-1 text-sm text-slate-600">{operation.description}</p> : null}
      <Fields title="Параметры" fields={operation.parameters} />
      <Fields title="Тело запроса (JSON)" fields={operation.body} />
      {operation.success.map((answer) => (
        <div key={answer.status} className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">
            Ответ {answer.status} — {answer.text}
          </h4>
          {answer.file ? <p className="mt-1 text-sm text-slate-700">Файл {answer.file}</p> : null}
          <FieldTable fields={answer.fields} caption="Схема ответа" />
          {answer.example ? (
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
              {answer.example}
            </pre>
          ) : null}
        </div>
      ))}
      {operation.errors.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Ошибки</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {operation.errors.map((error) => (
              <li key={error.status}>
                <span className="font-mono">{error.status}</span> — {error.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

function Fields({ title, fields }: { title: string; fields: DocField[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <FieldTable fields={fields} />
    </div>
  );
}

function FieldTable({ fields, caption }: { fields: DocField[]; caption?: string }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-1 overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-4 font-medium">Поле</th>
            <th className="py-1 pr-4 font-medium">Обязательно</th>
            <th className="py-1 font-medium">Значение</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {fields.map((field) => (
            <tr key={field.name}>
              <td className="py-1 pr-4 font-mono">{field.name}</td>
              <td className="py-1 pr-4">{field.required ? "да" : "нет"}</td>
              <td className="py-1 text-slate-700">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
