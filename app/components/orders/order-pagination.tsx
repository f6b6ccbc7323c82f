import { Link, useSearchParams } from "@remix-run/react";

const stepClass = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-medium";
const enabledClass = `${stepClass} text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
const disabledClass = `${stepClass} cursor-not-allowed text-slate-400 ring-1 ring-slate-200`;

/** «Назад» / «Вперёд» through the server's pages; the page number lives in the URL. */
export function OrderPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [searchParams] = useSearchParams();
  const hrefOf = (target: number) => {
    const params = new URLSearchParams(searchParams);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const step = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={hrefOf(target)} className={enabledClass} rel={target > page ? "next" : "prev"}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Страницы заказов" className="flex flex-wrap items-center justify-between gap-3">
      {step(page - 1, "Назад", page > 1)}
      <p className="text-sm text-slate-600">
        Страница {page} из {pageCount}
      </p>
      {step(page + 1, "Вперёд", page < pageCount)}
    </nav>
  );
}
