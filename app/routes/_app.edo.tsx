import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  connectEdo,
  disconnectEdo,
  EDO_MESSAGES,
  edoPageData,
  startEdoSync,
  type EdoConnectionView,
} from "../../workers/core/edo/connection";
import { edoAuthSchema } from "../../workers/core/edo/schemas";
import { driverScopeOf, roleAllows, ROLES } from "../../workers/core/members/roles";
import { statusOf } from "../../workers/web/wiring";
import { EdoConnectionCard, EdoConnectStart, type EdoPageAnswer } from "~/components/edo/connection-card";
import { DocumentFilters } from "~/components/edo/document-filters";
import { DocumentList, type DocumentsPage } from "~/components/edo/document-list";
import { edoDocumentsQueryOf } from "~/components/edo/documents-query";
import { EdoLoginDialog } from "~/components/edo/edo-login-dialog";
import { EdoOnboarding, useOnboardingSeen } from "~/components/edo/onboarding";
import { useEdoSyncProgress } from "~/components/edo/use-edo-sync";
import { useSavedFilters } from "~/components/edo/use-saved-filters";
import type { ListView } from "~/components/ui/list-view";
import { LoadError } from "~/components/ui/load-error";
import type { ActionAnswer } from "~/lib/action-answer";
import { ownHeaders } from "~/lib/route-headers";
import { requireCaller, requireRole } from "~/lib/session.server";
import { depsOf } from "~/lib/deps.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "ЭДО — Рейс" }];

/** The action's Retry-After reaches the browser with a refused burst of sign-ins. */
export const headers: HeadersFunction = ownHeaders;

const TITLE = "Электронный документооборот (ЭДО)";

/** What a driver sees while the company has no live EDO connection: they cannot connect it. */
const EDO_DRIVER_NOT_CONNECTED =
  "ЭДО компании пока не подключено. Подключить его может руководитель или диспетчер; после этого здесь появятся ваши рейсы.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, companyRole } = requireCaller(context, request);
  const companyId = user.company.id;
  const url = new URL(request.url);
  const { query, page } = edoDocumentsQueryOf(url.searchParams);
  // A driver sees the documents that name them and cannot connect, refresh or disconnect (0077).
  const driver = driverScopeOf(companyRole, user);
  const canManage = roleAllows(ROLES.office, companyRole);
  const { connection, documents, listView } = await edoPageData(
    context.db,
    { companyId, userId: user.id, driver },
    query,
    Date.now(),
  );
  if (!connection || !documents) return { connection, documents: null, listView, canManage };
  const { docs, total } = documents;
  const pageCount = Math.max(1, Math.ceil(total / query.limit));
  if (page > pageCount) {
    // A page past the end (fewer documents since the link was made): the last one instead.
    if (pageCount === 1) url.searchParams.delete("page");
    else url.searchParams.set("page", String(pageCount));
    throw redirect(`${url.pathname}${url.search}`);
  }
  return {
    connection,
    documents: { docs, total, page, pageCount, limit: query.limit },
    listView,
    canManage,
  };
}

