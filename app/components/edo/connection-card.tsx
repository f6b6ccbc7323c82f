import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { EdoConnectionView, EdoSyncView } from "../../../workers/core/edo/connection";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EdoCredentialsNotice } from "./credentials-notice";
import { formatShortDateTime } from "~/lib/format";
import { documentsLoadedText } from "./presentation";

function SyncState({ sync }: { sync: EdoSyncView }) {
  if (sync.status === "syncing") {
    return (
      <p className="flex items-center gap-2 text-sm text-brand-700">
        <span
          className="size-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
          aria-hidden
        />
        <span>
          Загрузка документов… <span data-testid="edo-sync-progress">{documentsLoadedText(sync.done)}</span>
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-1 text-sm">
      {sync.status === "error" && sync.error ? (
        <p className="text-red-700" data-testid="edo-sync-error">
          Не удалось обновить документы: {sync.error}
        </p>
      ) : null}
      <p className="text-slate-600">
        {sync.lastSyncedAt
          ? `Документы обновлены ${formatShortDateTime(sync.lastSyncedAt)}`
          : "Документы ещё не загружались"}
      </p>
    </div>
  );
}

/**
 * What the /edo page's action answers when it does not redirect (app/routes/_app.edo.tsx returns
 * it): the login dialog's reply, a refused disconnect, whether a sync started, or a refused
 * unknown intent.
 */
export type EdoPageAnswer =
  | { intent: "connect"; result: SubmissionResult<string[]> }
  | { intent: "disconnect" }
  | { intent: "sync"; started: boolean }
  | { intent: null };

/** A live connection (spec 2 §2.4): whose it is, until when, the mirror's state and its actions. */
export function EdoConnectionCard({ connection }: { connection: EdoConnectionView }) {
  const sync = useFetcher<EdoPageAnswer>();
  const disconnect = useFetcher<EdoPageAnswer>();
  const [confirming, setConfirming] = useState(false);
  const syncing = connection.sync.status === "syncing" || sync.state !== "idle";
  const disconnecting = disconnect.state !== "idle";

  return (
    <section
      aria-labelledby="edo-connection-title"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="edo-connection"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="edo-connection-title" className="text-lg font-semibold">
          Подключение к ЭДО
        </h2>
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
          Подключено
        </span>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-slate-500">Пользователь</dt>
          <dd className="font-medium break-words" data-testid="edo-user-name">
            {connection.userName || connection.shortName || "—"}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Компания</dt>
          <dd className="font-medium break-words">{connection.companyName || "—"}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Логин ЭДО</dt>
          <dd className="font-medium break-words" data-testid="edo-login">
            {connection.login}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Токен действует до</dt>
          <dd className="font-medium">{formatShortDateTime(connection.expiresAt)}</dd>
        </div>
      </dl>

      <div aria-live="polite" data-testid="edo-sync-state">
        <SyncState sync={connection.sync} />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row">
        <sync.Form method="post">
          <input type="hidden" name="intent" value="sync" />
          <Button type="submit" variant="secondary" disabled={syncing} className="w-full sm:w-auto">
            Обновить документы
          </Button>
        </sync.Form>
        <button
          type="button"
          disabled={disconnecting}
          onClick={() => setConfirming(true)}
          className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Удалить токен
        </button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title="Удалить токен ЭДО?"
          description="Рейс отключится от ЭДО, загруженные документы будут удалены из Рейса (у оператора ЭДО они останутся). Подключить ЭДО снова можно в любой момент."
          confirmLabel="Отключить ЭДО"
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.submit({ intent: "disconnect", login: connection.login }, { method: "post" })
          }
        />
      ) : null}
    </section>
  );
}

/**
 * The page without a live connection after the onboarding: what to do, and for a login whose
 * token has expired, that it has.
 */
export function EdoConnectStart({
  expiredLogin,
  onConnect,
}: {
  expiredLogin: string | null;
  onConnect: () => void;
}) {
  return (
    <section
      aria-labelledby="edo-connect-title"
      className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="edo-connect-start"
    >
      <h2 id="edo-connect-title" className="text-lg font-semibold">
        ЭДО не подключено
      </h2>
      {expiredLogin ? (
        <p className="text-slate-700">
          Срок действия токена ЭДО для логина «{expiredLogin}» истёк. Войдите в ЭДО снова, чтобы видеть
          документы.
        </p>
      ) : (
        <p className="text-slate-700">
          Подключите кабинет оператора ЭДО, чтобы видеть здесь свои электронные транспортные накладные и
          другие документы.
        </p>
      )}
      <EdoCredentialsNotice />
      <Button type="button" onClick={onConnect} className="w-full sm:w-auto">
        Подключить ЭДО
      </Button>
    </section>
  );
}
