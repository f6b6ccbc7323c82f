import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { toast } from "sonner";
import { X5_MESSAGES } from "../../../workers/core/x5/schemas";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";

/**
 * What the /x5 page's action answers when it does not redirect (app/routes/_app.x5.tsx returns
 * it): the login form's reply, the token test's outcome, or a refused unknown intent.
 */
export type X5PageAnswer =
  { intent: "auth"; result: SubmissionResult<string[]> } | { intent: "test"; ok: boolean } | { intent: null };

export type X5Connection = { token: string; expires: string; userName: string; expired: boolean };

/** The stored X5 token (spec 3 §2): who it belongs to, until when, copy, test and disconnect. */
export function X5TokenPanel({ connection }: { connection: X5Connection }) {
  const test = useFetcher<X5PageAnswer>();
  const navigation = useNavigation();
  const tokenField = useRef<HTMLTextAreaElement>(null);
  const testing = test.state !== "idle";
  const disconnecting = navigation.state !== "idle" && navigation.formData?.get("intent") === "disconnect";

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(connection.token);
      toast.success("Токен скопирован");
    } catch {
      // Selected, the token can still be copied by hand.
      tokenField.current?.select();
      toast.error("Не удалось скопировать токен");
    }
  };

  return (
    <div className="space-y-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Пользователь X5</dt>
          <dd className="font-medium break-all" data-testid="x5-user">
            {connection.userName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{connection.expired ? "Токен истёк" : "Токен действует до"}</dt>
          <dd className={connection.expired ? "font-medium text-red-700" : "font-medium"}>
            <time dateTime={connection.expires} data-testid="x5-expires">
              {formatDateTime(connection.expires)}
            </time>
          </dd>
        </div>
      </dl>

      {connection.expired ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {X5_MESSAGES.expired}
        </p>
      ) : null}

      <div>
        <label htmlFor="x5-token" className="mb-1 block text-sm font-medium text-slate-700">
          Токен X5
        </label>
        <textarea
          id="x5-token"
          ref={tokenField}
          value={connection.token}
          readOnly
          rows={2}
          spellCheck={false}
          className="field-sizing-content block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-800 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
        />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" variant="secondary" onClick={copyToken}>
          Скопировать токен
        </Button>
        <test.Form method="post" className="contents">
          <input type="hidden" name="intent" value="test" />
          <Button type="submit" variant="secondary" disabled={testing || disconnecting}>
            {testing ? "Проверяем…" : "Проверить подключение"}
          </Button>
        </test.Form>
        <Form method="post" replace className="contents">
          <input type="hidden" name="intent" value="disconnect" />
          <button
            type="submit"
            disabled={disconnecting}
            className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 sm:ml-auto"
          >
            {disconnecting ? "Отключаем…" : "Отключить"}
          </button>
        </Form>
      </div>
    </div>
  );
}
