// The EDO documents' files through our API: the content viewer's data (priority, structured
// views, empty titles), print forms and the chain archive, kept after the first download, and
// never another company's.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { edoConnections, edoFiles } from "../../db/schema";
import type { DocumentContent } from "../../workers/core/edo/content";
import type { WireDocument, WireTitle } from "../../workers/providers/edo-operator";
import {
  callWeb,
  createCompanyUser,
  EDO_PASSWORD,
  mirrorEdoDocuments,
  operatorDocuments,
  operatorToken,
  postJson,
  sessionFor,
  testDb,
} from "./support";

// Read-only use of the demo company's sandbox account: nothing here moves its documents on.
const LOGIN = "demo-carrier";
const EDO_DOWN = { EDO_API_URL: "http://127.0.0.1:1" };

type Member = { userId: string; companyId: string; bearer: string };
let owner: Member;
let stranger: Member;
let docs: WireDocument[];

const as = (member: Member) => ({ authorization: `Bearer ${member.bearer}` });

async function member(): Promise<Member> {
  const user = await createCompanyUser();
  return { ...user, bearer: (await sessionFor(user.userId)).bearer };
}

async function connect(who: Member) {
  const { response } = await callWeb(
    "/api/edo/auth",
    postJson({ login: LOGIN, password: EDO_PASSWORD }, as(who)),
  );
  expect(response.status).toBe(200);
}

async function content(who: Member, docflowId: string, query: Record<string, string> = {}, env = {}) {
  const params = new URLSearchParams({ login: LOGIN, ...query });
  const { response } = await callWeb(
    `/api/edo/documents/${encodeURIComponent(docflowId)}/content/processed?${params}`,
    { headers: as(who) },
    env,
  );
  const body = await response.json<{ success: boolean; data: DocumentContent; error?: string }>();
  return { status: response.status, body };
}

async function file(who: Member, path: string, env = {}) {
  const { response } = await callWeb(path, { headers: as(who) }, env);
  return response;
}

