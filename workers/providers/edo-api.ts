import { z } from "zod";
import { fileNameOf } from "./content-disposition";
import {
  EDO_CATEGORIES,
  EDO_ROLES,
  EdoAuthError,
  EdoNotFoundError,
  EdoTokenError,
  EdoUnavailableError,
  type EdoDocumentFilters,
  type EdoFile,
  type EdoOperator,
  type WireDocument,
} from "./edo-operator";

const DEFAULT_TIMEOUT_MS = 15_000;
/** Title archives are kilobytes and print forms well under a megabyte; anything past this is refused. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

export type EdoApiOptions = {
  /** The operator's API root (`<sandbox>/edo` locally). */
  baseUrl: string;
  timeoutMs?: number;
};

const timestamp = z.iso.datetime({ offset: true });
const party = z.object({ accName: z.string(), inn: z.string(), kpp: z.string().nullable() }).nullable();
const named = <K extends string>(key: K) =>
  z.object({ [key]: z.string() } as Record<K, z.ZodString>).nullable();

/** A docflow as the protocol sends it (decision 0021); one that does not read is skipped. */
const documentSchema = z.object({
  id: z.string().min(1).max(200),
  docflowType: z.enum(EDO_CATEGORIES),
  createDate: timestamp,
  updateDate: timestamp,
  read: z.boolean(),
  statusCode: z.string().min(1).max(100),
  roleCode: z.enum(EDO_ROLES),
  expired: z.boolean(),
  deleted: z.boolean(),
  info: z.object({
    doc: z.object({
      num: z.string(),
      date: z.string(),
      trns: z.string(),
      driver: z.string().nullable(),
      chainId: z.string(),
      trip: z.string().nullable(),
    }),
    go: party,
    gp: party,
    tk: party,
    driver: named("accName"),
    ts: named("num"),
    loading: named("addr"),
    unloading: named("addr"),
    cargo: z.object({ name: z.string(), weightKg: z.number(), pallets: z.number().nullable() }).nullable(),
    documents: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        dateTime: timestamp,
        contentSize: z.number().int().min(0),
      }),
    ),
    lastdoc: z.object({ type: z.string(), dateTime: timestamp }).nullable(),
  }),
}) satisfies z.ZodType<WireDocument>;

const authSchema = z.object({ token: z.string().min(1), expiresAt: timestamp });
const userSchema = z.object({
  login: z.string(),
  userName: z.string(),
  shortName: z.string(),
  companyName: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const pageSchema = z.object({ docs: z.array(z.unknown()), total: z.number().int().min(0) });
const changesSchema = z.object({
  docs: z.array(z.unknown()),
  cursor: z.string().min(1),
  hasMore: z.boolean(),
});

/** The filters as query parameters: unset ones are left out. */
function filterQuery(filters: EdoDocumentFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === "") continue;
    query.set(key, String(value));
  }
  return query;
}

/**
 * The EDO operator's API (decision 0021): a token for the carrier's login, its user, the
 * filtered document list and the change feed the mirror reads. Tokens and passwords never
 * reach a message or a log.
 */
