// A docflow's files from the EDO operator: each title's archive (zip of the ЭТрН XML and its
// detached signature) read into the content viewer's view, the print forms (PDF) and the whole
// chain as one archive. Files are fetched on demand and kept in `edo_files`: a signed title
// never changes, so the operator is asked once per file.
import { and, eq } from "drizzle-orm";
import { zipSync, type Zippable } from "fflate";
import type { Db } from "../../../db/client";
import { edoDocuments, edoFiles, type EdoDocument, type EdoTitle } from "../../../db/schema";
import { EdoNotFoundError, EdoTokenError, type EdoFile } from "../../providers/edo-operator";
import { markTokenRefused, tokenOf, type EdoConnectionRow, type EdoDeps } from "./connection";
import { EDO_MESSAGES } from "./schemas";
import type { DriverScope } from "../members/roles";
import { driverCondition } from "./documents";
import {
  archiveLimitBreach,
  decodeXml,
  processTitleContent,
  readTitleArchive,
  TitleContentError,
  type ProcessedTitleContent,
} from "./title-content";

/** Spec 2 §5: the titles the viewer tries first, in this order; any other type comes after. */
export const CONTENT_PRIORITY = [
  "ON_TRNACLPPRIN",
  "ON_TRNACLGROT",
  "ON_TRNAPERAK",
  "ON_TRNAPERAK_GIS_COMPLETE",
  "ON_TRNAPERAK_GIS_LOAD",
] as const;

const rank = (type: string) => {
  const at = (CONTENT_PRIORITY as readonly string[]).indexOf(type);
  return at === -1 ? CONTENT_PRIORITY.length : at;
};

/** The chain's titles in viewing priority; titles of equal rank keep the chain's order. */
export function viewingOrder(titles: readonly EdoTitle[]): EdoTitle[] {
  return titles
    .map((title, at) => ({ title, at }))
    .sort((a, b) => rank(a.title.type) - rank(b.title.type) || a.at - b.at)
    .map(({ title }) => title);
}

/** The title the viewer opens first: the first in priority with content, else the first in priority. */
export function titleToView(titles: readonly EdoTitle[]): EdoTitle | undefined {
  const ordered = viewingOrder(titles);
  return ordered.find((title) => title.contentSize > 0) ?? ordered[0];
}

/** What the viewer shows (spec 2 §3 «Processed content», spec 3 §3 «Document content response»). */
export type DocumentContent = Omit<ProcessedTitleContent, "contentSize" | "contentSizeFormatted"> & {
  /** The title shown. */
  documentId: string;
  docflowId: string;
  documentNumber: string;
  sourceDocumentType: string;
  chainInfo: { totalDocuments: number; availableTypes: string[]; documents: EdoTitle[] };
  contentSize: number;
  contentSizeFormatted: string;
  /** The title's XML as text (null: the archive holds none, or the title has no content). */
  content: string | null;
};

export type ContentFailure = { ok: false; status: 404 | 409 | 422 | 503; message: string };
export type ContentResult<T> = { ok: true; data: T } | ContentFailure;

const failure = (status: ContentFailure["status"], message: string): ContentFailure => ({
  ok: false,
  status,
  message,
});

/**
 * The company's mirrored docflow; another company's id is simply not there, nor for a driver a
 * docflow that does not name them (decision 0077).
 */
export async function mirroredDocflow(
  db: Db,
  companyId: string,
  docflowId: string,
  driver: DriverScope,
): Promise<EdoDocument | undefined> {
  const d = edoDocuments;
  const [row] = await db
    .select({ data: d.data })
    .from(d)
    .where(
      and(
        eq(d.companyId, companyId),
        eq(d.id, docflowId),
        driver ? driverCondition(d.driver, driver) : undefined,
      ),
    );
  return row?.data;
}

type FileKind = (typeof edoFiles.$inferSelect)["kind"];
type FileKey = { docflowId: string; titleId: string; kind: FileKind };

/** Where a file is kept; `titleId` "" is the whole docflow's print form. */
const fileWhere = (companyId: string, key: FileKey) =>
  and(
    eq(edoFiles.companyId, companyId),
    eq(edoFiles.docflowId, key.docflowId),
    eq(edoFiles.titleId, key.titleId),
    eq(edoFiles.kind, key.kind),
  );

