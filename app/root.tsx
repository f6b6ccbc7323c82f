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
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { toast as showToast, Toaster } from "sonner";
import { takeToast } from "~/lib/toast.server";
import { trackPageView } from "~/lib/analytics";
import { useNonce } from "~/lib/nonce";
import stylesheet from "~/tailwind.css?url";

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

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
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
        {/* Toasts open below the 65px header of signed-in pages so they never cover its menu,
            profile or sign-out buttons (on a phone sonner spans the full width). */}
        <Toaster
          position="top-right"
          richColors
          closeButton
          offset={{ top: 76 }}
          mobileOffset={{ top: 72 }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const location = useLocation();
  useEffect(() => {
    trackPageView(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message);
  }, [toast]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? "Страница не найдена" : "Что-то пошло не так"}</h1>
      <p className="text-slate-600">
        {notFound
          ? "Такой страницы нет. Проверьте адрес или вернитесь на главную."
          : "Мы уже знаем об ошибке и разбираемся. Обновите страницу или попробуйте позже."}
      </p>
      <a href="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        На главную
      </a>
    </main>
  );
}
