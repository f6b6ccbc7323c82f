import { usePollWhile } from "~/lib/use-poll-while";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import type { ConnectionView } from "../../../workers/core/platforms/connections";
import { plural } from "~/lib/format";

/** «Загружен 1 заказ», «Загружено 2 заказа», «Загружено 240 заказов». */
export function ordersLoadedText(count: number): string {
  return `${plural(count, ["Загружен", "Загружено", "Загружено"])} ${count} ${plural(count, ["заказ", "заказа", "заказов"])}`;
}

/**
 * Reloads the page's data every 2 s while any connection syncs, and tells the user how a sync
 * they started ended: a connection created on this page, or one whose «Синхронизировать» they
 * pressed. Returns `watch`, to be called with the connection as the sync action answered it.
 */
export function useSyncProgress(connections: ConnectionView[]): (started: ConnectionView) => void {
  const syncing = connections.some((connection) => connection.sync_status === "syncing");
  usePollWhile(syncing);

  // Connection id → its last sync time before the watched sync: data fetched before that sync
  // began still shows the previous result and must not be taken for its end.
  const watched = useRef(new Map<string, string | null>());
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (known.current) {
      for (const connection of connections) {
        if (!known.current.has(connection.id)) watched.current.set(connection.id, null);
      }
    }
    known.current = new Set(connections.map((connection) => connection.id));
    for (const [id, before] of watched.current) {
      const connection = connections.find((candidate) => candidate.id === id);
      if (!connection) {
        watched.current.delete(id);
        continue;
      }
      if (connection.sync_status === "syncing" || connection.last_sync_at === before) continue;
      watched.current.delete(id);
      if (connection.sync_status === "success") {
        toast.success(ordersLoadedText(connection.orders_count));
      } else if (connection.sync_status === "error") {
        toast.error("Не удалось синхронизировать заказы", {
          description: connection.sync_error ?? undefined,
        });
      }
    }
  }, [connections]);

  return useCallback((started: ConnectionView) => {
    if (started.sync_status === "syncing") watched.current.set(started.id, started.last_sync_at);
  }, []);
}
