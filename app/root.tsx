import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { toast as showToast, Toaster } from "sonner";
import { takeToast } from "~/lib/toast.server";
import { trackPageView } from "~/lib/analytics";
import { pageViewBeaconScript } from "~/lib/page-view-beacon";
import { useNonce } from "~/lib/nonce";
import stylesheet from "~/tailwind.css?url";
import { ROLE_REFUSAL } from "../workers/core/members/roles";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Рейс — финансы и операции для перевозчиков" },
  {
    name: "description",
    content: "Выплата за выполненный рейс за 24 часа, ЭДО, аналитика и заказы с платформ в одном кабинете.",
  },
];

/**
 * After any form submission the root loader runs again, even when the action answered 4xx/5xx
 * (Remix skips revalidation then): it is what takes the toast cookie the action set.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? true : defaultShouldRevalidate;

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request);
  return data({ toast }, { headers });
}

/**
 * A route whose `handle` is `{ hydrate: false }` is plain server-rendered HTML: no Remix runtime,
 * React or toasts are sent (the public landing and legal pages, decision 0032). Its forms post
 * as ordinary HTML forms, and any script it needs it renders itself with the nonce.
 */
function useHydrated(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {hydrated ? (
          <>
            {/* Toasts open below the 65px header of signed-in pages so they never cover its menu,
                profile or sign-out buttons (on a phone sonner spans the full width). */}
            <Toaster
              position="top-right"
              richColors
              closeButton
              offset={{ top: 76 }}
              mobileOffset={{ top: 72 }}
              // Spec 3 §2: toasts last 5 s.
              duration={5_000}
              // A screen reader names the region in Russian, with its hotkey: «Уведомления alt+T».
              containerAriaLabel="Уведомления"
            />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // A plain page counts its own view: the app's analytics client is not on it.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pageViewBeaconScript() }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hydrated = useHydrated();
  useEffect(() => {
    trackPageView(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message);
  }, [toast]);
  // `<html data-hydrated>`: the app runs here, its first page view counted (the effect above it ran
  // first). Before that a visitor who leaves is not counted, and Chromium tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <>
      {/* Without the runtime a toast cannot pop up: the page says it in a line of its own. */}
      {!hydrated && toast ? (
        <p
          role="status"
          className={`px-4 py-2 text-center text-sm font-medium ${toast.type === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}
        >
          {toast.message}
        </p>
      ) : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === null) console.error(error);
  // A page the member's role may not open (decision 0077) when the page has no boundary of its own.
  const [heading, text] =
    status === 404
      ? ["Страница не найдена", "Такой страницы нет. Проверьте адрес или вернитесь на главную."]
      : status === 403
        ? [ROLE_REFUSAL.error, ROLE_REFUSAL.message]
        : [
            "Что-то пошло не так",
            "Мы уже знаем об ошибке и разбираемся. Обновите страницу или попробуйте позже.",
          ];
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <p className="text-slate-600">{text}</p>
      <a href="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        На главную
      </a>
    </main>
  );
}