/** The operator's own answer for a title's files: what our API must hand over unchanged. */
async function operatorFile(path: string): Promise<Uint8Array> {
  const response = await fetch(`${env.EDO_API_URL}/api/v1/documents/${path}`, {
    headers: { authorization: `Bearer ${await operatorToken(LOGIN)}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const typesOf = (doc: WireDocument) => doc.info.documents.map((title) => title.type);
const titleOf = (doc: WireDocument, type: string) => doc.info.documents.find((title) => title.type === type)!;
const withContent = (doc: WireDocument, ...types: string[]) =>
  types.every((type) => (titleOf(doc, type)?.contentSize ?? 0) > 0);

/** A docflow no test has used yet (so nothing of it is kept from an earlier download). */
function pick(description: string, test: (doc: WireDocument) => boolean): WireDocument {
  const found = docs.find((doc) => !used.has(doc.id) && test(doc));
  if (!found) throw new Error(`the sandbox account has no docflow that ${description}`);
  used.add(found.id);
  return found;
}
const used = new Set<string>();

beforeAll(async () => {
  [owner, stranger] = await Promise.all([member(), member()]);
  // One after the other: each sign-in rewrites its company's connection in a write batch.
  await connect(owner);
  await connect(stranger);
  docs = await operatorDocuments(LOGIN, { limit: "1000", category: "ETRN" });
  await mirrorEdoDocuments(owner.companyId, docs);
});

describe("the content viewer's data", () => {
  it("opens the chain's first title with content in the spec's priority: acceptance for carriage first", async () => {
    const complete = pick("is complete with content", (doc) =>
      withContent(doc, "ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"),
    );
    const { status, body } = await content(owner, complete.id);
    expect(status).toBe(200);
    const t2 = titleOf(complete, "ON_TRNACLPPRIN");
    expect(body.data).toMatchObject({
      documentId: t2.id,
      docflowId: complete.id,
      documentNumber: complete.info.doc.num,
      sourceDocumentType: "ON_TRNACLPPRIN",
      contentSize: t2.contentSize,
      hasXML: true,
      hasSignatures: true,
      chainInfo: { totalDocuments: complete.info.documents.length, documents: complete.info.documents },
    });
    expect(body.data.chainInfo.availableTypes).toEqual([...new Set(typesOf(complete))]);
    expect(body.data.contentSizeFormatted).toMatch(/^\d+(,\d)? КБ$/);
    expect(body.data.fileList.map((f) => f.name.slice(-4)).sort()).toEqual([".sig", ".xml"]);
    expect(body.data.extractedData.metadata.totalFiles).toBe(2);
    const extracted = body.data.extractedData.extracted;
    expect(extracted.type).toBe("acceptance");
    if (extracted.type !== "acceptance") return;
    // Title 2 answers title 1: its file and signature.
    expect(extracted.extractedFields["Ответ на титул"]?.["Идентификатор файла"]).toMatch(/^ON_TRNACLGROT_/);
    expect(extracted.extractedFields["Ответ на титул"]?.Подпись?.preview).toHaveLength(200);
    expect(extracted.extractedFields.Подписант.Фамилия).toMatch(/^[А-ЯЁ][а-яё]+/);
    expect(body.data.signatures[0].preview).toHaveLength(200);
    expect(body.data.content).toMatch(/^<\?xml[^>]*windows-1251/);
  });

  it("skips a title without content to the next in priority", async () => {
    const doc = pick("has an empty title 2 and title 1 with content", (candidate) => {
      const t2 = candidate.info.documents.find((title) => title.type === "ON_TRNACLPPRIN");
      return t2 !== undefined && t2.contentSize === 0 && withContent(candidate, "ON_TRNACLGROT");
    });
    const { body } = await content(owner, doc.id);
    expect(body.data.sourceDocumentType).toBe("ON_TRNACLGROT");
  });

  it("reads title 1 as a transport waybill whose fields are the docflow's", async () => {
    const doc = pick(
      "has title 1 with content, cargo and a vehicle",
      (candidate) =>
        withContent(candidate, "ON_TRNACLGROT") &&
        candidate.info.cargo !== null &&
        candidate.info.ts !== null,
    );
    const t1 = titleOf(doc, "ON_TRNACLGROT");
    const { status, body } = await content(owner, doc.id, { title: t1.id });
    expect(status).toBe(200);
    expect(body.data.documentId).toBe(t1.id);
    const extracted = body.data.extractedData.extracted;
    expect(extracted.type).toBe("waybill");
    if (extracted.type !== "waybill") return;
    const fields = extracted.extractedFields;
    expect(fields["Основная информация"]["Номер накладной"]).toBe(doc.info.doc.num);
    expect(fields.Грузоотправитель.Организация.ИНН).toBe(doc.info.go?.inn);
    expect(fields.Грузополучатель.Организация.ИНН).toBe(doc.info.gp?.inn);
    expect(fields.Грузополучатель["Адрес доставки"]).toBeTruthy();
    expect(fields.Перевозчик.Организация.ИНН).toBe(doc.info.tk?.inn);
    const plates = doc.info.ts!.num.split(" / ");
    expect(fields["Транспортное средство"]["Регистрационный номер"]).toBe(plates[0]);
    expect(fields.Прицепы).toEqual(plates.slice(1));
    expect(fields["Транспортное средство"]["Тип владения"]).toMatch(/^(Собственность|Аренда)$/);
    expect(`${fields.Водитель.Фамилия} ${fields.Водитель.Имя}`).toBe(
      doc.info.driver!.accName.split(" ").slice(0, 2).join(" "),
    );
    expect(fields.Груз["Масса брутто, кг"]).toBe(doc.info.cargo!.weightKg);
    expect(fields.Груз.Паллеты).toBe(doc.info.cargo!.pallets);
    expect(body.data.extractedData.metadata.documentType).toMatch(/Транспортная накладная/);
  });

  it("reads titles 3 and 4 as acceptance and delivery, and other titles as an unknown type with raw data", async () => {
    const doc = pick("is complete with GIS titles", (candidate) =>
      withContent(candidate, "ON_TRNACLGRPO", "ON_TRNACLPVYN", "ON_TRNAPERAK_GIS_LOAD"),
    );
    for (const type of ["ON_TRNACLGRPO", "ON_TRNACLPVYN"]) {
      const { body } = await content(owner, doc.id, { title: titleOf(doc, type).id });
      expect(body.data.extractedData.extracted).toMatchObject({ type: "acceptance", title: type });
    }
    const gis = await content(owner, doc.id, { title: titleOf(doc, "ON_TRNAPERAK_GIS_LOAD").id });
    expect(gis.body.data.extractedData.metadata.documentType).toBe("Не определен");
    const extracted = gis.body.data.extractedData.extracted;
    expect(extracted.type).toBe("unknown");
    if (extracted.type === "unknown") {
      expect(extracted.rawData.length).toBeGreaterThan(0);
      expect(extracted.rawData.length).toBeLessThanOrEqual(3000);
    }
  });

  it("answers a title without content with its empty view, asking the operator nothing", async () => {
    const doc = pick("has an empty title", (candidate) =>
      candidate.info.documents.some((title) => title.contentSize === 0),
    );
    const empty = doc.info.documents.find((title) => title.contentSize === 0)!;
    const { status, body } = await content(owner, doc.id, { title: empty.id }, EDO_DOWN);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      documentId: empty.id,
      contentSize: 0,
      contentSizeFormatted: "0 Б",
      hasXML: false,
      hasSignatures: false,
      fileList: [],
      content: null,
      extractedData: { metadata: { totalFiles: 0, documentType: "Не определен" } },
    });
  });

  it("keeps a downloaded archive: the second view works with the operator down", async () => {
    const doc = pick("has title 1 with content", (candidate) => withContent(candidate, "ON_TRNACLGROT"));
    const t1 = titleOf(doc, "ON_TRNACLGROT");
    const down = await content(owner, doc.id, { title: t1.id }, EDO_DOWN);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      error: "Оператор ЭДО не отдал файл документа. Попробуйте позже.",
    });

    const first = await content(owner, doc.id, { title: t1.id });
    expect(first.status).toBe(200);
    const second = await content(owner, doc.id, { title: t1.id }, EDO_DOWN);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    const kept = await testDb()
      .select({ titleId: edoFiles.titleId })
      .from(edoFiles)
      .where(and(eq(edoFiles.companyId, owner.companyId), eq(edoFiles.docflowId, doc.id)));
    expect(kept).toContainEqual({ titleId: t1.id });
  });

  it("says so for a chain without documents, a title not in the chain and an unknown docflow", async () => {
    const bare: WireDocument = {
      ...docs[0],
      id: `bare-${crypto.randomUUID()}`,
      info: { ...docs[0].info, documents: [], lastdoc: null },
    };
    await mirrorEdoDocuments(owner.companyId, [bare]);
    expect(await content(owner, bare.id)).toEqual({
      status: 404,
      body: { success: false, error: "Не удалось найти цепочку документов" },
    });
    expect(await content(owner, docs[0].id, { title: "no-such-title" })).toEqual({
      status: 404,
      body: { success: false, error: "Такого документа нет в цепочке" },
    });
    expect((await content(owner, "no-such-docflow")).status).toBe(404);
  });
});

describe("print forms and the chain archive", () => {
  it("hands over the operator's PDF of a title and of the whole docflow, saved as document-{id}.pdf", async () => {
    const doc = pick("has title 1 with content", (candidate) => withContent(candidate, "ON_TRNACLGROT"));
    const t1 = titleOf(doc, "ON_TRNACLGROT");
    const title = await file(owner, `/api/edo/documents/${doc.id}/print?login=${LOGIN}&title=${t1.id}`);
    expect(title.status).toBe(200);
    expect(title.headers.get("content-type")).toBe("application/pdf");
    expect(title.headers.get("content-disposition")).toBe(`attachment; filename="document-${t1.id}.pdf"`);
    const bytes = new Uint8Array(await title.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes).toEqual(await operatorFile(`${doc.id}/titles/${t1.id}/print`));

    const whole = await file(owner, `/api/edo/documents/${doc.id}/print?login=${LOGIN}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toBe(`attachment; filename="document-${doc.id}.pdf"`);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(await operatorFile(`${doc.id}/print`));
  });

  it("refuses the print of a title without content in Russian", async () => {
    const doc = pick("has an empty title", (candidate) =>
      candidate.info.documents.some((title) => title.contentSize === 0),
    );
    const empty = doc.info.documents.find((title: WireTitle) => title.contentSize === 0)!;
    const response = await file(owner, `/api/edo/documents/${doc.id}/print?login=${LOGIN}&title=${empty.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: `Нет контента в документе ${empty.id}` });
  });

  it("downloads the whole chain: every title's own archive untouched and its PDF, plus the docflow's print", async () => {
    const doc = pick("is complete with content", (candidate) =>
      withContent(candidate, "ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"),
    );
    const response = await file(owner, `/api/edo/documents/${doc.id}/archive?login=${LOGIN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const stem = doc.info.doc.num;
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="chain-${doc.id}.zip"; filename*=UTF-8''${encodeURIComponent(`${stem}.zip`)}`,
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const titled = doc.info.documents.filter((title) => title.contentSize > 0);
    const expected = [`${stem}.pdf`];
    titled.forEach((title, at) => {
      const name = `${String(at + 1).padStart(2, "0")}_${title.type}`;
      expected.push(`${name}.zip`, `${name}.pdf`);
    });
    expect(Object.keys(entries).sort()).toEqual(expected.sort());
    const t1 = titled.findIndex((title) => title.type === "ON_TRNACLGROT");
    const t1Name = `${String(t1 + 1).padStart(2, "0")}_ON_TRNACLGROT.zip`;
    expect(entries[t1Name]).toEqual(await operatorFile(`${doc.id}/titles/${titled[t1].id}/content`));
    expect(entries[t1Name].byteLength).toBe(titled[t1].contentSize);
  });
});

describe("another company's documents", () => {
  it("are not found, by the stranger's own login or by the owner's", async () => {
    const doc = pick("has title 1 with content", (candidate) => withContent(candidate, "ON_TRNACLGROT"));
    // The stranger is connected to the same operator account, but its mirror does not hold
    // the owner's copy: ids are looked up in the caller's company only.
    for (const path of [
      `/api/edo/documents/${doc.id}/content/processed?login=${LOGIN}`,
      `/api/edo/documents/${doc.id}/print?login=${LOGIN}`,
      `/api/edo/documents/${doc.id}/archive?login=${LOGIN}`,
    ]) {
      const response = await file(stranger, path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ success: false, error: "Документ ЭДО не найден" });
    }
    const other = await member();
    const response = await file(other, `/api/edo/documents/${doc.id}/content/processed?login=${LOGIN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Логин ЭДО не найден" });
  });

  it("asks to sign in again when the token has expired", async () => {
    const doc = pick("has title 1 with content", (candidate) => withContent(candidate, "ON_TRNACLGROT"));
    const expiring = await member();
    await connect(expiring);
    await mirrorEdoDocuments(expiring.companyId, [doc]);
    await testDb()
      .update(edoConnections)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(edoConnections.companyId, expiring.companyId));
    const response = await file(expiring, `/api/edo/documents/${doc.id}/content/processed?login=${LOGIN}`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      error: "Токен ЭДО не найден или истек. Войдите в ЭДО снова.",
    });
  });
});
