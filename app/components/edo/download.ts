import { useState } from "react";
import { toast } from "sonner";
import { fileNameOf } from "../../../workers/core/edo/downloads";

/** Spec 2 §8's download texts. */
export const DOWNLOAD_MESSAGES = {
  pdfSaved: "PDF документ скачан успешно",
  archiveSaved: "Архив цепочки скачан",
  failed: "Ошибка скачивания документа",
} as const;

/**
 * Fetches a file from our API and hands it to the browser to save, under the name the server
 * gave it. An error answer (JSON) becomes an Error with the server's Russian text.
 */
export async function saveFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? DOWNLOAD_MESSAGES.failed);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileNameOf(response.headers.get("content-disposition")) ?? fallbackName;
  (document.body as HTMLElement).appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** A download button's state: one download at a time, its outcome as a toast. */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  async function download(key: string, url: string, fallbackName: string, saved: string) {
    if (busy) return;
    setBusy(key);
    try {
      await saveFile(url, fallbackName);
      toast.success(saved);
    } catch (error) {
      const detail =
        error instanceof Error && error.message !== DOWNLOAD_MESSAGES.failed ? error.message : null;
      toast.error(DOWNLOAD_MESSAGES.failed, detail ? { description: detail } : undefined);
    } finally {
      setBusy(null);
    }
  }
  return { busy, download };
}

/** Our API's paths for a docflow's files. */
export const edoFileUrl = (
  docflowId: string,
  file: "print" | "archive" | "content/processed",
  query: { login: string; title?: string },
) => {
  const params = new URLSearchParams({ login: query.login });
  if (query.title) params.set("title", query.title);
  return `/api/edo/documents/${encodeURIComponent(docflowId)}/${file}?${params}`;
};
