// Finding help articles (decision 0067): every word of the query must occur in the article's
// title, summary or text, without regard to case and with ё as е, as the product's other
// searches fold text.
import { foldSearch } from "../../../workers/core/text/fold-search";
import { HELP_ARTICLES } from "./articles";
import {
  HELP_CATEGORIES,
  MAX_HELP_QUERY,
  type HelpArticle,
  type HelpArticleSummary,
  type HelpCategory,
} from "./types";

export type HelpQuery = { q: string; category: HelpCategory | null };

/** The list's query from the URL (?q=…&category=…); an unknown category is no filter. */
export function helpQueryOf(params: URLSearchParams): HelpQuery {
  const category = params.get("category");
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_HELP_QUERY),
    category: HELP_CATEGORIES.find((known) => known.id === category)?.id ?? null,
  };
}

function textOf(article: HelpArticle): string {
  const blocks = article.content.map((block) => {
    if (block.kind === "qa") return `${block.question} ${block.answer}`;
    if (block.kind === "steps" || block.kind === "list") return block.items.join(" ");
    return block.text;
  });
  return foldSearch([article.title, article.summary, ...blocks].join(" "));
}

const searchable = HELP_ARTICLES.map((article) => ({
  article,
  title: foldSearch(article.title),
  text: textOf(article),
}));

/** The articles that match, those with every word in the title first, otherwise in the help's order. */
export function searchHelp(query: HelpQuery): HelpArticleSummary[] {
  const words = foldSearch(query.q).split(/\s+/).filter(Boolean);
  const found = searchable.filter(
    ({ article, text }) =>
      (!query.category || article.category === query.category) && words.every((word) => text.includes(word)),
  );
  const inTitle = ({ title }: { title: string }) =>
    words.length > 0 && words.every((word) => title.includes(word));
  return [...found.filter(inTitle), ...found.filter((entry) => !inTitle(entry))].map(
    ({ article: { id, title, category, type, summary } }) => ({ id, title, category, type, summary }),
  );
}

export function helpArticle(id: string): HelpArticle | null {
  return HELP_ARTICLES.find((article) => article.id === id) ?? null;
}
