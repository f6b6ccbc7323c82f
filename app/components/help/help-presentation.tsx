import { HELP_TYPE_LABELS, categoryLabel, type HelpArticleSummary } from "~/lib/help/types";

const TYPE_STYLES: Record<HelpArticleSummary["type"], string> = {
  article: "bg-slate-100 text-slate-700",
  video: "bg-brand-50 text-brand-700",
  faq: "bg-amber-50 text-amber-800",
};

/** An article's category and type, as the list and the article page show them. */
export function ArticleTags({ article }: { article: Pick<HelpArticleSummary, "category" | "type"> }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-medium">
      <span className="text-slate-500">{categoryLabel(article.category)}</span>
      <span className={`rounded-full px-2 py-0.5 ${TYPE_STYLES[article.type]}`}>
        {article.type === "video" ? "▶ " : ""}
        {HELP_TYPE_LABELS[article.type]}
      </span>
    </p>
  );
}