export function createEdoApi({ baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS }: EdoApiOptions): EdoOperator {
  const root = baseUrl.replace(/\/+$/, "");

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${root}${path}`, {
        ...init,
        headers: { Accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new EdoUnavailableError(timedOut ? `edo: no answer in ${timeoutMs} ms` : "edo: unreachable", {
        cause: error,
      });
    }
  }

  async function readJson(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new EdoUnavailableError(`edo: ${what}: HTTP ${response.status}, unreadable body`, {
        cause: error,
      });
    }
  }

  /**
   * A signed-in call: a refused token is EdoTokenError, an unknown docflow or title
   * EdoNotFoundError, any other failure EdoUnavailableError.
   */
  async function authorizedResponse(path: string, token: string, what: string, accept?: string) {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (accept) headers.Accept = accept;
    const response = await send(path, { headers });
    if (response.status === 401) {
      const body = errorSchema.safeParse(await response.json().catch(() => null));
      throw new EdoTokenError(`edo: ${what}: token refused (${body.success ? body.data.error.code : "401"})`);
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      if (response.status === 404) throw new EdoNotFoundError(`edo: ${what}: not found`);
      throw new EdoUnavailableError(`edo: ${what}: HTTP ${response.status}`);
    }
    return response;
  }

  async function authorized(path: string, token: string, what: string): Promise<unknown> {
    return readJson(await authorizedResponse(path, token, what), what);
  }

  /** A file download: 204 is "no content"; the name comes from Content-Disposition. */
  async function file(path: string, token: string, what: string, accept: string): Promise<EdoFile | null> {
    const response = await authorizedResponse(path, token, what, accept);
    if (response.status === 204) return null;
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > MAX_FILE_BYTES) {
      void response.body?.cancel().catch(() => {});
      throw new EdoUnavailableError(`edo: ${what}: ${declared} bytes is too large`);
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw new EdoUnavailableError(`edo: ${what}: the download broke off`, { cause: error });
    }
    if (bytes.byteLength > MAX_FILE_BYTES) throw new EdoUnavailableError(`edo: ${what}: too large`);
    return { bytes, fileName: fileNameOf(response.headers.get("content-disposition")) };
  }

  function readDocuments(raw: unknown[], what: string): WireDocument[] {
    const docs: WireDocument[] = [];
    let skipped = 0;
    let example = "";
    for (const item of raw) {
      const parsed = documentSchema.safeParse(item);
      if (parsed.success) docs.push(parsed.data);
      else {
        skipped++;
        const issue = parsed.error.issues[0];
        example ||= `${issue.path.join(".")}: ${issue.message}`;
      }
    }
    if (skipped > 0) console.warn(`edo: ${what}: skipped ${skipped} unreadable documents, e.g. ${example}`);
    return docs;
  }

  return {
    async signIn(login, password) {
      if (!login || !password) throw new EdoAuthError("edo: login or password is empty");
      const response = await send("/api/v1/auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ login, password }),
      });
      if (response.status === 401 || response.status === 403) {
        void response.body?.cancel().catch(() => {});
        throw new EdoAuthError(`edo: credentials refused (HTTP ${response.status})`);
      }
      if (!response.ok) {
        void response.body?.cancel().catch(() => {});
        throw new EdoUnavailableError(`edo: sign-in: HTTP ${response.status}`);
      }
      const auth = authSchema.safeParse(await readJson(response, "sign-in"));
      if (!auth.success) throw new EdoUnavailableError("edo: sign-in: unexpected answer");
      return { token: auth.data.token, expiresAt: Date.parse(auth.data.expiresAt) };
    },

    async user(token) {
      const user = userSchema.safeParse(await authorized("/api/v1/user", token, "user"));
      if (!user.success) throw new EdoUnavailableError("edo: user: unexpected answer");
      return user.data;
    },

    async documents(token, filters) {
      const body = pageSchema.safeParse(
        await authorized(`/api/v1/documents?${filterQuery(filters)}`, token, "documents"),
      );
      if (!body.success) throw new EdoUnavailableError("edo: documents: unexpected answer");
      return { docs: readDocuments(body.data.docs, "documents"), total: body.data.total };
    },

    async changes(token, cursor, limit) {
      const query = new URLSearchParams({ since: cursor, limit: String(limit) });
      const body = changesSchema.safeParse(
        await authorized(`/api/v1/documents/changes?${query}`, token, "changes"),
      );
      if (!body.success) throw new EdoUnavailableError("edo: changes: unexpected answer");
      return {
        docs: readDocuments(body.data.docs, `changes after ${cursor}`),
        cursor: body.data.cursor,
        hasMore: body.data.hasMore,
      };
    },

    titleArchive(token, docflowId, titleId) {
      const path = `/api/v1/documents/${encodeURIComponent(docflowId)}/titles/${encodeURIComponent(titleId)}/content`;
      return file(path, token, "title content", "application/zip, application/octet-stream");
    },

    print(token, docflowId, titleId) {
      const docflow = `/api/v1/documents/${encodeURIComponent(docflowId)}`;
      const path = titleId ? `${docflow}/titles/${encodeURIComponent(titleId)}/print` : `${docflow}/print`;
      return file(path, token, "print form", "application/pdf");
    },
  };
}
