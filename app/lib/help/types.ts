// The help centre's shapes (spec 1 §3 «Help article», §9 «Help categories»; decision 0067).
// Types and names only, so the pages' components take them without the articles' text.

export const HELP_CATEGORIES = [
  { id: "getting-started", label: "Начало работы" },
  { id: "orders", label: "Заказы" },
  { id: "edo", label: "ЭДО" },
  { id: "analytics", label: "Аналитика" },
  { id: "billing", label: "Оплата и тарифы" },
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number]["id"];

export const HELP_TYPE_LABELS = { article: "Статья", video: "Видео", faq: "Вопросы и ответы" } as const;
export type HelpArticleType = keyof typeof HELP_TYPE_LABELS;

/** A piece of an article: a paragraph, a subheading, numbered steps, a list, or a question with its answer. */
export type HelpBlock =
  | { kind: "p"; text: string }
  | { kind: "h"; text: string }
  | { kind: "steps"; items: string[] }
  | { kind: "list"; items: string[] }
  | { kind: "qa"; question: string; answer: string };

export type HelpArticle = {
  /** The article's address: /help/<id>. */
  id: string;
  title: string;
  category: HelpCategory;
  type: HelpArticleType;
  /** One or two sentences for the list. */
  summary: string;
  content: HelpBlock[];
  /** The product's pages the article is about, linked at its end. */
  links: { to: string; label: string }[];
};

/** What the list shows of an article. */
export type HelpArticleSummary = Pick<HelpArticle, "id" | "title" | "category" | "type" | "summary">;

/** The longest search query read; the rest is ignored. */
export const MAX_HELP_QUERY = 100;

export const categoryLabel = (category: HelpCategory) =>
  HELP_CATEGORIES.find((candidate) => candidate.id === category)!.label;
