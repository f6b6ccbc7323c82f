import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { formatNumber } from "~/lib/format";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageWindow } from "./presentation";

const stepClass = "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";
const enabledClass = `${stepClass} text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
const disabledClass = `${stepClass} cursor-not-allowed text-slate-400 ring-1 ring-slate-200`;
const currentClass = `${stepClass} bg-brand-600 text-white ring-1 ring-brand-600`;

/**
 * The documents list's pages (spec 2 §2.4): the range shown, the page size, «Назад» / «Вперёд»
 * and up to five page numbers. The page and its size live in the URL (`page`, `limit`).
 */
export function DocumentPagination({
  page,
  pageCount,
  total,
  limit,
}: {
  page: number;
  pageCount: number;
  total: number;
  limit: number;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  const searchOf = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(searchParams);
    change(params);
    const search = params.toString();
    return search ? `?${search}` : "";
  };
  const hrefOf = (target: number) =>
    searchOf((params) => {
      if (target > 1) params.set("page", String(target));
      else params.delete("page");
    }) || ".";

  const changeSize = (size: string) =>
    navigate(
      {
        search: searchOf((params) => {
          params.delete("page");
          if (Number(size) === DEFAULT_PAGE_SIZE) params.delete("limit");
          else params.set("limit", size);
        }),
      },
      { preventScrollReset: true },
    );

  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);

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
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        <p data-testid="edo-page-range">
          {formatNumber(first)}–{formatNumber(last)} из {formatNumber(total)}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="edo-page-size">Показывать по</label>
          <select
            id="edo-page-size"
            value={String(limit)}
            onChange={(event) => changeSize(event.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Страницы документов" className="flex flex-wrap items-center gap-1.5">
          {step(page - 1, "Назад", page > 1)}
          {pageWindow(page, pageCount).map((target) =>
            target === page ? (
              <span key={target} aria-current="page" className={currentClass}>
                <span className="sr-only">Страница </span>
                {target}
              </span>
            ) : (
              <Link key={target} to={hrefOf(target)} className={enabledClass}>
                <span className="sr-only">Страница </span>
                {target}
              </Link>
            ),
          )}
          {step(page + 1, "Вперёд", page < pageCount)}
        </nav>
      ) : null}
    </div>
  );
}