/**
 * A file of the docflow, from the store or else from the operator (then kept). Null: the
 * operator has no content for it. A refused token marks the connection disconnected. A title
 * archive that would unpack past the caps is refused (422) and not kept: the operator's files
 * are untrusted input.
 */
async function operatorFile(
  deps: EdoDeps,
  connection: EdoConnectionRow,
  key: FileKey,
): Promise<ContentResult<Uint8Array | null>> {
  const { db } = deps;
  const [kept] = await db
    .select({ bytes: edoFiles.bytes })
    .from(edoFiles)
    .where(fileWhere(connection.companyId, key));
  if (kept) return { ok: true, data: new Uint8Array(kept.bytes) };

  let file: EdoFile | null;
  try {
    const token = await tokenOf(deps, connection);
    file =
      key.kind === "archive"
        ? await deps.edo.titleArchive(token, key.docflowId, key.titleId)
        : await deps.edo.print(token, key.docflowId, key.titleId || undefined);
  } catch (error) {
    if (error instanceof EdoTokenError) {
      await markTokenRefused(db, connection.id, deps.now());
      return failure(409, EDO_MESSAGES.tokenExpired);
    }
    if (error instanceof EdoNotFoundError) return failure(404, EDO_MESSAGES.operatorLostDocument);
    console.error("edo: file download failed", error instanceof Error ? error.message : error);
    return failure(503, EDO_MESSAGES.fileUnavailable);
  }
  if (!file || file.bytes.byteLength === 0) return { ok: true, data: null };
  const breach = key.kind === "archive" ? archiveLimitBreach(file.bytes) : null;
  if (breach) return failure(422, breach.message);
  await db
    .insert(edoFiles)
    .values({
      companyId: connection.companyId,
      ...key,
      bytes: Buffer.from(file.bytes),
      fetchedAt: new Date(deps.now()),
    })
    .onConflictDoNothing();
  return { ok: true, data: file.bytes };
}

/** The docflow with its chain, or why there is nothing to show. */
async function chainOf(
  db: Db,
  connection: EdoConnectionRow,
  driver: DriverScope,
  docflowId: string,
): Promise<ContentResult<EdoDocument>> {
  const docflow = await mirroredDocflow(db, connection.companyId, docflowId, driver);
  if (!docflow) return failure(404, EDO_MESSAGES.documentNotFound);
  if (docflow.info.documents.length === 0) return failure(404, EDO_MESSAGES.chainNotFound);
  return { ok: true, data: docflow };
}

function titleIn(docflow: EdoDocument, titleId: string | undefined): ContentResult<EdoTitle> {
  const title = titleId
    ? docflow.info.documents.find((candidate) => candidate.id === titleId)
    : titleToView(docflow.info.documents);
  return title ? { ok: true, data: title } : failure(404, EDO_MESSAGES.titleNotFound);
}

function emptyContent(): ProcessedTitleContent {
  return {
    contentSize: 0,
    contentSizeFormatted: "0 Б",
    hasXML: false,
    hasSignatures: false,
    fileList: [],
    signatures: [],
    extractedData: {
      metadata: { totalFiles: 0, documentType: "Не определен" },
      extracted: { type: "unknown", documentType: "Не определен", rawData: "" },
    },
  };
}

/**
 * The content viewer's data for a docflow's title: `titleId`, or the first of the chain in the
 * spec's priority that has content. A title without content (size 0) answers its empty view:
 * the viewer shows its warning rather than an error.
 */
