import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import {
  FEEDBACK_PAGE_SIZE,
  feedbackListQuerySchema,
  feedbackStats,
  listFeedback,
  type FeedbackListQuery,
} from "../../workers/core/feedback/messages";
import { FEEDBACK_MESSAGES, shortUserId } from "../../workers/core/feedback/rules";
import { LoadError } from "~/components/ui/load-error";
import { formatDateTime } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Обратная связь — Рейс" }];

const TITLE = "Обратная связь";

/** The list's filters from the URL; a hand-edited value that cannot be read is left out. */
function queryOf(params: URLSearchParams): FeedbackListQuery {
  const raw = { page: params.get("page") ?? undefined, screen: params.get("screen") ?? undefined };
  const userId = params.get("user_id");
  const parsed = feedbackListQuerySchema.safeParse({ ...raw, ...(userId ? { user_id: userId } : {}) });
  const query = parsed.success ? parsed.data : feedbackListQuerySchema.parse({});
  return { ...query, limit: FEEDBACK_PAGE_SIZE };
}

/** The admin's panel (spec 1 §2 "Feedback", §6): everyone else is told 403 «Доступ запрещен». */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  if (user.role !== "admin") throw data(FEEDBACK_MESSAGES.forbidden, { status: 403 });
  const query = queryOf(new URL(request.url).searchParams);
  const [page, stats] = await Promise.all([listFeedback(context.db, query), feedbackStats(context.db)]);
  return { query, page, stats };
}

/** The contact page's messages are stored under "contact"; the dialog's under the screen's name. */
const screenLabel = (screen: string) => (screen === "contact" ? "Форма «Контакты»" : screen);

function hrefWith(query: FeedbackListQuery, change: Partial<FeedbackListQuery>) {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.screen) params.set("screen", next.screen);
  if (next.user_id) params.set("user_id", next.user_id);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/admin/feedback${search ? `?${search}` : ""}`;
}

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";

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
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">
          Показать
        </button>
        {query.screen || query.user_id ? (
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
