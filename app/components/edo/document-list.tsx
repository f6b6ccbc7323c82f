import { useLocation, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import type { EdoDocument } from "../../../workers/core/edo/vocabulary";
import { ContentViewer } from "./content-viewer";
import { DocumentCard } from "./document-card";
import { CompactHeader, DocumentRow } from "./document-row";
import { DOWNLOAD_MESSAGES, edoFileUrl, useDownload } from "./download";
import { DocumentPagination } from "./document-pagination";
import { ListViewToggle, useListView, useOpenRows, type ListView } from "~/components/ui/list-view";
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
 * One chain of the list: in the compact view a row on wide screens that opens into the card
 * beneath it; the card alone in the cards view and on a phone (decision 0072). Which of them
 * shows is CSS's choice, so the server's page is already right at every width.
 */
function DocumentItem({
  doc,
  compact,
  expanded,
  onToggle,
  ...actions
}: {
  doc: EdoDocument;
  compact: boolean;
  expanded: boolean;
  onToggle: () => void;
  onView: () => void;
  onPrint: () => void;
  printing: boolean | null;
}) {
  const cardId = useId();
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} data-testid="edo-document">
      {compact ? <DocumentRow doc={doc} cardId={cardId} expanded={expanded} onToggle={onToggle} /> : null}
      <DocumentCard
        doc={doc}
        id={cardId}
        titleId={titleId}
        className={compact ? (expanded ? "lg:m-3 lg:mt-1 lg:shadow-none" : "lg:hidden") : ""}
        {...actions}
      />
    </li>
  );
}

/**
 * «Документы (N)»: the page's chains, as rows or cards (`view`, the user's stored choice), and
 * its pagination. `stillLoading` while the first load of the mirror runs, so an empty list does
 * not read as «there are none».
 */
export function DocumentList({
  page,
  login,
  stillLoading,
  view: storedView,
}: {
  page: DocumentsPage;
  login: string;
  stillLoading: boolean;
  view: ListView;
}) {
  const [view, setView] = useListView("edo", storedView);
  const [expanded, toggle] = useOpenRows();
  const [viewing, setViewing] = useState<EdoDocument | null>(null);
  const { busy, download } = useDownload();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { docs, total } = page;
  const compact = view === "compact";

  return (
    <section aria-label="Документы ЭДО" aria-busy={loading} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold" data-testid="edo-documents-title">
            Документы ({formatNumber(total)})
          </h2>
          {/* On wide screens only: a phone shows the cards whatever is chosen. */}
          <ListViewToggle view={view} onChange={setView} className="hidden lg:inline-flex" />
        </div>
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
        <div
          className={`transition-opacity ${loading ? "opacity-60" : ""} ${compact ? "lg:overflow-hidden lg:rounded-xl lg:bg-white lg:shadow-sm lg:ring-1 lg:ring-slate-200" : ""}`}
          data-testid="edo-document-list"
          data-view={view}
        >
          {compact ? <CompactHeader /> : null}
          <ul className={`space-y-3 ${compact ? "lg:space-y-0 lg:divide-y lg:divide-slate-200" : ""}`}>
            {docs.map((doc) => (
              <DocumentItem
                key={doc.id}
                doc={doc}
                compact={compact}
                expanded={expanded.has(doc.id)}
                onToggle={() => toggle(doc.id)}
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
        </div>
      )}
      {total > 0 ? (
        <DocumentPagination page={page.page} pageCount={page.pageCount} total={total} limit={page.limit} />
      ) : null}
      {viewing ? <ContentViewer doc={viewing} login={login} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
