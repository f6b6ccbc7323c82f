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
import {
  authenticateX5,
  disconnectX5,
  storedX5Auth,
  testX5,
  X5_MESSAGES,
  x5AuthSchema,
} from "../../workers/core/x5/x5";
import { statusOf } from "../../workers/web/wiring";
import { X5ApiDocs } from "~/components/x5/x5-api-docs";
import { X5LoginForm } from "~/components/x5/x5-login-form";
import { X5TokenPanel, type X5PageAnswer } from "~/components/x5/x5-token-panel";
import { LoadError } from "~/components/ui/load-error";
import type { ActionAnswer } from "~/lib/action-answer";
import { ownHeaders } from "~/lib/route-headers";
import { requireCaller } from "~/lib/session.server";
import { depsOf } from "~/lib/deps.server";
import { toastHeaders, type Toast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Интеграция с X5 — Рейс" }];

/** The action's Retry-After reaches the browser with a refused burst of sign-ins. */
export const headers: HeadersFunction = ownHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const auth = await storedX5Auth(depsOf(context).x5(), user.company.id);
  return {
    connection: auth
      ? {
          token: auth.token,
          expires: auth.expires,
          userName: auth.user.userName,
          expired: Date.parse(auth.expires) <= Date.now(),
        }
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs): ActionAnswer<X5PageAnswer> {
  const { user } = requireCaller(context, request);
  const companyId = user.company.id;
  const deps = depsOf(context).x5();
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "auth") {
    const submission = parseWithZod(formData, { schema: x5AuthSchema });
    // The login comes back to the form, the password never does.
    const reply = (status: number, formErrors?: string[], headers?: Record<string, string>) =>
      data(
        { intent: "auth" as const, result: submission.reply({ formErrors, hideFields: ["password"] }) },
        { status, headers },
      );
    if (submission.status !== "success") return reply(400);
    let result;
    try {
      result = await authenticateX5(deps, companyId, submission.value, context.clientIp);
    } catch (error) {
      console.error("x5 page: sign-in failed", error);
      return reply(500, [X5_MESSAGES.authFailed]);
    }
    if (result.ok) return redirect("/x5");
    if (result.reason === "rate_limited") {
      return reply(statusOf(result.reason), [result.message], {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    // A refused login has also cleared the token kept so far (spec 3 §8; authenticateX5 does it).
    return reply(statusOf(result.reason), [result.message]);
  }

  if (intent === "test") {
    let toast: Toast;
    try {
      const result = await testX5(deps, companyId);
      toast = result.ok
        ? { type: "success", message: X5_MESSAGES.works }
        : { type: "error", message: result.message };
    } catch (error) {
      console.error("x5 page: test failed", error);
      toast = { type: "error", message: "Ошибка тестирования подключения" };
    }
    // Always 200: the answer is the check's outcome, and the toast cookie reaches the page only
    // when the loaders revalidate, which Remix skips after a 4xx or 5xx action.
    return data(
      { intent: "test" as const, ok: toast.type === "success" },
      { headers: await toastHeaders(toast) },
    );
  }

  if (intent === "disconnect") {
    await disconnectX5(context.db, companyId);
    return redirect("/x5", {
      headers: await toastHeaders({ type: "success", message: X5_MESSAGES.disconnected }),
    });
  }

  return data({ intent: null }, { status: 400 });
}

/** A refused login (422) clears the stored token: the page must show that despite the status. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

const STATUS_BADGE = {
  connected: { label: "Подключено", className: "bg-green-100 text-green-800" },
  disconnected: { label: "Не подключено", className: "bg-slate-100 text-slate-700" },
};

export default function X5Integration() {
  const { connection } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const status = STATUS_BADGE[connection ? "connected" : "disconnected"];

  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Интеграция с X5</h1>
        <p className="text-slate-600">
          Подключите кабинет перевозчика X5 Group: по логину и паролю X5 Рейс получит токен доступа к API X5.
          Токен хранится в зашифрованном виде и виден только сотрудникам вашей компании.
        </p>
      </div>

      <section
        aria-labelledby="x5-connection-title"
        className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="x5-connection-title" className="text-lg font-semibold">
            Подключение к X5
          </h2>
          <p role="status" className="text-sm">
            <span className="sr-only">Статус: </span>
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${status.className}`}
              data-testid="x5-status"
            >
              {status.label}
            </span>
          </p>
        </div>

        {connection ? <X5TokenPanel connection={connection} /> : null}
        {!connection || connection.expired ? (
          <X5LoginForm
            renewing={connection !== null}
            lastResult={actionData?.intent === "auth" ? actionData.result : undefined}
          />
        ) : null}
      </section>

      <X5ApiDocs />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Интеграция с X5</h1>
      <LoadError title="Не удалось загрузить данные" href="/x5" />
    </div>
  );
}
