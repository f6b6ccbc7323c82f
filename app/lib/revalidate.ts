import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A page whose `params` only change what the browser shows (a dialog, the map's mode, a filter
 * applied in the browser): a navigation that changes nothing else in the URL reloads no data.
 * Same URL (the «Обновить» button) or a submission reloads as usual.
 */
export function keepDataWhenOnly(params: readonly string[]): ShouldRevalidateFunction {
  const without = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const name of params) search.delete(name);
    search.sort();
    return search.toString();
  };
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    const browserOnly =
      !formMethod &&
      currentUrl.pathname === nextUrl.pathname &&
      currentUrl.search !== nextUrl.search &&
      without(currentUrl) === without(nextUrl);
    return browserOnly ? false : defaultShouldRevalidate;
  };
}
