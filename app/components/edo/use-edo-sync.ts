import { usePollWhile } from "~/lib/use-poll-while";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { EdoSyncView } from "../../../workers/core/edo/connection";
import { documentsLoadedText } from "./presentation";

/**
 * Reloads the page's data every 2 s while the mirror's refresh runs (the documents list fills
 * in as it goes), and tells the user how a refresh seen running on this page ended.
 */
export function useEdoSyncProgress(sync: EdoSyncView | null): void {
  const status = sync?.status ?? null;
  const done = sync?.done ?? 0;
  const error = sync?.error ?? null;
  usePollWhile(status === "syncing");

  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before !== "syncing") return;
    if (status === "success") {
      toast.success(done > 0 ? documentsLoadedText(done) : "Документы обновлены, новых нет");
    } else if (status === "error") {
      toast.error("Не удалось обновить документы", { description: error ?? undefined });
    }
  }, [status, done, error]);
}
