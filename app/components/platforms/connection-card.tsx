import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { ConnectionView } from "../../../workers/core/platforms/connections";
import { Button } from "~/components/ui/button";
import { formatDateTime, plural } from "~/lib/format";

const STATUS: Record<ConnectionView["sync_status"], { label: string; className: string }> = {
  success: { label: "Синхронизировано", className: "bg-green-100 text-green-800" },
  error: { label: "Ошибка", className: "bg-red-100 text-red-800" },
  syncing: { label: "Синхронизация…", className: "bg-brand-50 text-brand-700" },
  none: { label: "Не синхронизировалось", className: "bg-slate-100 text-slate-700" },
};

const siteName = (url: string) => new URL(url).host.replace(/^www\./, "");

function SyncProgress({ progress }: { progress: ConnectionView["progress"] }) {
  if (!progress || progress.total === null) {
    return <p className="text-sm text-slate-600">Подключаемся к платформе…</p>;
  }
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-600">
        Загружено {progress.done} из {progress.total}
      </p>
      <div
        role="progressbar"
        aria-label="Загрузка заказов"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * What the /platforms page's action answers when it does not redirect
 * (app/routes/_app.platforms.tsx returns it): the connect form's reply, a test's outcome, the
 * connection whose sync started (null: not found or failed), a refused disconnect, or a refused
 * unknown intent.
 */
export type PlatformsPageAnswer =
  | { intent: "connect"; result: SubmissionResult<string[]> }
  | { intent: "test"; connected: boolean }
  | { intent: "sync"; connection: ConnectionView | null }
  | { intent: "disconnect" }
  | { intent: null };

/** One connected platform: its sync state and the test, sync and disconnect actions. */
export function ConnectionCard({
  connection,
  disconnectHref,
  onSyncStarted,
}: {
  connection: ConnectionView;
  disconnectHref: string;
  onSyncStarted: (started: ConnectionView) => void;
}) {
  const test = useFetcher<PlatformsPageAnswer>();
  const sync = useFetcher<PlatformsPageAnswer>();
  const testing = test.state !== "idle";
  const syncing = connection.sync_status === "syncing" || sync.state !== "idle";
  const status = STATUS[connection.sync_status];

  useEffect(() => {
    if (sync.data?.intent === "sync" && sync.data.connection) onSyncStarted(sync.data.connection);
  }, [sync.data, onSyncStarted]);

  return (
    <li
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="platform-connection"
    >
      <div className="flex items-start gap-3">
        <img
          src={connection.platform_logo}
          alt=""
          width={44}
          height={44}
          className="size-11 shrink-0 rounded-lg"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">{connection.connection_name}</h3>
          <p className="text-sm text-slate-500">
            {connection.platform_name} ·{" "}
            <a
              href={connection.website_url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-600 hover:underline"
            >
              {siteName(connection.website_url)}
              <span className="sr-only"> (сайт платформы, откроется в новой вкладке)</span>
            </a>
          </p>
        </div>
      </div>

      <div aria-live="polite" className="space-y-2">
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${status.className}`}
          data-testid="sync-status"
        >
          {status.label}
        </span>
        {connection.sync_status === "syncing" ? <SyncProgress progress={connection.progress} /> : null}
        {connection.sync_status === "error" && connection.sync_error ? (
          <p className="text-sm text-red-700">{connection.sync_error}</p>
        ) : null}
      </div>

      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Последняя синхронизация</dt>
          <dd>{connection.last_sync_at ? formatDateTime(connection.last_sync_at) : "ещё не было"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Заказы с платформы</dt>
          <dd data-testid="orders-count">
            {connection.orders_count} {plural(connection.orders_count, ["заказ", "заказа", "заказов"])}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap gap-2">
        <test.Form method="post">
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="connectionId" value={connection.id} />
          <Button type="submit" variant="secondary" disabled={testing}>
            {testing ? "Проверяем…" : "Проверить"}
          </Button>
        </test.Form>
        <sync.Form method="post">
          <input type="hidden" name="intent" value="sync" />
          <input type="hidden" name="connectionId" value={connection.id} />
          <Button type="submit" variant="secondary" disabled={syncing}>
            {syncing ? "Синхронизация…" : "Синхронизировать"}
          </Button>
        </sync.Form>
        <Link
          to={disconnectHref}
          preventScrollReset
          state={{ modal: true }}
          className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-red-700 hover:bg-red-50"
        >
          Отключить
        </Link>
      </div>
    </li>
  );
}
