import { useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { EdoDocument } from "../../../workers/core/edo/vocabulary";
import { ContentViewer } from "./content-viewer";
import { DocumentCard } from "./document-card";
import { DOWNLOAD_MESSAGES, edoFileUrl, useDownload } from "./download";
import { DocumentPagination } from "./document-pagination";
import { formatNumber } from "~/lib/format";

/** One page of the company's documents, as the /edo loader answers it. */
export type DocumentsPage = {
  docs: EdoDocument[];
  total: number;
  page: number;
  pageCount: number;
  limit: number;
};

/**
 * «Документы (N)»: the page's cards and its pagination. `stillLoading` while the first load of
 * the mirror runs, so an empty list does not read as «there are none».
 */
export function DocumentList({
  page,
  login,
  stillLoading,
}: {
  page: DocumentsPage;
  login: string;
  stillLoading: boolean;
}) {
  const [viewing, setViewing] = useState<EdoDocument | null>(null);
  const { busy, download } = useDownload();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { docs, total } = page;

  return (
    <section aria-label="Документы ЭДО" aria-busy={loading} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" data-testid="edo-documents-title">
          Документы ({formatNumber(total)})
        </h2>
        {/* Always present, so screen readers announce the text when it appears. */}
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          {loading ? (
            <>
              <span
                className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
                aria-hidden
              />
              Загрузка документов...
            </>
          ) : null}
        </p>
      </div>
      {docs.length === 0 ? (
        <div className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {loading ? null : <p>Документы не найдены</p>}
          {stillLoading ? (
            <p className="mt-2 text-sm">
              Документы ещё загружаются из ЭДО — список пополнится автоматически.
            </p>
          ) : null}
        </div>
      ) : (
        <ul className={`space-y-3 transition-opacity ${loading ? "opacity-60" : ""}`}>
          {docs.map((doc) => (
            <DocumentCard
              key={doc.id}
              doc={doc}
              onView={() => setViewing(doc)}
              onPrint={() =>
                void download(
                  doc.id,
                  edoFileUrl(doc.id, "print", { login }),
                  `document-${doc.id}.pdf`,
                  DOWNLOAD_MESSAGES.pdfSaved,
                )
              }
              printing={busy === null ? null : busy === doc.id}
            />
          ))}
        </ul>
      )}
      {total > 0 ? (
        <DocumentPagination page={page.page} pageCount={page.pageCount} total={total} limit={page.limit} />
      ) : null}
      {viewing ? <ContentViewer doc={viewing} login={login} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
