import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  decodeXml,
  processTitleContent,
  type CargoAcceptanceFields,
  type ParsedTitle,
  type Signer,
  type TransportWaybillFields,
} from "../../workers/core/edo/title-content";
import type { WireChangesPage, WireDocument, WireTitle } from "../../workers/providers/edo-operator";
import { createSandboxApp } from "../app";
import { pdfText } from "../../tests/support/pdf-text";

type App = ReturnType<typeof createSandboxApp>;

const PASSWORD = "edo-demo-2025";
const T1 = "ON_TRNACLGROT";
const T2 = "ON_TRNACLPPRIN";
const T3 = "ON_TRNACLGRPO";
const T4 = "ON_TRNACLPVYN";
const CHAIN = [T1, T2, T3, T4];

async function signIn(app: App, login = "demo-carrier"): Promise<string> {
  const response = await app.request("/edo/api/v1/auth", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const call = (app: App, token: string, path: string) =>
  app.request(`/edo/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

async function docflows(app: App, token: string, limit = 400): Promise<WireDocument[]> {
  const response = await call(app, token, `/documents/changes?since=0&limit=${limit}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as WireChangesPage).docs;
}

const contentPath = (doc: WireDocument, title: WireTitle) =>
  `/documents/${doc.id}/titles/${title.id}/content`;

/** A served title: the archive as it came, what the product's parser makes of it, its raw files. */
async function served(app: App, token: string, doc: WireDocument, title: WireTitle) {
  const response = await call(app, token, contentPath(doc, title));
  expect(response.status, `${doc.info.doc.num} ${title.type}`).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = unzipSync(bytes);
  const xmlName = Object.keys(files).find((name) => name.endsWith(".xml")) ?? "";
  const fileId = xmlName.slice(0, -".xml".length);
  return {
    response,
    bytes,
    fileId,
    files,
    xml: decodeXml(files[xmlName]),
    signature: new TextDecoder().decode(files[`${fileId}.sig`]),
    parsed: processTitleContent(bytes, `${fileId}.zip`),
  };
}

type Served = Awaited<ReturnType<typeof served>>;

function waybillOf(parsed: ParsedTitle): TransportWaybillFields {
  if (parsed.type !== "waybill") throw new Error(`expected a waybill, got ${parsed.type}`);
  return parsed.extractedFields;
}

function acceptanceOf(parsed: ParsedTitle): CargoAcceptanceFields {
  if (parsed.type !== "acceptance") throw new Error(`expected an acceptance title, got ${parsed.type}`);
  return parsed.extractedFields;
}

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const withContent = (doc: WireDocument, type: string) =>
  doc.info.documents.find((title) => title.type === type && title.contentSize > 0);
const complete = (doc: WireDocument) =>
  CHAIN.every((type) => withContent(doc, type)) &&
  doc.info.documents.filter((t) => CHAIN.includes(t.type)).length === 4;

function expectSigner(signer: Signer) {
  expect(signer.ФИО).toMatch(/^[А-ЯЁ][а-яё-]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
  expect(signer.Должность).toBeTruthy();
  expect(["1", "2"]).toContain(signer.Статус);
  if (signer.Статус === "2") {
    expect(signer.Доверенность).toEqual({
      Дата: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
      Номер: expect.stringMatching(/^\d+\/\d\d$/),
      Идентификатор: expect.stringMatching(/^[0-9a-f-]{36}$/),
      "Ссылка для проверки": expect.stringContaining(signer.Доверенность?.Идентификатор ?? "?"),
    });
  } else {
    expect(signer.Доверенность).toBeNull();
  }
}

describe("EDO title content", () => {
  it("is a zip of the title XML in windows-1251 and its detached signature, exactly contentSize bytes", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const docs = (await docflows(app, token, 120)).slice(0, 120);
    const kinds = new Set<string>();
    for (const doc of docs) {
      for (const title of doc.info.documents) {
        if (title.contentSize === 0) continue;
        const { response, bytes, fileId, files, xml, signature, parsed } = await served(
          app,
          token,
          doc,
          title,
        );
        expect(response.headers.get("content-type")).toBe("application/zip");
        expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${fileId}.zip"`);
        expect(bytes.length).toBe(title.contentSize);
        expect(Object.keys(files).sort()).toEqual([`${fileId}.sig`, `${fileId}.xml`]);
        expect(fileId).toMatch(
          new RegExp(
            `^${title.type}_2SB[-\\w]*_2SB[-\\w]*_${title.dateTime.slice(0, 10).replaceAll("-", "")}_${title.id}$`,
          ),
        );
        expect(xml).toMatch(/^<\?xml version="1\.0" encoding="windows-1251"\?>/);
        expect(xml).toContain(`ИдФайл="${fileId}"`);
        expect(xml).not.toContain("\ufffd");
        expect(Buffer.from(files[`${fileId}.xml`]).includes(iconv.encode("<Файл ИдФайл=", "win1251"))).toBe(
          true,
        );
        expect(signature).toMatch(/^MI[A-Za-z0-9+/]+$/);
        expect(parsed.signatures).toEqual([
          { name: `${fileId}.sig`, preview: signature.slice(0, 200), totalLength: signature.length },
        ]);
        const expected =
          title.type === T1 ? "waybill" : CHAIN.includes(title.type) ? "acceptance" : "unknown";
        expect(parsed.extractedData.extracted.type, title.type).toBe(expected);
        kinds.add(expected);
      }
    }
    expect([...kinds].sort()).toEqual(["acceptance", "unknown", "waybill"]);
  });

  it("gives the waybill the list's number, date, parties, route, vehicle, driver and cargo", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const chains = (await docflows(app, token, 200)).filter(
      (doc) => doc.docflowType === "ETRN" && withContent(doc, T1),
    );
    expect(chains.length).toBeGreaterThan(100);
    const seen = { owned: 0, rented: 0, byAttorney: 0, ownAuthority: 0, trailers: 0, soleTraders: 0 };
    for (const doc of chains) {
      const { info } = doc;
      const title1 = await served(app, token, doc, withContent(doc, T1) as WireTitle);
      const fields = waybillOf(title1.parsed.extractedData.extracted);
      expect(fields["Основная информация"]).toMatchObject({
        "Номер накладной": info.doc.num,
        "Дата накладной": ruDate(info.doc.date),
        "УИД ТрН": info.doc.chainId,
        "Версия формата": "5.01",
        "Идентификатор файла": title1.fileId,
      });
      for (const [section, party] of [
        ["Грузоотправитель", info.go],
        ["Грузополучатель", info.gp],
        ["Перевозчик", info.tk],
      ] as const) {
        expect(fields[section].Организация, section).toEqual({
          Наименование: party?.accName,
          ИНН: party?.inn,
          КПП: party?.kpp,
        });
        expect(fields[section].Адрес).toMatch(/^\d{6}, /);
        expect(fields[section].Контакты.Телефон).toMatch(/^\+7 \(\d{3}\) \d{3}-\d\d-\d\d$/);
        if (party?.kpp === null) seen.soleTraders++;
      }
      if (info.unloading) expect(fields.Грузополучатель["Адрес доставки"]).toBe(info.unloading.addr);
      expect(title1.xml).toContain(`<АдресИнф КодСтр="643" АдрТекст="${info.loading?.addr}"/>`);

      const [truck, trailer] = (info.ts?.num ?? "").split(" / ");
      const vehicle = fields["Транспортное средство"];
      expect(vehicle["Регистрационный номер"]).toBe(truck);
      expect(vehicle["Номер СТС"]).toMatch(/^\d{10}$/);
      expect(vehicle.Марка && vehicle.Тип).toBeTruthy();
      expect(fields.Прицепы).toEqual(trailer ? [trailer.replace(" ", "")] : []);
      if (trailer) seen.trailers++;
      if (vehicle["Тип владения"] === "Собственность") seen.owned++;
      else {
        seen.rented++;
        expect(title1.xml).toMatch(/<ОснАрЛиз НаимДок="Договор[^"]+" НомерДок="[^"]+" ДатаДок="[\d.]+">/);
      }

      const [family, name, patronymic] = (info.driver?.accName ?? "").split(" ");
      expect(fields.Водитель).toMatchObject({ Фамилия: family, Имя: name, Отчество: patronymic });
      expect(fields.Водитель["Серия ВУ"]).toMatch(/^\d{4}$/);
      expect(fields.Водитель["Номер ВУ"]).toMatch(/^\d{6}$/);

      if (info.cargo) {
        expect(fields.Груз).toMatchObject({
          Наименование: info.cargo.name,
          "Масса брутто, кг": info.cargo.weightKg,
          "Количество мест": info.cargo.pallets ?? 1,
        });
        // The XSD's pallet count (ПлМасГруз/@КолПалл) is written, and read back.
        expect(fields.Груз.Паллеты).toBe(info.cargo.pallets);
        if (info.cargo.pallets === null) expect(title1.xml).not.toContain("КолПалл");
      }

      const signer = fields.Подписант;
      expectSigner(signer);
      if (signer.Статус === "2") seen.byAttorney++;
      else seen.ownAuthority++;
    }
    expect(seen.owned).toBeGreaterThan(seen.rented);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });

  it("links each chain title to the one before it by file id, date and signature (ЭП)", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const chains = (await docflows(app, token, 300)).filter(complete).slice(0, 25);
    expect(chains.length).toBe(25);
    const seen = { t2Remarks: 0, t2Clean: 0, t3Marks: 0, t4Remarks: 0, driverSigned: 0 };
    for (const doc of chains) {
      const titles: Record<string, Served> = {};
      for (const type of CHAIN)
        titles[type] = await served(app, token, doc, withContent(doc, type) as WireTitle);
      for (const [type, previous] of [
        [T2, T1],
        [T3, T2],
        [T4, T3],
      ] as const) {
        const fields = acceptanceOf(titles[type].parsed.extractedData.extracted);
        const before = doc.info.documents.find((title) => title.type === previous) as WireTitle;
        expect(fields["Ответ на титул"]).toEqual({
          "Идентификатор файла": titles[previous].fileId,
          Дата: ruDate(before.dateTime),
          Время: before.dateTime.slice(11, 19),
          Подпись: {
            preview: titles[previous].signature.slice(0, 200),
            totalLength: titles[previous].signature.length,
          },
        });
        expect(titles[type].xml).toContain(` ЭП="${titles[previous].signature}"`);
        const own = doc.info.documents.find((title) => title.type === type) as WireTitle;
        expect(fields["Основная информация"]).toMatchObject({
          "Идентификатор файла": titles[type].fileId,
          "Версия формата": "5.01",
          Дата: ruDate(own.dateTime),
          Время: own.dateTime.slice(11, 19),
          "УИД ТрН": doc.info.doc.chainId,
          "Содержание операции": expect.stringMatching(/груз/),
        });
        expectSigner(fields.Подписант);
        if (type !== T3 && fields.Подписант.ФИО === doc.info.driver?.accName) {
          seen.driverSigned++;
          expect(fields.Подписант).toMatchObject({ Статус: "2", Должность: "Водитель-экспедитор" });
        }
      }
      const t2 = acceptanceOf(titles[T2].parsed.extractedData.extracted);
      if (t2.Замечания.length > 0) seen.t2Remarks++;
      else seen.t2Clean++;
      const t3 = acceptanceOf(titles[T3].parsed.extractedData.extracted);
      expect(t3.Замечания).toEqual([]);
      if (t3.Отметки.length > 0) {
        seen.t3Marks++;
        expect(t3.Отметки).toContainEqual({ Поле: "Обстоятельства", Значение: expect.any(String) });
      }
      if (doc.info.unloading) expect(titles[T3].xml).toContain(`АдрТекст="${doc.info.unloading.addr}"`);
      if (doc.info.cargo) {
        expect(titles[T3].xml).toContain(`МасБрутЗначПрием="${doc.info.cargo.weightKg}"`);
        expect(titles[T3].xml).toContain(`<СвПринПоНаим НаимГруз="${doc.info.cargo.name}"`);
      }
      if (acceptanceOf(titles[T4].parsed.extractedData.extracted).Замечания.length > 0) seen.t4Remarks++;
    }
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });

  it("says who composed each title, and gives the simple-signature name on the carrier's and consignee's titles", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const chains = (await docflows(app, token, 300)).filter(complete).slice(0, 25);
    const seen = { carrierPep: 0, carrierKey: 0, consigneePep: 0, consigneeKey: 0 };
    for (const doc of chains) {
      const composers: Record<string, typeof doc.info.go> = {
        [T1]: doc.info.go,
        [T2]: doc.info.tk,
        [T3]: doc.info.gp,
        [T4]: doc.info.tk,
      };
      for (const type of CHAIN) {
        const title = await served(app, token, doc, withContent(doc, type) as WireTitle);
        const { extracted } = title.parsed.extractedData;
        const fields = type === T1 ? waybillOf(extracted) : acceptanceOf(extracted);
        const party = composers[type];
        expect(fields.Составитель, type).toEqual({ Наименование: party?.accName, ИНН: party?.inn });

        const pep = fields.Подписант["Простая электронная подпись"];
        if (type === T1) expect(pep).toBeNull();
        else if (pep) {
          // The signer's own name, in the ПЭП block of the signer.
          expect(pep).toEqual({
            ФИО: fields.Подписант.ФИО,
            Фамилия: fields.Подписант.Фамилия,
            Имя: fields.Подписант.Имя,
            Отчество: fields.Подписант.Отчество,
            "Другие сведения": [],
          });
          expect(title.xml).toMatch(/<Подписант [^>]*>\s*<ФИО [^>]*\/>\s*<СвПЭП ФамилияПЭП="[^"]+" ИмяПЭП=/);
          if (type === T3) seen.consigneePep++;
          else {
            // On the carrier's titles the driver signs with it.
            expect(pep.ФИО).toBe(doc.info.driver?.accName);
            seen.carrierPep++;
          }
        } else if (type === T3) seen.consigneeKey++;
        else seen.carrierKey++;
      }
    }
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });

  it("serves every title of an unfinished chain, and the chain stops where the list does", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const docs = await docflows(app, token, 1000);
    const unfinished = docs.filter(
      (doc) =>
        doc.docflowType === "ETRN" &&
        [T1, T2, T3].includes(doc.statusCode) &&
        doc.info.documents.every((t) => t.contentSize > 0),
    );
    expect(unfinished.length).toBeGreaterThan(5);
    for (const doc of unfinished.slice(0, 10)) {
      const chain = doc.info.documents
        .filter((title) => CHAIN.includes(title.type))
        .map((title) => title.type);
      expect(chain).toEqual(CHAIN.slice(0, chain.length));
      for (const title of doc.info.documents) {
        expect((await served(app, token, doc, title)).bytes.length).toBe(title.contentSize);
      }
    }
  });

  it("answers 204 for a title without content, for its content and its print", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const docs = await docflows(app, token, 300);
    const doc = docs.find((d) => d.info.documents.some((title) => title.contentSize === 0)) as WireDocument;
    const title = doc.info.documents.find((t) => t.contentSize === 0) as WireTitle;
    const content = await call(app, token, contentPath(doc, title));
    expect(content.status).toBe(204);
    expect(await content.arrayBuffer()).toHaveProperty("byteLength", 0);
    expect((await call(app, token, `/documents/${doc.id}/titles/${title.id}/print`)).status).toBe(204);
  });

  it("answers 404 not_found for ids not of this account: another account's, another docflow's title, made up", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const [mine] = await docflows(app, token, 1);
    const [theirs] = await docflows(app, await signIn(app, "carrier-2"), 1);
    const [other] = (await docflows(app, token, 2)).slice(1);
    const paths = [
      `/documents/${theirs.id}/titles/${theirs.info.documents[0].id}/content`,
      `/documents/${theirs.id}/titles/${theirs.info.documents[0].id}/print`,
      `/documents/${theirs.id}/print`,
      `/documents/${mine.id}/titles/${theirs.info.documents[0].id}/content`,
      `/documents/${mine.id}/titles/${other.info.documents[0].id}/content`,
      `/documents/${mine.id}/titles/${other.info.documents[0].id}/print`,
      `/documents/${mine.id.replace(/^./, (c) => (c === "0" ? "1" : "0"))}/print`,
      `/documents/${mine.id.slice(0, -8)}ffffffff/titles/${mine.info.documents[0].id}/content`,
      `/documents/not-an-id/print`,
    ];
    for (const path of paths) {
      const response = await call(app, token, path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
    expect((await call(app, token, `/documents/${mine.id}/print`)).status).toBe(200);
  });

  it("is the same on every run, and behind the token and the failure switch like the other calls", async () => {
    const [first, second] = [createSandboxApp(), createSandboxApp()];
    const [tokenA, tokenB] = [await signIn(first), await signIn(second)];
    const doc = (await docflows(first, tokenA, 50)).find(complete) as WireDocument;
    const title = withContent(doc, T4) as WireTitle;
    expect((await served(first, tokenA, doc, title)).bytes).toEqual(
      (await served(second, tokenB, doc, title)).bytes,
    );
    const print = async (app: App, token: string) =>
      new Uint8Array(await (await call(app, token, `/documents/${doc.id}/print`)).arrayBuffer());
    expect(await print(first, tokenA)).toEqual(await print(second, tokenB));
    expect((await first.request(`/edo/api/v1${contentPath(doc, title)}`)).status).toBe(401);
    await first.request("/__sandbox/failures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "edo", mode: "error500" }),
    });
    expect((await call(first, tokenA, contentPath(doc, title))).status).toBe(500);
    expect((await call(first, tokenA, `/documents/${doc.id}/print`)).status).toBe(500);
  });
});

