import { Link, useSearchParams } from "@remix-run/react";

const stepClass = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-medium";
const enabledClass = `${stepClass} text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
const disabledClass = `${stepClass} cursor-not-allowed text-slate-400 ring-1 ring-slate-200`;

/** Where a neighbour page starts: right after this page's last order, or right before its first. */
type Neighbour = { after: string } | { before: string };

/**
 * «Назад» / «Вперёд» through the server's pages. The page number lives in the URL, with the
 * neighbour's cursor (`after` the last order shown, `before` the first): the next page starts
 * right after this one however many orders arrived meanwhile, and costs the server what the first
 * does. Back to the first page is the list's head, without a cursor.
 */
export function OrderPagination({
  page,
  pageCount,
  nextCursor,
  prevCursor,
}: {
  page: number;
  pageCount: number;
  nextCursor: string | null;
  prevCursor: string | null;
}) {
  const [searchParams] = useSearchParams();
  const hrefOf = (target: number, cursor: Neighbour | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete("after");
    params.delete("before");
    if (target > 1) {
      params.set("page", String(target));
      for (const [name, value] of Object.entries(cursor ?? {})) params.set(name, value);
    } else params.delete("page");
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const step = (target: number, label: string, cursor: Neighbour | null) =>
    cursor ? (
      <Link to={hrefOf(target, cursor)} className={enabledClass} rel={target > page ? "next" : "prev"}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Страницы заказов" className="flex flex-wrap items-center justify-between gap-3">
      {step(page - 1, "Назад", prevCursor === null ? null : { before: prevCursor })}
      <p className="text-sm text-slate-600">
        Страница {page} из {pageCount}
      </p>
      {step(page + 1, "Вперёд", nextCursor === null ? null : { after: nextCursor })}
    </nav>
  );
}
