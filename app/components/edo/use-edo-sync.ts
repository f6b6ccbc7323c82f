import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { EdoSyncView } from "../../../workers/core/edo/connection";
import { documentsLoadedText } from "./presentation";

/** How often the page asks for fresh progress while the documents are loading. */
const POLL_MS = 2000;

/**
 * Reloads the page's data every 2 s while the mirror's refresh runs (the documents list fills
 * in as it goes), and tells the user how a refresh seen running on this page ended.
 */
export function useEdoSyncProgress(sync: EdoSyncView | null): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const idle = useRef(true);
  idle.current = revalidator.state === "idle" && navigation.state === "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const status = sync?.status ?? null;
  const done = sync?.done ?? 0;
  const error = sync?.error ?? null;

  useEffect(() => {
    if (status !== "syncing") return;
    const timer = setInterval(() => {
      if (idle.current) void revalidate.current();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status]);

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
