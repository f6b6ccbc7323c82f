import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { zipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { zipDeclaring } from "../../../tests/support/crafted-zip";
import {
  ARCHIVE_LIMITS,
  decodeXml,
  formatSize,
  parseTitle,
  processTitleContent,
  readTitleArchive,
  signaturePreview,
  TitleContentError,
  type ParsedTitle,
  type TransportWaybillFields,
} from "./title-content";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const fixturePath = (name: string) => `${root}tests/fixtures/etrn/${name}`;
const fixture = (name: string) => new Uint8Array(readFileSync(fixturePath(name)));

function waybillOf(parsed: ParsedTitle): TransportWaybillFields {
  if (parsed.type !== "waybill") throw new Error(`expected a waybill, got ${parsed.type}`);
  return parsed.extractedFields;
}

/** The same title 1 reaches us as a windows-1251 zip and as a bare UTF-8 XML; both read alike. */
function expectTitle1(fields: TransportWaybillFields) {
  expect(fields["Основная информация"]).toEqual({
    "Номер накладной": "ТН-00451",
    "Дата накладной": "14.03.2025",
    "Номер заказа": "ЗК-2025/118",
    "Дата заказа": "12.03.2025",
    "Версия программы": "Диадок 1.0",
    "Версия формата": "5.01",
    "Идентификатор файла": expect.stringMatching(/^ON_TRNACLGROT_2BM-7701234567-/),
    "УИД ТрН": "8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  });
  expect(fields["Грузоотправитель"]).toEqual({
    Организация: { Наименование: 'ООО "Северные продукты"', ИНН: "7701234567", КПП: "770101001" },
    Адрес: "125040, г. Москва, ул. Правды, д. 8, стр. 2",
    Контакты: { Телефон: "+7 495 123-45-67", "Электронная почта": "logist@sevprod.ru" },
    Экспедитор: false,
  });
  expect(fields["Грузополучатель"]["Организация"]).toEqual({
    Наименование: 'АО "Торговый дом Подмосковье"',
    ИНН: "5029123456",
    КПП: "502901001",
  });
  expect(fields["Грузополучатель"]["Адрес доставки"]).toBe(
    "141031, Мытищинский р-н, пос. Вешки, Липкинское ш., 2, 1",
  );
  expect(fields["Перевозчик"]["Организация"]).toEqual({
    Наименование: 'ООО "ТрансЛайн"',
    ИНН: "7708123450",
    КПП: "770801001",
  });
  expect(fields["Транспортное средство"]).toEqual({
    "Регистрационный номер": "А123ВС77",
    "Номер СТС": "9945 123456",
    "Тип владения": "Аренда",
    Тип: "Грузовой тягач седельный",
    Марка: "КАМАЗ 54901",
    "Грузоподъёмность, т": 20,
    "Объём, м³": 82.5,
  });
  expect(fields["Прицепы"]).toEqual(["ЕК4512 77"]);
  expect(fields["Водитель"]).toEqual({
    Фамилия: "Кузнецов",
    Имя: "Сергей",
    Отчество: "Петрович",
    "Серия ВУ": "7712",
    "Номер ВУ": "345678",
    "Дата выдачи ВУ": "21.06.2019",
    Телефон: "+7 926 111-22-33",
  });
  expect(fields["Груз"]).toEqual({
    Наименование: "Продукты питания, замороженные полуфабрикаты",
    Состояние: "Твёрдое",
    "Способ упаковки": "Паллеты, стрейч-плёнка",
    "Вид тары": "Паллета EUR",
    "Количество мест": 18,
    Маркировка: "Манипуляционные знаки «Беречь от нагрева»",
    "Масса брутто, кг": 9450.5,
    Паллеты: 18,
  });
  expect(fields["Подписант"]).toEqual({
    ФИО: "Смирнова Ольга Викторовна",
    Фамилия: "Смирнова",
    Имя: "Ольга",
    Отчество: "Викторовна",
    Статус: "2",
    Должность: "Логист",
    Доверенность: {
      Дата: "10.01.2025",
      Номер: "15/25",
      Идентификатор: "6c0e9d5a-2b7f-4e31-9a8d-3f4b5c6d7e8f",
      "Ссылка для проверки": "https://m4d.nalog.gov.ru/emchd/check-status",
    },
    "Простая электронная подпись": null,
  });
  // This operator's title 1 does not name its composer.
  expect(fields.Составитель).toEqual({ Наименование: null, ИНН: null });
}

describe("readTitleArchive", () => {
  it("splits the operator's zip into the title XML and its detached signature", () => {
    const archive = readTitleArchive(fixture("title1.1251.zip"));
    expect(archive.isZip).toBe(true);
    expect(archive.fileList).toHaveLength(2);
    expect(archive.xmlFiles.map((file) => file.name)).toEqual([
      expect.stringMatching(/^ON_TRNACLGROT_.*\.xml$/),
    ]);
    expect(archive.signatures.map((file) => [file.name, file.size])).toEqual([
      [expect.stringMatching(/\.xml\.sig$/), 1536],
    ]);
  });

  it("takes a bare XML as a one-file archive", () => {
    const bytes = fixture("title1.utf8.xml");
    const archive = readTitleArchive(bytes, "title1.utf8.xml");
    expect(archive).toMatchObject({
      isZip: false,
      fileList: [{ name: "title1.utf8.xml", size: bytes.length }],
      signatures: [],
    });
  });

  it("refuses empty input, input that is neither zip nor XML, and a broken zip", () => {
    expect(() => readTitleArchive(new Uint8Array())).toThrow(new TitleContentError("empty"));
    expect(() => readTitleArchive(fixture("not-a-title.pdf"))).toThrow(
      "Файл не является ни ZIP-архивом, ни XML-документом",
    );
    const truncated = fixture("title1.1251.zip").subarray(0, 100);
    expect(() => readTitleArchive(truncated)).toThrow(/^Не удалось распаковать ZIP-архив/);
  });
});

describe("archives that would unpack past the caps", () => {
  const MiB = 1024 * 1024;
  const xml = new TextEncoder().encode('<?xml version="1.0"?><Файл/>');

  it("refuses a few hundred bytes declaring a 160 MiB entry, before allocating it", () => {
    const bomb = zipDeclaring({ "ON_TRNACLGROT.xml": xml }, { "ON_TRNACLGROT.xml": 160 * MiB });
    expect(bomb.length).toBeLessThan(400);
    expect(() => readTitleArchive(bomb)).toThrow(
      "Файл в архиве документа слишком большой после распаковки: «ON_TRNACLGROT.xml» — 160 МБ, допустимо не больше 8 МБ",
    );
    expect(() => processTitleContent(bomb)).toThrow(TitleContentError);
  });

  it("refuses entries that are each under the cap but together over the archive's", () => {
    const files = { "a.xml": xml, "b.sig": xml, "c.bin": xml };
    const archive = zipDeclaring(files, { "a.xml": 6 * MiB, "b.sig": 6 * MiB, "c.bin": 6 * MiB });
    expect(() => readTitleArchive(archive)).toThrow(
      "Архив документа слишком большой после распаковки: больше 16 МБ",
    );
  });

  it("refuses an archive of more entries than a title has any use for", () => {
    const files = Object.fromEntries(
      Array.from({ length: ARCHIVE_LIMITS.entries + 1 }, (_, n) => [`${n}.txt`, xml] as const),
    );
    expect(() => readTitleArchive(zipSync(files))).toThrow(
      "В архиве документа слишком много файлов: больше 64",
    );
  });

  it("refuses a bare XML bigger than one entry may be, and still reads an archive at the caps", () => {
    const huge = new Uint8Array(ARCHIVE_LIMITS.entryBytes + 1).fill(0x20);
    huge[0] = 0x3c;
    expect(() => readTitleArchive(huge)).toThrow(
      /^Файл в архиве документа слишком большой после распаковки: 8 МБ/,
    );
    const atCap = zipSync({ "a.xml": [new Uint8Array(ARCHIVE_LIMITS.entryBytes).fill(0x20), { level: 1 }] });
    expect(readTitleArchive(atCap).fileList).toEqual([{ name: "a.xml", size: ARCHIVE_LIMITS.entryBytes }]);
  });
});

describe("decodeXml", () => {
  it("honours windows-1251 named in the declaration, in any case", () => {
    const xml = '<?xml version="1.0" encoding="WINDOWS-1251"?><Файл Имя="Грузоотправитель"/>';
    expect(decodeXml(iconv.encode(xml, "win1251"))).toBe(xml);
  });

  it("reads UTF-8 by default and drops a BOM", () => {
    const xml = '<Файл Имя="Перевозчик"/>';
    expect(decodeXml(new TextEncoder().encode(xml))).toBe(xml);
    expect(decodeXml(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(xml)]))).toBe(xml);
  });
});

describe("parseTitle", () => {
  it("reads title 1 from the windows-1251 zip", () => {
    const archive = readTitleArchive(fixture("title1.1251.zip"));
    const parsed = parseTitle(decodeXml(archive.xmlFiles[0].bytes));
    expect(parsed).toMatchObject({ type: "waybill", title: "ON_TRNACLGROT" });
    expectTitle1(waybillOf(parsed));
  });

  it("reads the same title 1 from a bare UTF-8 XML", () => {
    expectTitle1(waybillOf(parseTitle(decodeXml(fixture("title1.utf8.xml")))));
  });

  it("reads the carrier's acceptance (title 2) with its remarks, marks and the title it answers", () => {
    const parsed = parseTitle(decodeXml(fixture("title2.xml")));
    if (parsed.type !== "acceptance") throw new Error(parsed.type);
    expect(parsed.title).toBe("ON_TRNACLPPRIN");
    const fields = parsed.extractedFields;
    expect(fields["Основная информация"]).toMatchObject({
      Титул: "Приём груза перевозчиком (титул 2)",
      Дата: "14.03.2025",
      Время: "10:02:41",
      "УИД ТрН": "8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
      "Содержание операции":
        "Груз принят к перевозке водителем, уполномоченным перевозчиком на перевозку груза",
    });
    expect(fields["Ответ на титул"]).toMatchObject({
      "Идентификатор файла": expect.stringMatching(/^ON_TRNACLGROT_2BM-7701234567-.*2b90$/),
      Дата: "14.03.2025",
      Время: "09:15:00",
      Подпись: { preview: expect.stringMatching(/^MIIKDgYJKoZIhvcNAQcC/), totalLength: 232 },
    });
    expect(fields["Замечания"]).toEqual([
      { Поле: "Состояние груза", Значение: "Повреждена плёнка на двух паллетах" },
      { Поле: "Количество мест", Значение: "18 мест, 2 с повреждённой упаковкой" },
    ]);
    expect(fields["Отметки"]).toContainEqual({
      Поле: "Обстоятельства",
      Значение: "Задержка погрузки на 40 минут по вине грузоотправителя",
    });
    expect(fields["Подписант"]).toMatchObject({
      ФИО: "Кузнецов Сергей Петрович",
      Должность: "Водитель-экспедитор",
      Доверенность: null,
    });
  });

  it("reads the carrier's hand-over (title 4) and its reference to the consignee's title", () => {
    const parsed = parseTitle(decodeXml(fixture("title4.xml")));
    if (parsed.type !== "acceptance") throw new Error(parsed.type);
    expect(parsed).toMatchObject({
      title: "ON_TRNACLPVYN",
      documentType: "Выдача груза перевозчиком (титул 4)",
    });
    expect(parsed.extractedFields["Основная информация"]).toMatchObject({
      Дата: "15.03.2025",
      Время: "16:40:05",
    });
    expect(parsed.extractedFields["Ответ на титул"]).toMatchObject({
      "Идентификатор файла": expect.stringMatching(/^ON_TRNACLGRPO_/),
      Дата: "15.03.2025",
      Время: "15:58:12",
    });
    expect(parsed.extractedFields["Замечания"]).toEqual([
      { Поле: "Состояние груза", Значение: "Грузополучатель задержал выгрузку на 2 часа" },
    ]);
  });

  it("reads a 5.01 title 1's loading (СвПогруз) and pallets (КолПалл), without coordinate flags", () => {
    const fields = waybillOf(processTitleContent(fixture("sandbox-t1.zip")).extractedData.extracted);
    expect(fields.Груз["Паллеты"]).toBe(4);
    expect(fields.Груз["Масса брутто, кг"]).toBe(1740);
    expect(fields.Погрузка).toEqual(
      expect.arrayContaining([
        { Поле: "Адрес погрузки", Значение: "142640, Московская обл, г Подольск, ул Южная, д 87 стр 5" },
        { Поле: "Фактическое прибытие", Значение: "09.01.2023T11:56:50+03:00" },
        { Поле: "Отгружено, масса брутто, кг", Значение: "1740" },
      ]),
    );
    expect(fields.Погрузка.some((entry) => entry.Поле.startsWith("НалКоорТоч"))).toBe(false);
  });

  it("reads the consignee's receipt (title 3): arrival, what was received, where, and its marks", () => {
    const parsed = parseTitle(decodeXml(fixture("sandbox-t3.xml")));
    expect(parsed).toMatchObject({ type: "acceptance", title: "ON_TRNACLGRPO" });
    if (parsed.type !== "acceptance") return;
    const fields = parsed.extractedFields;
    expect(fields["Ответ на титул"]?.["Идентификатор файла"]).toMatch(/^ON_TRNACLPPRIN_/);
    expect(fields["Приём груза"]).toEqual(
      expect.arrayContaining([
        { Поле: "Адрес выгрузки", Значение: "620519, Свердловская обл, г Екатеринбург, ул Садовая, д 106" },
        { Поле: "Фактическое прибытие", Значение: "29.01.2023T05:22:29+03:00" },
        { Поле: "Принято, масса брутто, кг", Значение: "5700" },
        { Поле: "Состояние груза", Значение: "Груз принят с замечаниями, см. отметки грузополучателя" },
        {
          Поле: "Принятый груз",
          Значение: "Строительные материалы, мест: 15, масса брутто: 5700 кг, паллет: 15",
        },
      ]),
    );
    expect(fields.Отметки).toEqual([
      { Поле: "Дата и время отметки", Значение: "29.01.2023T06:35:29+03:00" },
      { Поле: "Обстоятельства", Значение: "Повреждена маркировка на одном месте" },
    ]);
    expect(fields.Подписант).toMatchObject({ Фамилия: "Литвиненко", Должность: "Кладовщик" });
  });

  it("says who composed a title: the document's НаимЭконСубСост and its own ИдРекСост's INN, not a lease contract's", () => {
    const t1 = waybillOf(processTitleContent(fixture("sandbox-t1.zip")).extractedData.extracted);
    const shipper = t1.Грузоотправитель.Организация;
    expect(t1.Составитель).toEqual({ Наименование: shipper.Наименование, ИНН: shipper.ИНН });
    // The rented tractor's lease names its owner in an ИдРекСост of its own.
    expect(t1["Транспортное средство"]["Тип владения"]).toBe("Аренда");
    const t3 = parseTitle(decodeXml(fixture("sandbox-t3.xml")));
    if (t3.type !== "acceptance") throw new Error(t3.type);
    expect(t3.extractedFields.Составитель).toEqual({ Наименование: "ООО «Старт-Металл»", ИНН: "7722562668" });
  });

  it("reads the signer's simple signature (ПЭП): its name and the rest of its block", () => {
    const t3 = parseTitle(decodeXml(fixture("sandbox-t3.xml")));
    if (t3.type !== "acceptance") throw new Error(t3.type);
    expect(t3.extractedFields.Подписант["Простая электронная подпись"]).toEqual({
      ФИО: "Литвиненко Аркадий Андреевич",
      Фамилия: "Литвиненко",
      Имя: "Аркадий",
      Отчество: "Андреевич",
      "Другие сведения": [],
    });
    // Another writer: the block beside the signer, a sole trader composing, more in the block.
    const xml = `<Файл ИдФайл="ON_TRNACLPVYN_A_B_0_20250315_x" ВерсФорм="5.01">
      <Документ КНД="1110342" НаимЭкСубСост="ИП Орлов Пётр Ильич">
        <ИдРекСост ИННФЛ="500100732259"/>
        <СодПрвВыд СодОпер="Выдано"/>
        <Подписант СтатПодп="1"><ФИО Фамилия="Орлов" Имя="Пётр"/></Подписант>
        <ПЭПВодит ФамилияПЭП="Орлов" ИмяПЭП="Пётр" ТелПЭП="+7 900 000-00-00"/>
      </Документ></Файл>`;
    const t4 = parseTitle(xml);
    if (t4.type !== "acceptance") throw new Error(t4.type);
    expect(t4.extractedFields.Составитель).toEqual({
      Наименование: "ИП Орлов Пётр Ильич",
      ИНН: "500100732259",
    });
    expect(t4.extractedFields.Подписант["Простая электронная подпись"]).toEqual({
      ФИО: "Орлов Пётр",
      Фамилия: "Орлов",
      Имя: "Пётр",
      Отчество: null,
      "Другие сведения": [{ Поле: "ТелПЭП", Значение: "+7 900 000-00-00" }],
    });
    // A title signed with a key alone says so.
    const t2 = parseTitle(decodeXml(fixture("title2.xml")));
    expect(
      t2.type === "acceptance" && t2.extractedFields.Подписант["Простая электронная подпись"],
    ).toBeNull();
  });

  it("knows a title by its file id when КНД is missing", () => {
    const xml =
      '<Файл ИдФайл="ON_TRNACLPVYN_A_B_0_20250315_x" ВерсФорм="5.01"><Документ><СодПрвВыд СодОпер="Выдано"/></Документ></Файл>';
    expect(parseTitle(xml)).toMatchObject({ type: "acceptance", title: "ON_TRNACLPVYN" });
  });

  it("returns any other XML raw, cut at 3000 characters", () => {
    const unknown = new TextDecoder().decode(fixture("unknown.xml"));
    expect(parseTitle(unknown)).toEqual({ type: "unknown", documentType: "Не определен", rawData: unknown });
    const long = `<Данные>${"я".repeat(5000)}</Данные>`;
    expect(parseTitle(long)).toMatchObject({ rawData: long.slice(0, 3000) });
  });

  it("refuses malformed XML with a Russian message", () => {
    expect(() => parseTitle("<Файл><Документ></Файл>")).toThrow(/^XML-документ повреждён/);
  });
});

describe("signaturePreview", () => {
  it("shows binary signatures as base64 and text ones as they are", () => {
    const der = new Uint8Array(300).fill(0xff);
    expect(signaturePreview(der)).toEqual({ preview: "/".repeat(200), totalLength: 400 });
    expect(signaturePreview("  MIIabc  ")).toEqual({ preview: "MIIabc", totalLength: 6 });
  });
});

describe("processTitleContent", () => {
  it("describes the zip as the content viewer shows it", () => {
    const bytes = fixture("title1.1251.zip");
    const content = processTitleContent(bytes);
    expect(content).toMatchObject({
      contentSize: bytes.length,
      contentSizeFormatted: "3 КБ",
      hasXML: true,
      hasSignatures: true,
      extractedData: {
        metadata: { totalFiles: 2, documentType: "Транспортная накладная (титул 1, грузоотправитель)" },
      },
    });
    expect(content.signatures).toEqual([
      {
        name: expect.stringMatching(/\.sig$/),
        preview: expect.stringMatching(/^MIIF\/AYJKoZIhvcNAQcC/),
        totalLength: 2048,
      },
    ]);
    expect(content.signatures[0].preview).toHaveLength(200);
    expectTitle1(waybillOf(content.extractedData.extracted));
  });

  it("marks an unknown XML as «Не определен»", () => {
    const content = processTitleContent(fixture("unknown.xml"), "unknown.xml");
    expect(content).toMatchObject({
      hasXML: true,
      hasSignatures: false,
      extractedData: { metadata: { totalFiles: 1, documentType: "Не определен" } },
    });
  });

  it("throws a typed error for a file that is neither zip nor XML", () => {
    expect(() => processTitleContent(fixture("not-a-title.pdf"))).toThrow(TitleContentError);
  });

  it("formats sizes in Russian units", () => {
    expect([formatSize(0), formatSize(512), formatSize(12_697), formatSize(3 * 1024 * 1024)]).toEqual([
      "0 Б",
      "512 Б",
      "12,4 КБ",
      "3 МБ",
    ]);
  });
});

describe("edo:parse CLI", () => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", `${root}scripts/edo-parse.ts`, ...args], {
      cwd: root,
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("prints the structured view of a title as JSON", async () => {
    const { code, stdout, stderr } = await run(fixturePath("title1.1251.zip"));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const printed = JSON.parse(stdout) as ReturnType<typeof processTitleContent>;
    expect(printed.extractedData.metadata.documentType).toBe(
      "Транспортная накладная (титул 1, грузоотправитель)",
    );
    expectTitle1(waybillOf(printed.extractedData.extracted));
  });

  it("reads the sandbox operator's own titles: a zipped title 1 and a bare windows-1251 title 3", async () => {
    const t1 = await run(fixturePath("sandbox-t1.zip"));
    expect(t1.code).toBe(0);
    const waybill = waybillOf(
      (JSON.parse(t1.stdout) as ReturnType<typeof processTitleContent>).extractedData.extracted,
    );
    expect(waybill.Груз).toMatchObject({ "Масса брутто, кг": 1740, Паллеты: 4 });
    expect(waybill["Основная информация"]["Версия формата"]).toBe("5.01");
    const t3 = await run(fixturePath("sandbox-t3.xml"));
    expect(t3.code).toBe(0);
    expect(JSON.parse(t3.stdout)).toMatchObject({
      hasXML: true,
      extractedData: {
        extracted: {
          type: "acceptance",
          title: "ON_TRNACLGRPO",
          // Who composed it, and the name its signer signed with by simple signature.
          extractedFields: {
            Составитель: { Наименование: "ООО «Старт-Металл»", ИНН: "7722562668" },
            Подписант: { "Простая электронная подпись": { ФИО: "Литвиненко Аркадий Андреевич" } },
          },
        },
      },
    });
  });

  it("refuses an archive that declares more than it may unpack to, with the reason on stderr", async () => {
    const dir = mkdtempSync(join(tmpdir(), "edo-parse-"));
    const path = join(dir, "bomb.zip");
    writeFileSync(
      path,
      zipDeclaring({ "t.xml": new TextEncoder().encode("<Файл/>") }, { "t.xml": 2 ** 32 - 2 }),
    );
    try {
      const bomb = await run(path);
      expect(bomb).toMatchObject({ code: 1, stdout: "" });
      expect(bomb.stderr).toContain("Файл в архиве документа слишком большой после распаковки: «t.xml»");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails with a message on stderr for a file it cannot read or a missing argument", async () => {
    const notATitle = await run(fixturePath("not-a-title.pdf"));
    expect(notATitle).toMatchObject({ code: 1, stdout: "" });
    expect(notATitle.stderr).toContain("Файл не является ни ZIP-архивом, ни XML-документом");
    const missing = await run(fixturePath("no-such-file.zip"));
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining("Не удалось прочитать файл") });
    const noArgument = await run();
    expect(noArgument).toMatchObject({ code: 1, stderr: expect.stringContaining("Укажите файл") });
  });
});
