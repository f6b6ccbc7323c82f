import { and, eq } from "drizzle-orm";
import { unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, edoDocuments, edoFiles, type EdoDocument, type EdoTitle } from "../../../db/schema";
import { zipDeclaring } from "../../../tests/support/crafted-zip";
import { dbForBlock } from "../../../tests/support/test-db";
import type { EdoOperator } from "../../providers/edo-operator";
import { generateKeyBase64 } from "../crypto/secret-box";
import { connectEdo, findEdoConnection, type EdoConnectionRow, type EdoDeps } from "./connection";
import { chainArchive, chainFileStem, documentContent, titleToView, viewingOrder } from "./content";
import { documentRow } from "./documents";

let serial = 0;
const title = (type: string, contentSize = 1024): EdoTitle => ({
  id: `t-${++serial}`,
  type,
  dateTime: "2025-03-14T09:12:00+03:00",
  contentSize,
});

describe("the content viewer's priority (spec 2 §5)", () => {
  it("orders a chain as ON_TRNACLPPRIN, ON_TRNACLGROT, ON_TRNAPERAK, GIS complete, GIS load, then the rest in chain order", () => {
    const chain = [
      title("ON_TRNACLGROT"),
      title("ON_TRNAPERAK_QRCODE"),
      title("ON_TRNACLPPRIN"),
      title("ON_TRNAPERAK_GIS_LOAD"),
      title("ON_TRNACLGRPO"),
      title("ON_TRNAPERAK"),
      title("ON_TRNACLPVYN"),
      title("ON_TRNAPERAK_GIS_COMPLETE"),
    ];
    expect(viewingOrder(chain).map((t) => t.type)).toEqual([
      "ON_TRNACLPPRIN",
      "ON_TRNACLGROT",
      "ON_TRNAPERAK",
      "ON_TRNAPERAK_GIS_COMPLETE",
      "ON_TRNAPERAK_GIS_LOAD",
      "ON_TRNAPERAK_QRCODE",
      "ON_TRNACLGRPO",
      "ON_TRNACLPVYN",
    ]);
    // The chain itself is left as it was.
    expect(chain[0].type).toBe("ON_TRNACLGROT");
  });

  it("opens the first title with content, skipping empty ones", () => {
    const t2 = title("ON_TRNACLPPRIN", 0);
    const t1 = title("ON_TRNACLGROT", 0);
    const t3 = title("ON_TRNACLGRPO", 2048);
    expect(titleToView([t1, t2, t3])).toBe(t3);
    expect(titleToView([t1, title("ON_TRNACLPPRIN", 512)])?.type).toBe("ON_TRNACLPPRIN");
  });

  it("falls back to the first in priority when no title has content, and to nothing for an empty chain", () => {
    const t1 = title("ON_TRNACLGROT", 0);
    const t2 = title("ON_TRNACLPPRIN", 0);
    expect(titleToView([t1, t2])).toBe(t2);
    expect(titleToView([])).toBeUndefined();
  });
});

describe("chain archive names", () => {
  it("are the document number, with characters file systems refuse replaced", () => {
    const doc = { id: "abc", info: { doc: { num: "ЭТрН/2025: 000123" } } } as Parameters<
      typeof chainFileStem
    >[0];
    expect(chainFileStem(doc)).toBe("ЭТрН_2025_000123");
  });
});