export async function documentContent(
  deps: EdoDeps,
  connection: EdoConnectionRow,
  /** A driver opens only the docflows that name them (decision 0077). */
  driver: DriverScope,
  docflowId: string,
  titleId?: string,
): Promise<ContentResult<DocumentContent>> {
  const chain = await chainOf(deps.db, connection, driver, docflowId);
  if (!chain.ok) return chain;
  const docflow = chain.data;
  const title = titleIn(docflow, titleId);
  if (!title.ok) return title;

  let processed = emptyContent();
  let content: string | null = null;
  if (title.data.contentSize > 0) {
    const file = await operatorFile(deps, connection, {
      docflowId,
      titleId: title.data.id,
      kind: "archive",
    });
    if (!file.ok) return file;
    if (file.data) {
      try {
        processed = processTitleContent(file.data);
        const [xml] = readTitleArchive(file.data).xmlFiles;
        content = xml ? decodeXml(xml.bytes) : null;
      } catch (error) {
        if (error instanceof TitleContentError) return failure(422, error.message);
        throw error;
      }
    }
  }
  const documents = docflow.info.documents;
  return {
    ok: true,
    data: {
      documentId: title.data.id,
      docflowId,
      documentNumber: docflow.info.doc.num,
      sourceDocumentType: title.data.type,
      chainInfo: {
        totalDocuments: documents.length,
        availableTypes: [...new Set(documents.map((candidate) => candidate.type))],
        documents,
      },
      ...processed,
      content,
    },
  };
}

/** A print form: the whole docflow's, or one title's. */
export async function documentPrint(
  deps: EdoDeps,
  connection: EdoConnectionRow,
  /** A driver opens only the docflows that name them (decision 0077). */
  driver: DriverScope,
  docflowId: string,
  titleId?: string,
): Promise<ContentResult<Uint8Array>> {
  const chain = await chainOf(deps.db, connection, driver, docflowId);
  if (!chain.ok) return chain;
  if (titleId) {
    const title = titleIn(chain.data, titleId);
    if (!title.ok) return title;
    if (title.data.contentSize === 0) return failure(404, EDO_MESSAGES.noContent(titleId));
  }
  const file = await operatorFile(deps, connection, { docflowId, titleId: titleId ?? "", kind: "print" });
  if (!file.ok) return file;
  return file.data ? { ok: true, data: file.data } : failure(404, EDO_MESSAGES.noPrint);
}

/**
 * Operator's text as one part of a file name: no path separators, control characters or
 * characters file systems refuse, no leading dots (never "." or ".."), at most 100 characters.
 * Names in an archive we build come from it, so none can point outside the folder it unpacks to.
 */
export const fileNamePart = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\\/:*?"<>|\s\u0000-\u001f\u007f]+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 100);

/** The chain archive's file name stem: the document number, safe in every file system. */
export const chainFileStem = (docflow: EdoDocument) =>
  fileNamePart(docflow.info.doc.num) || fileNamePart(docflow.id) || "chain";

/**
 * The whole chain as one zip (beyond spec): each title's own archive untouched (its signature
 * stays verifiable) and its print form, numbered in the chain's order, plus the docflow's print.
 */
export async function chainArchive(
  deps: EdoDeps,
  connection: EdoConnectionRow,
  /** A driver opens only the docflows that name them (decision 0077). */
  driver: DriverScope,
  docflowId: string,
): Promise<ContentResult<{ bytes: Uint8Array; stem: string }>> {
  const chain = await chainOf(deps.db, connection, driver, docflowId);
  if (!chain.ok) return chain;
  const docflow = chain.data;
  const files: Zippable = {};
  const titled = docflow.info.documents.filter((title) => title.contentSize > 0);
  const wanted: { name: string; key: FileKey }[] = [
    { name: `${chainFileStem(docflow)}.pdf`, key: { docflowId, titleId: "", kind: "print" } },
  ];
  titled.forEach((title, at) => {
    const stem = `${String(at + 1).padStart(2, "0")}_${fileNamePart(title.type)}`;
    wanted.push({ name: `${stem}.zip`, key: { docflowId, titleId: title.id, kind: "archive" } });
    wanted.push({ name: `${stem}.pdf`, key: { docflowId, titleId: title.id, kind: "print" } });
  });
  // A few at a time: a chain has at most a dozen files, and the operator is not to be flooded.
  for (let at = 0; at < wanted.length; at += 4) {
    const batch = wanted.slice(at, at + 4);
    const results = await Promise.all(batch.map(({ key }) => operatorFile(deps, connection, key)));
    for (const [n, result] of results.entries()) {
      if (!result.ok) return result;
      // Zip entries already compressed (zip, pdf) are stored as they are.
      if (result.data) files[batch[n].name] = [result.data, { level: 0 }];
    }
  }
  return { ok: true, data: { bytes: zipSync(files), stem: chainFileStem(docflow) } };
}
