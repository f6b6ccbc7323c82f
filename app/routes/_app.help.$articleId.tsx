import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { ArticleTags } from "~/components/help/help-presentation";
import { DemoWalkthrough } from "~/components/landing/demo-walkthrough";
import { LoadError } from "~/components/ui/load-error";
import { helpArticle } from "~/lib/help/search";
import type { HelpBlock } from "~/lib/help/types";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.article.title ?? "Статья не найдена"} — Центр помощи — Рейс` },
];

export function loader({ request, context, params }: LoaderFunctionArgs) {
  requireCaller(context, request);
  const article = helpArticle(params.articleId ?? "");
  if (!article) throw data(null, { status: 404 });
  return { article };
}

function Block({ block }: { block: HelpBlock }) {
  switch (block.kind) {
    case "h":
      return <h2 className="pt-2 text-lg font-semibold text-slate-900">{block.text}</h2>;
    case "p":
      return <p>{block.text}</p>;
    case "steps":
    case "list": {
      const List = block.kind === "steps" ? "ol" : "ul";
      return (
        <List className={`${block.kind === "steps" ? "list-decimal" : "list-disc"} space-y-2 pl-6`}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case "qa":
      return (
        <details className="rounded-lg bg-white p-4 ring-1 ring-slate-200" open>
          <summary className="cursor-pointer font-medium text-slate-900">{block.question}</summary>
          <p className="mt-2">{block.answer}</p>
        </details>
      );
  }
}

function BackLink() {
  return (
    <Link to="/help" className="text-sm text-brand-700 hover:underline">
      ← Центр помощи
    </Link>
  );
}

export default function HelpArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <article className="max-w-3xl space-y-4">
      <BackLink />
      <ArticleTags article={article} />
      <h1 className="text-2xl font-semibold">{article.title}</h1>
      <div className="space-y-4 text-slate-700">
        {article.content.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      {article.type === "video" ? <DemoWalkthrough /> : null}
      {article.links.length > 0 ? (
        <nav aria-label="Разделы из статьи" className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {article.links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
            >
              {link.label} →
            </Link>
          ))}
        </nav>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="max-w-3xl space-y-4">
      <BackLink />
      {notFound ? (
        <div role="alert" className="rounded-xl bg-white p-6 ring-1 ring-slate-200">
          <h1 className="text-xl font-semibold">Статья не найдена</h1>
          <p className="mt-2 text-slate-700">
            Такой статьи в центре помощи нет — возможно, ссылка устарела. Все статьи —{" "}
            <Link to="/help" className="text-brand-700 hover:underline">
              в центре помощи
            </Link>
            .
          </p>
        </div>
      ) : (
        <LoadError title="Не удалось открыть статью" href="/help" />
      )}
    </div>
  );
}