describe("the operator's files as untrusted input", () => {
  const MiB = 1024 * 1024;
  const NOW = Date.parse("2026-11-24T10:00:00Z");
  const xml = new TextEncoder().encode('<?xml version="1.0"?><Файл/>');
  const pdf = new TextEncoder().encode("%PDF-1.7 print form");
  const bomb = zipDeclaring({ "ON_TRNACLPPRIN.xml": xml }, { "ON_TRNACLPPRIN.xml": 160 * MiB });
  const wellFormed = zipSync({ "title.xml": xml, "title.xml.sig": new Uint8Array([1, 2, 3]) });

  const db = dbForBlock();
  let deps: EdoDeps;
  let connection: EdoConnectionRow;
  /** What the fake operator serves per title id; every other title gets a well-formed archive. */
  const archives = new Map<string, Uint8Array>();

  const operator: EdoOperator = {
    signIn: async () => ({ token: "token", expiresAt: NOW + 24 * 3600_000 }),
    user: async () => ({
      login: "carrier",
      userName: "Смирнов Алексей Петрович",
      shortName: "Смирнов А. П.",
      companyName: "ООО «Перевозчик»",
      inn: "7708123450",
      kpp: null,
    }),
    documents: async () => ({ docs: [], total: 0 }),
    changes: async () => ({ docs: [], cursor: "0", hasMore: false }),
    titleArchive: async (_token, _docflowId, titleId) => ({
      bytes: archives.get(titleId) ?? wellFormed,
      fileName: null,
    }),
    print: async () => ({ bytes: pdf, fileName: null }),
  };

  function docflow(id: string, titles: EdoTitle[], num = "ЭТрН-1"): EdoDocument {
    return {
      id,
      docflowType: "ETRN",
      createDate: "2026-11-20T09:00:00+03:00",
      updateDate: "2026-11-20T12:00:00+03:00",
      read: true,
      statusCode: titles.at(-1)?.type ?? "ON_TRNACLGROT",
      roleCode: "TK",
      expired: false,
      deleted: false,
      info: {
        doc: { num, date: "2026-11-20", trns: "1", driver: null, chainId: id, trip: null },
        go: null,
        gp: null,
        tk: null,
        driver: null,
        ts: null,
        loading: null,
        unloading: null,
        cargo: null,
        documents: titles,
        lastdoc: null,
      },
    };
  }

  async function mirror(doc: EdoDocument) {
    await deps.db.insert(edoDocuments).values(documentRow(connection.companyId, doc, NOW));
  }

  const keptArchives = async (docflowId: string) =>
    deps.db
      .select({ titleId: edoFiles.titleId })
      .from(edoFiles)
      .where(and(eq(edoFiles.docflowId, docflowId), eq(edoFiles.kind, "archive")));

  beforeAll(async () => {
    deps = {
      db: db(),
      credentialsKey: generateKeyBase64(),
      edo: operator,
      enqueue: async () => {},
      now: () => NOW,
    };
    await db()
      .insert(companies)
      .values({ id: "company-1", name: "ООО «Перевозчик»", createdAt: new Date(NOW) });
    const connected = await connectEdo(deps, "company-1", { login: "carrier", password: "secret" }, null);
    if (!connected.ok) throw new Error(connected.message);
    connection = (await findEdoConnection(deps.db, "company-1"))!;
  });

  it("refuses a title archive declaring 160 MiB in the viewer, in Russian, and keeps nothing", async () => {
    archives.set("bomb-t2", bomb);
    await mirror(
      docflow(
        "flow-bomb",
        [title("ON_TRNACLPPRIN", bomb.length)].map((t) => ({ ...t, id: "bomb-t2" })),
      ),
    );
    const result = await documentContent(deps, connection, null, "flow-bomb");
    expect(result).toEqual({
      ok: false,
      status: 422,
      message:
        "Файл в архиве документа слишком большой после распаковки: «ON_TRNACLPPRIN.xml» — 160 МБ, допустимо не больше 8 МБ",
    });
    expect(await keptArchives("flow-bomb")).toEqual([]);
  });

  it("refuses the whole chain's archive when one title's archive is over the caps", async () => {
    archives.set("bomb-in-chain", bomb);
    await mirror(
      docflow("flow-chain-bomb", [
        { ...title("ON_TRNACLGROT"), id: "fine-t1" },
        { ...title("ON_TRNACLPPRIN"), id: "bomb-in-chain" },
      ]),
    );
    const result = await chainArchive(deps, connection, null, "flow-chain-bomb");
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringMatching(/слишком большой/),
    });
    expect(await keptArchives("flow-chain-bomb")).not.toContainEqual({ titleId: "bomb-in-chain" });
  });

  it("names the chain archive's entries so that none leaves the folder it is unpacked into", async () => {
    await mirror(
      docflow(
        "flow-names",
        [
          { ...title("../../../etc/evil"), id: "n1" },
          { ...title("..\\..\\Windows\\evil"), id: "n2" },
          { ...title("/abs/path"), id: "n3" },
          { ...title(".."), id: "n4" },
          { ...title("C:\\evil\u0000.xml"), id: "n5" },
        ],
        "../ЭТрН 7",
      ),
    );
    const result = await chainArchive(deps, connection, null, "flow-names");
    if (!result.ok) throw new Error(result.message);
    const names = Object.keys(unzipSync(result.data.bytes));
    expect(names.sort()).toEqual([
      "01__.._.._etc_evil.pdf",
      "01__.._.._etc_evil.zip",
      "02__.._Windows_evil.pdf",
      "02__.._Windows_evil.zip",
      "03__abs_path.pdf",
      "03__abs_path.zip",
      "04_.pdf",
      "04_.zip",
      "05_C_evil_.xml.pdf",
      "05_C_evil_.xml.zip",
      "_ЭТрН_7.pdf",
    ]);
    for (const name of names) {
      expect(name).not.toMatch(/[\\/:]|^\.\.?$/);
      expect(name).not.toContain("\u0000");
    }
  });
});
