import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ArticleTags } from "~/components/help/help-presentation";
import { helpQueryOf, searchHelp, type HelpQuery } from "~/lib/help/search";
import { HELP_CATEGORIES, MAX_HELP_QUERY } from "~/lib/help/types";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Центр помощи — Рейс" }];

/** The list with its search and category from the URL, so a search is a link and survives a reload. */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireCaller(context, request);
  const query = helpQueryOf(new URL(request.url).searchParams);
  return { query, articles: searchHelp(query) };
}

function hrefOf(query: HelpQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  const search = params.toString();
  return `/help${search ? `?${search}` : ""}`;
}

export default function HelpCentre() {
  const { query, articles } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Центр помощи</h1>
        <p className="text-slate-600">
          Как подключить платформы и ЭДО, получить быструю оплату и выбрать тариф.
        </p>
      </div>

      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row">
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        <label htmlFor="help-search" className="sr-only">
          Поиск по статьям
        </label>
        <input
          id="help-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={MAX_HELP_QUERY}
          placeholder="Например: ЭТрН, быстрая оплата, пробный период"
          className="w-full rounded-lg border-0 px-3 py-2 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Найти
        </button>
      </Form>

      <nav aria-label="Категории" className="flex flex-wrap gap-2">
        {[{ id: null, label: "Все" }, ...HELP_CATEGORIES].map((category) => (
          <Link
            key={category.id ?? "all"}
            to={hrefOf({ ...query, category: category.id })}
            aria-current={query.category === category.id ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${query.category === category.id ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {category.label}
          </Link>
        ))}
      </nav>

      {articles.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200" role="status">
          <p>Ничего не нашлось{query.q ? ` по запросу «${query.q}»` : ""}.</p>
          <p className="mt-2 text-sm">
            Попробуйте другие слова или{" "}
            <Link to="/help" className="text-brand-700 hover:underline">
              посмотрите все статьи
            </Link>
            . Не нашли ответ — напишите нам через кнопку «Обратная связь».
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="help-articles">
          {articles.map((article) => (
            <li key={article.id}>
              <Link
                to={`/help/${article.id}`}
                className="flex h-full flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300"
              >
                <ArticleTags article={article} />
                <span className="font-semibold text-slate-900">{article.title}</span>
                <span className="text-sm text-slate-600">{article.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