describe("EDO print forms", () => {
  it("print a title as an A4 PDF in Russian, and a docflow with a page per title with content", async () => {
    const app = createSandboxApp();
    const token = await signIn(app);
    const doc = (await docflows(app, token, 100)).find(
      (d) =>
        complete(d) &&
        d.info.documents.length > 4 &&
        d.info.documents.every((title) => title.contentSize > 0),
    ) as WireDocument;
    const title1 = withContent(doc, T1) as WireTitle;

    const single = await call(app, token, `/documents/${doc.id}/titles/${title1.id}/print`);
    expect(single.status).toBe(200);
    expect(single.headers.get("content-type")).toBe("application/pdf");
    expect(single.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ON_TRNACLGROT_[^"]+\.pdf"$/,
    );
    const bytes = new Uint8Array(await single.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const [page] = await pdfText(bytes);
    expect(page).toContain(`Транспортная накладная № ${doc.info.doc.num}`);
    expect(page).toContain(doc.info.go?.accName);
    expect(page).toContain(doc.info.driver?.accName);
    expect(page).toContain(doc.info.ts?.num.split(" / ")[0]);

    const whole = await call(app, token, `/documents/${doc.id}/print`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("content-disposition")).toBe(
      `attachment; filename="${doc.id}.pdf"; filename*=UTF-8''${encodeURIComponent(`${doc.info.doc.num}.pdf`)}`,
    );
    const pages = await pdfText(new Uint8Array(await whole.arrayBuffer()));
    expect(pages.length).toBeGreaterThanOrEqual(doc.info.documents.length);
    const text = pages.join("\n");
    for (const heading of [
      `Транспортная накладная № ${doc.info.doc.num}`,
      "Приём груза перевозчиком (титул 2)",
      "Приём груза грузополучателем (титул 3)",
      "Выдача груза перевозчиком (титул 4)",
    ]) {
      expect(
        pages.filter((p) => p.includes(heading)),
        heading,
      ).toHaveLength(1);
    }
    expect(text).toContain(doc.info.gp?.accName);
    expect(text).toContain("Подписант");
  });
});
