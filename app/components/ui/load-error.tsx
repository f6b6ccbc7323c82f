import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ROLE_REFUSAL } from "../../../workers/core/members/roles";

/**
 * What a signed-in page shows when its data cannot be loaded: what failed, and a plain link
 * that loads the page again (it works even when the app's scripts did not). A page the member's
 * role may not open (403, decision 0077) says so instead: loading it again would not help.
 */
export function LoadError({ title, href }: { title: string; href: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm">Обновите страницу или попробуйте позже.</p>
      <a
        href={href}
        className="mt-3 inline-flex rounded-lg bg-white px-4 py-2 text-sm font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-100"
      >
        Обновить
      </a>
    </div>
  );
}

/** A whole page that failed to load: its heading, then LoadError (route ErrorBoundaries). */
export function PageLoadError({ heading, title, href }: { heading: string; title: string; href: string }) {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <LoadError title={title} href={href} />
    </div>
  );
}

/** A page or action the member's role may not use (403): why, and the way back to their start. */
export function Forbidden() {
  return (
    <div role="alert" className="rounded-xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200">
      <p className="font-medium">{ROLE_REFUSAL.error}</p>
      <p className="mt-1 text-sm">{ROLE_REFUSAL.message}</p>
      <a
        href="/dashboard"
        className="mt-3 inline-flex rounded-lg bg-white px-4 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
      >
        На главную
      </a>
    </div>
  );
}
