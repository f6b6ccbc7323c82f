import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { listPlatforms } from "../../workers/core/platforms/catalogue";
import {
  createConnection,
  deleteConnection,
  listConnections,
  newConnectionSchema,
  PLATFORM_MESSAGES,
  startSync,
  testConnection,
} from "../../workers/core/platforms/connections";
import { statusOf } from "../../workers/web/wiring";
import { ConnectPlatformDialog } from "~/components/platforms/connect-platform-dialog";
import { ConnectionCard, type PlatformsPageAnswer } from "~/components/platforms/connection-card";
import { useSyncProgress } from "~/components/platforms/use-sync-progress";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { LoadError } from "~/components/ui/load-error";
import type { ActionAnswer } from "~/lib/action-answer";
import { plural } from "~/lib/format";
import { ownHeaders } from "~/lib/route-headers";
import { keepDataWhenOnly } from "~/lib/revalidate";
import { requireCaller } from "~/lib/session.server";
import { depsOf } from "~/lib/deps.server";
import { toastHeaders, type Toast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Платформы — Рейс" }];

/** The action's Retry-After reaches the browser with a refused burst of sign-ins. */
export const headers: HeadersFunction = ownHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return {
    platforms: listPlatforms(),
    connections: await listConnections(context.db, user.company.id, Date.now()),
  };
}

const withToast = async <T,>(body: T, status: number, toast: Toast) =>
  data(body, { status, headers: await toastHeaders(toast) });

const notFound = <T,>(body: T) =>
  withToast(body, 404, { type: "error", message: PLATFORM_MESSAGES.notFound });

export async function action({ request, context }: ActionFunctionArgs): ActionAnswer<PlatformsPageAnswer> {
  const { user } = requireCaller(context, request);
  const companyId = user.company.id;
  const deps = depsOf(context).platforms();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const connectionId = String(formData.get("connectionId") ?? "");

  if (intent === "connect") {
    const submission = parseWithZod(formData, { schema: newConnectionSchema });
    // What was typed comes back to the form, except the password.
    const reply = (status: number, formErrors?: string[], headers?: Record<string, string>) =>
      data(
        {
          intent: "connect" as const,
          result: submission.reply({ formErrors, hideFields: ["credentials.password"] }),
        },
        { status, headers },
      );
    if (submission.status !== "success") return reply(400);
    let created;
    try {
      created = await createConnection(deps, companyId, submission.value, context.clientIp);
    } catch (error) {
      console.error("platforms: connect failed", error);
      return reply(500, ["Не удалось создать подключение"]);
    }
    if (!created.ok && created.reason === "rate_limited") {
      return reply(statusOf(created.reason), [created.message], {
        "Retry-After": String(created.retryAfterSeconds),
      });
    }
    if (!created.ok) return reply(statusOf(created.reason), [created.message]);
    return redirect("/platforms", {
      headers: await toastHeaders({ type: "success", message: PLATFORM_MESSAGES.created }),
    });
  }

  if (intent === "test") {
    try {
      const result = await testConnection(deps, companyId, connectionId);
      if (!result) return notFound({ intent: "test" as const, connected: false });
      return withToast(
        { intent: "test" as const, connected: result.connected },
        200,
        result.connected
          ? { type: "success", message: "Платформа доступна" }
          : { type: "error", message: "Ошибка подключения: Не удалось подключиться к платформе" },
      );
    } catch (error) {
      console.error("platforms: test failed", error);
      return withToast({ intent: "test" as const, connected: false }, 500, {
        type: "error",
        message: "Не удалось протестировать подключение",
      });
    }
  }

  if (intent === "sync") {
    try {
      const connection = await startSync(deps, companyId, connectionId);
      if (!connection) return notFound({ intent: "sync" as const, connection: null });
      return data({ intent: "sync" as const, connection }, { status: 202 });
    } catch (error) {
      console.error("platforms: sync failed to start", error);
      return withToast({ intent: "sync" as const, connection: null }, 500, {
        type: "error",
        message: "Не удалось синхронизировать заказы",
      });
    }
  }

  if (intent === "disconnect") {
    const deleted = await deleteConnection(context.db, companyId, connectionId);
    if (!deleted) return notFound({ intent: "disconnect" as const });
    return redirect("/platforms", {
      headers: await toastHeaders({ type: "success", message: "Платформа отключена, её заказы удалены" }),
    });
  }

  return data({ intent: null }, { status: 400 });
}

/** Search parameters that only open a dialog: changing them needs no fresh data. */
const DIALOG_PARAMS = ["connect", "disconnect"];

export const shouldRevalidate = keepDataWhenOnly(DIALOG_PARAMS);

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition bg-brand-600 text-white hover:bg-brand-700";

