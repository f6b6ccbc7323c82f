import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { EDO_ORDERS_MESSAGES, type EdoOrdersSyncView } from "../../../workers/core/edo/orders-sync-view";
import type { Envelope } from "../../../workers/web/wiring";
import { Button } from "~/components/ui/button";
import { formatNumber, plural } from "~/lib/format";
import { usePollWhile } from "~/lib/use-poll-while";

/** How a sync started or watched on this page ended, in spec 2 §8's words. */
type Outcome =
  | { kind: "done"; sync: EdoOrdersSyncView }
  | { kind: "error"; error: string; details: string | null }
  | { kind: "exception"; message: string };

type SyncAnswer = Envelope<EdoOrdersSyncView>;

const startedAt = (sync: EdoOrdersSyncView | null) => (sync?.startedAt ? Date.parse(sync.startedAt) : 0);

/**
 * The orders page's «Синхронизировать ЭДО» (spec 2 §2.1, §5, §7): starts the EDO → orders job
 * with POST /api/edo/sync-to-orders, follows its progress by reloading the page's data every 2 s
 * (the list fills in as it goes), and keeps how it ended for the page to show.
 */
export function useEdoOrdersSync(login: string | null, fromLoader: EdoOrdersSyncView | null) {
  const revalidator = useRevalidator();
  const [started, setStarted] = useState<EdoOrdersSyncView | null>(null);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The loader's view once it knows the run this page started; the POST's answer until then.
  const sync = started && startedAt(started) > startedAt(fromLoader) ? started : fromLoader;
  const running = sync?.status === "running";
  usePollWhile(running);

  // A run seen running here is announced when it ends, and the list reloaded with its orders.
  const watched = useRef(running);
  useEffect(() => {
    if (running) {
      watched.current = true;
      return;
    }
    if (!watched.current || !sync || sync.status === "none") return;
    watched.current = false;
    setOutcome(
      sync.status === "succeeded"
        ? { kind: "done", sync }
        : { kind: "error", error: sync.error ?? "Неизвестная ошибка", details: sync.details },
    );
    void revalidator.revalidate();
  }, [running, sync, revalidator]);

  async function start() {
    // Spec 2 §5: without a saved EDO login the sync stops here.
    if (!login) {
      toast.error(EDO_ORDERS_MESSAGES.loginFirst);
      return;
    }
    setStarting(true);
    setOutcome(null);
    try {
      const response = await fetch("/api/edo/sync-to-orders", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ login }),
      });
      const answer = (await response.json().catch(() => null)) as SyncAnswer | null;
      if (answer?.success) {
        watched.current = true;
        setStarted(answer.data);
        void revalidator.revalidate();
      } else {
        setOutcome({
          kind: "error",
          error: answer?.error || "Неизвестная ошибка",
          details: answer?.details ?? null,
        });
      }
    } catch (error) {
      setOutcome({ kind: "exception", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setStarting(false);
    }
  }

  return {
    sync: running ? sync : null,
    busy: starting || running,
    outcome,
    start,
    dismiss: () => setOutcome(null),
  };
}

/** «Обработано 1 200 из 3 000 документов» and its bar; before the count, just that it has begun. */
function Progress({ sync }: { sync: EdoOrdersSyncView }) {
  const text =
    sync.total === null
      ? "Готовим документы ЭДО…"
      : `Обработано ${formatNumber(sync.processed)} из ${formatNumber(sync.total)} ${plural(sync.total, ["документа", "документов", "документов"])}`;
  const percent =
    sync.total === null ? 0 : sync.total === 0 ? 100 : Math.round((sync.processed / sync.total) * 100);
  return (
    <div className="space-y-2">
      <p className="font-medium">Синхронизация ЭДО с заказами…</p>
      <p className="text-sm text-slate-600" data-testid="edo-orders-progress">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label="Синхронизация ЭДО с заказами"
        aria-valuemin={0}
        aria-valuemax={sync.total ?? undefined}
        aria-valuenow={sync.total === null ? undefined : sync.processed}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Details({ details }: { details: string | null }) {
  return details ? <p className="mt-1 text-sm break-words">Детали: {details}</p> : null;
}

/** «Создано: N, обновлено: N, ошибок: N» (spec 2 §8), and removed orders when there were any. */
export function countsText(sync: EdoOrdersSyncView): string {
  const counts = `Создано: ${formatNumber(sync.created)}, обновлено: ${formatNumber(sync.updated)}, ошибок: ${formatNumber(sync.errors)}`;
  return sync.removed > 0 ? `${counts}, удалено: ${formatNumber(sync.removed)}` : counts;
}

/** The sync's progress while it runs, then how it ended, under the page's header. */
export function EdoOrdersSyncPanel({
  sync,
  outcome,
  onDismiss,
}: {
  sync: EdoOrdersSyncView | null;
  outcome: Outcome | null;
  onDismiss: () => void;
}) {
  if (!sync && !outcome) return null;
  const failed = outcome !== null && outcome.kind !== "done";
  return (
    <section
      aria-label="Синхронизация ЭДО"
      className={`flex items-start justify-between gap-3 rounded-xl p-4 ring-1 ${
        failed ? "bg-red-50 text-red-900 ring-red-200" : "bg-white ring-slate-200"
      }`}
      data-testid="edo-orders-sync"
    >
      <div className="min-w-0 flex-1">
        {sync ? (
          <Progress sync={sync} />
        ) : outcome?.kind === "done" ? (
          <div role="status">
            <p className="font-medium">Синхронизация завершена!</p>
            <p className="mt-1 text-sm text-slate-700">{countsText(outcome.sync)}</p>
            <Details details={outcome.sync.details} />
          </div>
        ) : outcome?.kind === "error" ? (
          <div role="alert">
            <p className="font-medium break-words">Ошибка синхронизации: {outcome.error}</p>
            <Details details={outcome.details} />
          </div>
        ) : outcome?.kind === "exception" ? (
          <p role="alert" className="font-medium break-words">
            Ошибка при синхронизации ЭДО: {outcome.message}
          </p>
        ) : null}
      </div>
      {!sync ? (
        <Button type="button" variant="ghost" className="shrink-0 text-sm" onClick={onDismiss}>
          Скрыть
        </Button>
      ) : null}
    </section>
  );
}