export async function action({ request, context }: ActionFunctionArgs): ActionAnswer<EdoPageAnswer> {
  // Connecting, refreshing and disconnecting are the office's (a driver only reads).
  const { user } = requireRole(requireCaller(context, request), ROLES.office);
  const companyId = user.company.id;
  const deps = depsOf(context).edo();
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "connect") {
    const submission = parseWithZod(formData, { schema: edoAuthSchema });
    // The login comes back to the form, the password never does.
    const reply = async (status: number, formError?: string, toast?: string, headers = {}) =>
      data(
        {
          intent: "connect" as const,
          result: submission.reply({
            formErrors: formError ? [formError] : undefined,
            hideFields: ["password"],
          }),
        },
        {
          status,
          headers: { ...headers, ...(toast ? await toastHeaders({ type: "error", message: toast }) : {}) },
        },
      );
    if (submission.status !== "success") return reply(400);
    let result;
    try {
      result = await connectEdo(deps, companyId, submission.value, context.clientIp);
    } catch (error) {
      console.error("edo page: connect failed", error);
      return reply(500, "Ошибка подключения к ЭДО", "Ошибка подключения к ЭДО");
    }
    if (!result.ok) {
      if (result.reason === "rate_limited") {
        const retryAfter = { "Retry-After": String(result.retryAfterSeconds) };
        return reply(statusOf(result.reason), result.message, result.message, retryAfter);
      }
      if (result.reason === "refused") {
        const message = result.message || "Ошибка авторизации";
        return reply(statusOf(result.reason), message, message);
      }
      return reply(statusOf(result.reason), result.message, "Ошибка подключения к ЭДО");
    }
    return redirect(`${url.pathname}${url.search}`, {
      headers: await toastHeaders({ type: "success", message: EDO_MESSAGES.connected }),
    });
  }

  if (intent === "disconnect") {
    let removed;
    try {
      removed = await disconnectEdo(context.db, companyId, String(formData.get("login") ?? ""));
    } catch (error) {
      console.error("edo page: disconnect failed", error);
      return data(
        { intent: "disconnect" as const },
        { status: 500, headers: await toastHeaders({ type: "error", message: "Ошибка отключения от ЭДО" }) },
      );
    }
    if (!removed) {
      return data(
        { intent: "disconnect" as const },
        { status: 404, headers: await toastHeaders({ type: "error", message: "Ошибка отключения" }) },
      );
    }
    return redirect(url.pathname, {
      headers: await toastHeaders({ type: "success", message: EDO_MESSAGES.disconnected }),
    });
  }

  if (intent === "sync") {
    let started;
    try {
      started = await startEdoSync(deps, companyId);
    } catch (error) {
      console.error("edo page: sync failed to start", error);
      return data(
        { intent: "sync" as const, started: false },
        {
          status: 500,
          headers: await toastHeaders({ type: "error", message: EDO_MESSAGES.syncQueueFailed }),
        },
      );
    }
    return data(
      { intent: "sync" as const, started },
      {
        status: started ? 202 : 409,
        headers: await toastHeaders(
          started
            ? { type: "success", message: EDO_MESSAGES.syncStarted }
            : { type: "error", message: EDO_MESSAGES.notConnected },
        ),
      },
    );
  }

  return data({ intent: null }, { status: 400 });
}

/** After any submission the page reloads, even a refused one: the connection may have changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? true : defaultShouldRevalidate;

type ConnectionState = "none" | "expired" | "connected";

export default function Edo() {
  const { connection, documents, listView, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [onboardingSeen, markOnboardingSeen] = useOnboardingSeen();
  const state: ConnectionState = !connection ? "none" : connection.connected ? "connected" : "expired";
  const [loginOpen, setLoginOpen] = useState(state === "expired");
  // The answer the form had when the modal opened: it belongs to an earlier attempt.
  const [staleResult, setStaleResult] = useState(actionData);

  // An expired token opens the login modal (spec 2 §4); connecting or disconnecting closes it.
  useEffect(() => {
    setLoginOpen(state === "expired");
  }, [state]);

  const openLogin = () => {
    setStaleResult(actionData);
    setLoginOpen(true);
  };
  const leaveOnboarding = () => {
    markOnboardingSeen();
    openLogin();
  };
  const connectResult =
    actionData?.intent === "connect" && actionData !== staleResult ? actionData.result : undefined;
  const expiredLogin = state === "expired" && connection ? connection.login : null;

  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>

      {state === "connected" && connection && documents ? (
        <ConnectedEdo
          connection={connection}
          documents={documents}
          listView={listView}
          canManage={canManage}
        />
      ) : !canManage ? (
        <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          {EDO_DRIVER_NOT_CONNECTED}
        </p>
      ) : state === "none" && onboardingSeen === false ? (
        <EdoOnboarding onConnect={leaveOnboarding} onSkip={leaveOnboarding} />
      ) : state === "expired" || onboardingSeen ? (
        <EdoConnectStart expiredLogin={expiredLogin} onConnect={openLogin} />
      ) : null}

      {loginOpen && state !== "connected" ? (
        <EdoLoginDialog
          expiredLogin={expiredLogin}
          lastResult={connectResult}
          onClose={() => setLoginOpen(false)}
        />
      ) : null}
    </div>
  );
}

function ConnectedEdo({
  connection,
  documents,
  listView,
  canManage,
}: {
  connection: EdoConnectionView;
  documents: DocumentsPage;
  listView: ListView;
  canManage: boolean;
}) {
  useSavedFilters();
  useEdoSyncProgress(connection.sync);
  return (
    <>
      {canManage ? <EdoConnectionCard connection={connection} /> : null}
      <DocumentFilters />
      <DocumentList
        page={documents}
        login={connection.login}
        view={listView}
        stillLoading={connection.sync.status === "syncing" && connection.sync.lastSyncedAt === null}
      />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>
      <LoadError title="Ошибка загрузки документов" href="/edo" />
    </div>
  );
}