export default function Platforms() {
  const { platforms, connections } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const watchSync = useSyncProgress(connections);

  // Dialogs live in the URL, so they open without JavaScript too and «Назад» closes them.
  const dialogHref = (name: string, value: string) => {
    const params = new URLSearchParams(searchParams);
    for (const param of DIALOG_PARAMS) params.delete(param);
    params.set(name, value);
    return `?${params}`;
  };
  const closeParams = new URLSearchParams(searchParams);
  for (const param of DIALOG_PARAMS) closeParams.delete(param);
  const closeSearch = closeParams.toString();
  const closeHref = `${location.pathname}${closeSearch ? `?${closeSearch}` : ""}`;
  const closeDialog = () => {
    // Opened from this page: going back removes the dialog's history entry as well.
    if ((location.state as { modal?: boolean } | null)?.modal) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  const connectParam = searchParams.get("connect");
  const preselected = platforms.some((platform) => platform.id === connectParam) ? connectParam! : undefined;
  const connectResult = actionData?.intent === "connect" ? actionData.result : undefined;
  const disconnecting = connections.find((connection) => connection.id === searchParams.get("disconnect"));
  const disconnectBusy = navigation.state !== "idle" && navigation.formData?.get("intent") === "disconnect";
  const connectedCount = (platformId: string) =>
    connections.filter((connection) => connection.platform_id === platformId).length;

  const connectLink = (platformId: string, label: string, extra = "") => (
    <Link
      to={dialogHref("connect", platformId)}
      preventScrollReset
      state={{ modal: true }}
      className={`${linkButton} ${extra}`}
    >
      {label}
    </Link>
  );

  return (
    <div className="max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Платформы</h1>
        {connectLink("new", "Подключить платформу", "w-full sm:w-auto")}
      </div>

      {connections.length === 0 ? (
        <section
          className="rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
          aria-labelledby="platforms-intro"
          data-testid="platforms-intro"
        >
          <h2 id="platforms-intro" className="text-lg font-semibold text-brand-700">
            Заказы с платформ заказчиков — без ручного ввода
          </h2>
          <p className="mt-2 text-slate-700">
            Подключите свой кабинет перевозчика на платформе заказчика — X5 Group, Магнит, PepsiCo, Mars или
            СберЛогистика. Заказы с платформы будут автоматически появляться в разделе «Заказы»: с адресами
            погрузки и выгрузки, грузом, сроками и ставкой.
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>новые заказы подтягиваются сами, раз в час и по кнопке «Синхронизировать»;</li>
            <li>все заказы с разных платформ — в одном списке;</li>
            <li>логин и пароль от платформы хранятся в зашифрованном виде и никому не показываются.</li>
          </ul>
        </section>
      ) : (
        <section aria-labelledby="connections-title" className="space-y-3">
          <h2 id="connections-title" className="text-lg font-semibold">
            Подключённые платформы
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2">
            {connections.map((connection) => (
              <ConnectionCard
                key={connection.id}
                connection={connection}
                disconnectHref={dialogHref("disconnect", connection.id)}
                onSyncStarted={watchSync}
              />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="catalogue-title" className="space-y-3">
        <h2 id="catalogue-title" className="text-lg font-semibold">
          Доступные платформы
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {platforms.map((platform) => {
            const count = connectedCount(platform.id);
            return (
              <li
                key={platform.id}
                className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
                data-testid={`platform-${platform.id}`}
              >
                <div className="flex items-center gap-3">
                  <img
                    src={platform.logo_url}
                    alt=""
                    width={44}
                    height={44}
                    className="size-11 shrink-0 rounded-lg"
                  />
                  <div className="min-w-0">
                    <h3 className="font-semibold">{platform.display_name}</h3>
                    {count > 0 ? (
                      <p className="text-xs text-green-700">
                        {count} {plural(count, ["подключение", "подключения", "подключений"])}
                      </p>
                    ) : null}
                  </div>
                </div>
                <p className="flex-1 text-sm text-slate-600">{platform.description}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <a
                    href={platform.website_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-sm text-brand-600 hover:underline"
                  >
                    Сайт платформы
                    <span className="sr-only"> {platform.display_name} (откроется в новой вкладке)</span>
                  </a>
                  <Link
                    to={dialogHref("connect", platform.id)}
                    preventScrollReset
                    state={{ modal: true }}
                    aria-label={`Подключить ${platform.display_name}`}
                    className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    Подключить
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {connectParam !== null ? (
        <ConnectPlatformDialog
          platforms={platforms}
          preselected={preselected}
          lastResult={connectResult}
          closeHref={closeHref}
          onClose={closeDialog}
        />
      ) : null}

      {disconnecting ? (
        <Modal
          title="Отключить платформу?"
          description={
            <>
              Подключение «{disconnecting.connection_name}» ({disconnecting.platform_name}) будет удалено
              вместе с загруженными с платформы заказами ({disconnecting.orders_count}): они пропадут из
              раздела «Заказы». Логин и пароль от платформы тоже будут удалены.
            </>
          }
          onClose={closeDialog}
        >
          <Form method="post" replace className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <input type="hidden" name="intent" value="disconnect" />
            <input type="hidden" name="connectionId" value={disconnecting.id} />
            <Link
              to={closeHref}
              replace
              preventScrollReset
              data-autofocus=""
              onClick={(event) => {
                event.preventDefault();
                closeDialog();
              }}
              className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Отмена
            </Link>
            <Button type="submit" variant="danger" disabled={disconnectBusy}>
              {disconnectBusy ? "Отключаем…" : "Отключить"}
            </Button>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-5xl space-y-4">
      <h1 className="text-2xl font-semibold">Платформы</h1>
      <LoadError title="Не удалось загрузить данные о платформах" href="/platforms" />
    </div>
  );
}
