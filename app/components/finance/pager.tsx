import { Link } from "@remix-run/react";

const step = "rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50";

/** A keyset list's pages: «В начало» once past the first, «Дальше» while there is more. */
export function Pager({
  label,
  firstHref,
  nextHref,
}: {
  label: string;
  firstHref: string | null;
  nextHref: string | null;
}) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-2">
      {firstHref ? (
        <Link to={firstHref} className={step}>
          В начало
        </Link>
      ) : null}
      {nextHref ? (
        <Link to={nextHref} rel="next" className={step}>
          Дальше
        </Link>
      ) : null}
    </nav>
  );
}
