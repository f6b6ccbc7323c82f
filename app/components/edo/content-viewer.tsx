import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { DocumentContent } from "../../../workers/core/edo/content";
import type { SignaturePreview } from "../../../workers/core/edo/title-content";
import type { EdoDocument } from "../../../workers/core/edo/vocabulary";
import type { Envelope } from "../../../workers/web/wiring";
import { DOWNLOAD_MESSAGES, edoFileUrl, useDownload } from "./download";
import { viewerTitleLabel } from "./presentation";
import { titleCards } from "./title-cards";
import { Button, Spinner } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { formatNumber, formatShortDateTime, plural } from "~/lib/format";

/** Spec 2 §8's viewer texts. */
export const VIEWER_MESSAGES = {
  loadFailed: "Ошибка загрузки контента документа",
  switchFailed: "Ошибка переключения документа",
  noContent: (id: string) => `Нет контента в документе ${id}`,
  noneWithContent: (lastError: string) =>
    `Ни один документ в цепочке не содержит контента. Последняя ошибка: ${lastError}`,
} as const;

async function fetchContent(docflowId: string, login: string, title?: string): Promise<DocumentContent> {
  const response = await fetch(edoFileUrl(docflowId, "content/processed", { login, title }), {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  const body = (await response.json().catch(() => null)) as Envelope<DocumentContent> | null;
  if (!body) throw new Error(`HTTP ${response.status}`);
  if (!body.success) throw new Error(body.error);
  return body.data;
}

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; content: DocumentContent; switching: string | null };

/**
 * The content viewer (spec 2 §2.4, spec 3 §2): opens the chain's first title with content in the
 * spec's priority (the server picks it), switches between the chain's titles, and shows the
 * archive's files, the structured view by detected type, the signature and the signer.
 */
export function ContentViewer({
  doc,
  login,
  onClose,
}: {
  doc: EdoDocument;
  login: string;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ status: "loading" });
  const { busy, download } = useDownload();
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    fetchContent(doc.id, login)
      .then((content) => {
        if (!alive.current) return;
        setState({ status: "ready", content, switching: null });
        if (content.contentSize === 0) {
          toast.warning(VIEWER_MESSAGES.noneWithContent(VIEWER_MESSAGES.noContent(content.documentId)));
        }
      })
      .catch((error: Error) => {
        if (!alive.current) return;
        setState({ status: "error", message: error.message });
        toast.error(VIEWER_MESSAGES.loadFailed, { duration: 2000 });
      });
    return () => {
      alive.current = false;
    };
  }, [doc.id, login]);

  async function switchTo(titleId: string) {
    if (state.status !== "ready" || state.switching) return;
    setState({ ...state, switching: titleId });
    try {
      const content = await fetchContent(doc.id, login, titleId);
      if (!alive.current) return;
      setState({ status: "ready", content, switching: null });
      if (content.contentSize === 0) toast.warning(VIEWER_MESSAGES.noContent(titleId));
    } catch (error) {
      if (!alive.current) return;
      setState({ ...state, switching: null });
      toast.error(VIEWER_MESSAGES.switchFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }

  const titles = doc.info.documents;
  return (
    <Modal
      wide
      title={`Документ ${doc.info.doc.num || doc.id}`}
      description={<span className="break-all">ID: {doc.id}</span>}
      onClose={onClose}
    >
      <div className="mt-4 space-y-5" data-testid="edo-content-viewer">
        {state.status === "loading" ? (
          <p className="flex items-center gap-2 text-slate-600">
            <Spinner label="Загрузка содержимого" /> Загрузка содержимого документа…
          </p>
        ) : state.status === "error" ? (
          <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
            <p className="font-medium">{VIEWER_MESSAGES.loadFailed}</p>
            <p className="mt-1">{state.message}</p>
          </div>
        ) : (
          <>
            <ChainInfo content={state.content} />
            {titles.length > 1 ? (
              <div role="group" aria-label="Документы цепочки" className="flex flex-wrap gap-2">
                {titles.map((title) => {
                  const current = title.id === state.content.documentId;
                  return (
                    <button
                      key={title.id}
                      type="button"
                      aria-pressed={current}
                      disabled={state.switching !== null}
                      onClick={() => !current && void switchTo(title.id)}
                      title={`${title.type}, ${formatShortDateTime(title.dateTime)}`}
                      className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 transition disabled:cursor-not-allowed disabled:opacity-60 ${
                        current
                          ? "bg-brand-600 text-white ring-brand-600"
                          : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"
                      }`}
                    >
                      {current ? <span aria-hidden>✓</span> : null}
                      {state.switching === title.id ? <Spinner label="Переключение" /> : null}
                      {viewerTitleLabel(title.type)}
                    </button>
                  );
                })}
              </div>
            ) : null}
            <ContentBody content={state.content} />
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <Button
                type="button"
                disabled={busy !== null || state.content.contentSize === 0}
                onClick={() =>
                  void download(
                    "title",
                    edoFileUrl(doc.id, "print", { login, title: state.content.documentId }),
                    `document-${state.content.documentId}.pdf`,
                    DOWNLOAD_MESSAGES.pdfSaved,
                  )
                }
              >
                {busy === "title" ? <Spinner label="Скачивание" /> : null}
                Скачать PDF
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={busy !== null}
                onClick={() =>
                  void download(
                    "chain",
                    edoFileUrl(doc.id, "archive", { login }),
                    `chain-${doc.id}.zip`,
                    DOWNLOAD_MESSAGES.archiveSaved,
                  )
                }
              >
                {busy === "chain" ? <Spinner label="Скачивание" /> : null}
                Скачать всю цепочку (ZIP)
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

function ChainInfo({ content }: { content: DocumentContent }) {
  const { totalDocuments } = content.chainInfo;
  return (
    <p className="text-sm text-slate-600" data-testid="edo-content-source">
      Документ: <strong className="text-slate-900">{viewerTitleLabel(content.sourceDocumentType)}</strong>{" "}
      <code className="font-mono text-xs">{content.sourceDocumentType}</code> · в цепочке{" "}
      {formatNumber(totalDocuments)} {plural(totalDocuments, ["документ", "документа", "документов"])}
    </p>
  );
}

function SummaryCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="mt-0.5 font-semibold break-words" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium";

function ContentBody({ content }: { content: DocumentContent }) {
  const { metadata, extracted } = content.extractedData;
  const empty = content.contentSize === 0;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SummaryCard label="Размер архива" value={content.contentSizeFormatted} testId="edo-content-size" />
        <SummaryCard
          label="Всего файлов"
          value={formatNumber(metadata.totalFiles)}
          testId="edo-content-files"
        />
        <SummaryCard label="Тип документа" value={metadata.documentType} testId="edo-content-type" />
      </div>

      {empty ? (
        <div
          role="status"
          className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <p className="font-medium">Содержимое документа пустое (0 байт)</p>
          <p className="mt-1">Возможные причины:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            <li>документ ещё не подписан или обрабатывается у оператора ЭДО;</li>
            <li>оператор не передал файлы документа;</li>
            <li>документ создан без вложений — смотрите другие документы цепочки.</li>
          </ul>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <span
              className={`${badge} ${content.hasXML ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
            >
              {content.hasXML ? "XML найден" : "XML не найден"}
            </span>
            <span
              className={`${badge} ${content.hasSignatures ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
            >
              {content.hasSignatures ? "Подписи найдены" : "Подписей нет"}
            </span>
          </div>
          <Section title="Файлы архива">
            <ul className="divide-y divide-slate-100 text-sm" data-testid="edo-content-file-list">
              {content.fileList.map((file) => (
                <li key={file.name} className="flex flex-wrap justify-between gap-x-3 py-1">
                  <span className="min-w-0 font-mono text-xs break-all">{file.name}</span>
                  <span className="text-slate-500">{formatNumber(file.size)} Б</span>
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}

      {empty ? null : extracted.type === "unknown" ? (
        <div className="space-y-2">
          <div
            role="status"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            Тип документа не распознан: показаны исходные данные (до 3000 символов).
          </div>
          <pre
            className="max-h-72 overflow-auto rounded-lg bg-slate-900 p-3 text-xs whitespace-pre-wrap text-slate-100"
            data-testid="edo-content-raw"
          >
            {extracted.rawData}
          </pre>
        </div>
      ) : (
        <div className="space-y-3" data-testid={`edo-content-${extracted.type}`}>
          <h3 className="font-semibold">
            {extracted.type === "waybill" ? "Транспортная накладная" : "Приёмка и выдача груза"}
          </h3>
          <div className="grid gap-3 md:grid-cols-2">
            {titleCards(extracted).map((card) => (
              <Section key={card.title} title={card.title}>
                <Value value={card.value} />
              </Section>
            ))}
          </div>
        </div>
      )}

      {content.signatures.length > 0 ? (
        <Section title="Электронная подпись">
          {content.signatures.map((signature) => (
            <div key={signature.name} className="space-y-1">
              <p className="font-mono text-xs break-all text-slate-500">{signature.name}</p>
              <SignatureText signature={signature} />
            </div>
          ))}
        </Section>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

const DASH = "—";

const isSignature = (value: object): value is SignaturePreview =>
  "preview" in value && "totalLength" in value;

const isLabelled = (value: unknown): value is { Поле: string; Значение: string } =>
  typeof value === "object" && value !== null && "Поле" in value && "Значение" in value;

function SignatureText({ signature }: { signature: SignaturePreview }) {
  return (
    <div className="space-y-1" data-testid="edo-content-signature">
      <p className="rounded bg-white p-2 font-mono text-xs break-all ring-1 ring-slate-200">
        {signature.preview}
      </p>
      <p className="text-xs text-slate-500">
        Первые {formatNumber(signature.preview.length)} из {formatNumber(signature.totalLength)}{" "}
        {plural(signature.totalLength, ["символа", "символов", "символов"])}
      </p>
    </div>
  );
}

/** A field of the structured view, whatever its shape: the parser names every field in Russian. */
function Value({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined || value === "")
    return <span className="text-slate-400">{DASH}</span>;
  if (typeof value === "boolean") return value ? "Да" : "Нет";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return <span className="break-words">{value}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-400">Нет</span>;
    if (value.every(isLabelled)) {
      return (
        <dl className="space-y-0.5 text-sm">
          {value.map((item, at) => (
            <div key={at} className="flex flex-wrap gap-x-1.5">
              <dt className="text-slate-500">{item.Поле}:</dt>
              <dd className="min-w-0 break-words">{item.Значение}</dd>
            </div>
          ))}
        </dl>
      );
    }
    return <span className="break-words">{value.map(String).join(", ")}</span>;
  }
  if (typeof value === "object") {
    if (isSignature(value)) return <SignatureText signature={value} />;
    return (
      <dl className="space-y-0.5 text-sm">
        {Object.entries(value).map(([term, inner]) =>
          inner !== null && typeof inner === "object" && !Array.isArray(inner) ? (
            <div key={term} className="pt-1">
              <dt className="text-xs font-medium text-slate-600">{term}</dt>
              <dd className="border-l-2 border-slate-200 pl-2">
                <Value value={inner} />
              </dd>
            </div>
          ) : (
            <div key={term} className="flex flex-wrap gap-x-1.5">
              <dt className="text-slate-500">{term}:</dt>
              <dd className="min-w-0">
                <Value value={inner} />
              </dd>
            </div>
          ),
        )}
      </dl>
    );
  }
  return String(value);
}
