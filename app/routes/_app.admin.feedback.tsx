import {
  data,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import {
  FEEDBACK_PAGE_SIZE,
  feedbackDoneSchema,
  feedbackListQuerySchema,
  feedbackStats,
  listFeedback,
  markFeedbackDone,
  type FeedbackListQuery,
  type FeedbackView,
} from "../../workers/core/feedback/messages";
import { FEEDBACK_MESSAGES, shortUserId } from "../../workers/core/feedback/rules";
import { LoadError } from "~/components/ui/load-error";
import { formatDateTime } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Обратная связь — Рейс" }];

const TITLE = "Обратная связь";

/** The list's filters from the URL; a hand-edited value that cannot be read is left out. */
function queryOf(params: URLSearchParams): FeedbackListQuery {
  const raw = Object.fromEntries(
    ["page", "screen", "user_id", "status"].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = feedbackListQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : feedbackListQuerySchema.parse({});
  return { ...query, limit: FEEDBACK_PAGE_SIZE };
}

/** The panel is the platform admin's (spec 1 §6): everyone else is told 403 «Доступ запрещен». */
function requireAdmin(context: AppLoadContext, request: Request) {
  const { user } = requireCaller(context, request);
  if (user.role !== "admin") throw data(FEEDBACK_MESSAGES.forbidden, { status: 403 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const query = queryOf(new URL(request.url).searchParams);
  const [page, stats] = await Promise.all([listFeedback(context.db, query), feedbackStats(context.db)]);
  return { query, page, stats };
}

/** Marks a message done or open again (issue 24, item 8), as POST /api/feedback/done does. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(context, request);
  const parsed = feedbackDoneSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Некорректные данные формы" }, { status: 400 });
  const result = await markFeedbackDone(context.db, parsed.data, Date.now());
  return result.ok ? { error: null } : data({ error: result.message }, { status: 404 });
}

/** The contact page's messages are stored under "contact"; the dialog's under the screen's name. */
const screenLabel = (screen: string) => (screen === "contact" ? "Форма «Контакты»" : screen);

function hrefWith(query: FeedbackListQuery, change: Partial<FeedbackListQuery>) {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.screen) params.set("screen", next.screen);
  if (next.user_id) params.set("user_id", next.user_id);
  if (next.status) params.set("status", next.status);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/admin/feedback${search ? `?${search}` : ""}`;
}

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";

/** «Выполнено» with when, or the button that marks it; the list reloads after either. */
function DoneControl({ item }: { item: FeedbackView }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // Shown at once, before the list reloads.
  const done = busy ? fetcher.formData?.get("done") === "true" : item.done_at !== null;
  return (
    <fetcher.Form method="post" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="done" value={done ? "false" : "true"} />
      {done ? (
        <span
          className="rounded-full bg-green-50 px-2 py-0.5 font-medium text-green-800"
          data-testid="feedback-done"
        >
          Выполнено{item.done_at ? ` ${formatDateTime(item.done_at)}` : ""}
        </span>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg px-3 py-1.5 font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60"
      >
        {done ? "Вернуть в работу" : "Отметить выполненным"}
      </button>
      {fetcher.data?.error ? (
        <span role="alert" className="text-red-700">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export default function FeedbackAdminPage() {
  const { query, page, stats } = useLoaderData<typeof loader>();
  const { pagination } = page;
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>

      <section aria-label="Сводка" className="grid gap-4 md:grid-cols-3">
        <div className={card}>
          <p className="text-sm text-slate-600">Всего сообщений</p>
          <p className="mt-1 text-3xl font-semibold" data-testid="feedback-total">
            {stats.total.toLocaleString("ru-RU")}
          </p>
        </div>
        <div className={card}>
          <h2 className="text-sm font-medium text-slate-600">Топ-5 экранов</h2>
          <ol className="mt-2 space-y-1 text-sm">
            {Object.entries(stats.by_screen).map(([screen, messages]) => (
              <li key={screen} className="flex justify-between gap-2">
                <Link to={hrefWith(query, { screen, page: 1 })} className="text-brand-700 hover:underline">
                  {screenLabel(screen)}
                </Link>
                <span className="tabular-nums">{messages}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className={card}>
          <h2 className="text-sm font-medium text-slate-600">Топ-5 пользователей</h2>
          <ol className="mt-2 space-y-1 text-sm">
            {Object.entries(stats.by_user).map(([userId, messages]) => (
              <li key={userId} className="flex justify-between gap-2">
                <Link
                  to={hrefWith(query, { user_id: userId, page: 1 })}
                  className="font-mono text-brand-700 hover:underline"
                  title="Показать сообщения пользователя"
                >
                  {shortUserId(userId)}
                </Link>
                <span className="tabular-nums">{messages}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Фильтры">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Экран</span>
          <input
            name="screen"
            defaultValue={query.screen ?? ""}
            list="feedback-screens"
            className="rounded-lg border-0 px-3 py-2 ring-1 ring-slate-300"
          />
          <datalist id="feedback-screens">
            {Object.keys(stats.by_screen).map((screen) => (
              <option key={screen} value={screen} />
            ))}
          </datalist>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">ID пользователя</span>
          <input
            name="user_id"
            defaultValue={query.user_id ?? ""}
            className="rounded-lg border-0 px-3 py-2 font-mono ring-1 ring-slate-300"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Состояние</span>
          <select
            name="status"
            defaultValue={query.status ?? ""}
            className="rounded-lg border-0 px-3 py-2 ring-1 ring-slate-300"
          >
            <option value="">Все</option>
            <option value="open">Открытые</option>
            <option value="done">Выполненные</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">
          Показать
        </button>
        {query.screen || query.user_id || query.status ? (
          <Link to="/admin/feedback" className="px-2 py-2 text-sm text-brand-700 hover:underline">
            Сбросить фильтры
          </Link>
        ) : null}
      </Form>

      {page.feedback.length === 0 ? (
        <p className={`${card} text-sm text-slate-600`}>Сообщений нет.</p>
      ) : (
        <ul className="space-y-3" data-testid="feedback-list">
          {page.feedback.map((item) => (
            <li key={item.id} className={card}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
                  {screenLabel(item.screen)}
                </span>
                <span className="font-medium text-slate-800">{item.user_name}</span>
                <a href={`mailto:${item.user_email}`} className="text-brand-700 hover:underline">
                  {item.user_email}
                </a>
                <time dateTime={item.created_at} className="ml-auto text-slate-500">
                  {formatDateTime(item.created_at)}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{item.message}</p>
              {typeof item.metadata?.url === "string" ? (
                <p className="mt-2 truncate text-xs text-slate-500">{item.metadata.url}</p>
              ) : null}
              <DoneControl item={item} />
            </li>
          ))}
        </ul>
      )}

      {pagination.totalPages > 1 ? (
        <nav aria-label="Страницы" className="flex items-center gap-3 text-sm">
          {pagination.page > 1 ? (
            <Link to={hrefWith(query, { page: pagination.page - 1 })} rel="prev" className="text-brand-700">
              ← Назад
            </Link>
          ) : null}
          <span>
            Страница {pagination.page} из {pagination.totalPages}
          </span>
          {pagination.page < pagination.totalPages ? (
            <Link to={hrefWith(query, { page: pagination.page + 1 })} rel="next" className="text-brand-700">
              Дальше →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>
      {forbidden ? (
        <p role="alert" className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
          {FEEDBACK_MESSAGES.forbidden}
        </p>
      ) : (
        <LoadError title={FEEDBACK_MESSAGES.loadFailed} href={`${pathname}${search}`} />
      )}
    </div>
  );
}
