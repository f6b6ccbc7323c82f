// Print forms of the sandbox EDO operator (decision 0026): a PDF of one title, or of a whole docflow
// (each title with content on a page of its own). A4, Cyrillic text in DejaVu Sans (an npm package,
// subset into each file); laid out from the same models the title XML is written from.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import {
  fullNameOf,
  type AcceptanceModel,
  type BuiltTitle,
  type Organisation,
  type OtherModel,
  type Signer,
  type TitleModel,
  type VehicleUnit,
  type WaybillModel,
} from "./title-model";

const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** The font files, read once: the sandbox runs in Node (decision 0006). */
function fonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fontFiles;
}

type Row = [label: string, value: string | null];
type Section = { heading: string; rows: Row[] };
type Form = { heading: string; subheading: string; fileId: string; sections: Section[] };

/** «05.11.2024 14:03» of an ISO moment or of ДатаВремяВЗТип «05.11.2024T14:03:27+03:00». */
function moment(value: string): string {
  const iso = /^\d{4}-/.test(value);
  const date = iso ? `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}` : value.slice(0, 10);
  return `${date} ${value.slice(11, 16)}`;
}
const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const thousands = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });
const number = (value: number) => thousands.format(value).replace(/\u00a0|\u202f/g, " ");

const OWNERSHIP: Record<VehicleUnit["ownership"], string> = {
  "1": "собственность",
  "3": "аренда",
  "4": "лизинг",
};

function partyRows(party: Organisation): Row[] {
  return [
    ["Наименование", party.name],
    ["ИНН / КПП", party.kpp ? `${party.inn} / ${party.kpp}` : party.inn],
    ["Адрес", party.address],
    ["Телефон", party.phone],
  ];
}

function vehicleText(unit: VehicleUnit): string {
  const capacity =
    unit.volumeM3 > 0
      ? `${number(unit.payloadT)} т, ${number(unit.volumeM3)} м3`
      : `${number(unit.payloadT)} т`;
  const contract = unit.contract
    ? `, ${unit.contract.name.toLowerCase()} № ${unit.contract.number} от ${unit.contract.date}`
    : "";
  return `${unit.plate} — ${unit.make}, ${unit.kind.toLowerCase()}, ${capacity}; СТС ${unit.registration}; ${OWNERSHIP[unit.ownership]}${contract}`;
}

function signerSection(signer: Signer): Section {
  const { attorney } = signer;
  return {
    heading: "Подписант",
    rows: [
      ["ФИО", fullNameOf(signer.person)],
      ["Должность", signer.position],
      ["Полномочия", attorney ? "по доверенности" : "без доверенности"],
      ["Доверенность", attorney ? `№ ${attorney.number} от ${attorney.date}, ${attorney.id}` : null],
      ["Проверка доверенности", attorney?.checkUrl ?? null],
      ["Простая электронная подпись", signer.simpleSignature ? fullNameOf(signer.simpleSignature) : null],
    ],
  };
}

function waybillForm(model: WaybillModel): Form {
  const { cargo, driver } = model;
  return {
    heading: `Транспортная накладная № ${model.docNumber} от ${day(model.docDate)}`,
    subheading: "Титул 1 — информация грузоотправителя",
    fileId: model.fileId,
    sections: [
      {
        heading: "Основные сведения",
        rows: [
          ["Дата и время подписания", moment(model.title.dateTime)],
          ["Заказ (заявка)", `№ ${model.order.number} от ${model.order.date}`],
          ["УИД ТрН", model.uid],
        ],
      },
      { heading: "Грузоотправитель", rows: partyRows(model.shipper) },
      {
        heading: "Грузополучатель",
        rows: [
          ...partyRows(model.consignee),
          ["Адрес доставки", model.deliveryAddress ?? `код ГАР ${model.deliveryGarCode}`],
        ],
      },
      { heading: "Перевозчик", rows: partyRows(model.carrier) },
      {
        heading: "Груз",
        rows: [
          ["Наименование", cargo.name],
          ["Состояние, упаковка", `${cargo.state}; ${cargo.packing}`],
          ["Грузовых мест", String(cargo.places)],
          ["Паллет", cargo.pallets === null ? null : String(cargo.pallets)],
          ["Масса брутто", `${number(cargo.grossKg)} кг`],
          ["Маркировка", cargo.marking],
          ["Указания грузоотправителя", model.instructions],
        ],
      },
      {
        heading: "Транспортное средство и водитель",
        rows: [
          ["Транспортное средство", vehicleText(model.vehicle)],
          ...model.trailers.map((unit): Row => ["Прицеп", vehicleText(unit)]),
          ["Водитель", fullNameOf(driver.person)],
          [
            "Водительское удостоверение",
            `${driver.licenceSeries} ${driver.licenceNumber} от ${driver.licenceIssued}`,
          ],
          ["Телефон водителя", driver.phone],
        ],
      },
      {
        heading: "Погрузка",
        rows: [
          ["Адрес погрузки", model.loadingAddress],
          ["Заявленная подача", moment(model.loading.requested)],
          ["Прибытие", moment(model.loading.arrived)],
          ["Убытие", moment(model.loading.departed)],
        ],
      },
      signerSection(model.signer),
    ],
  };
}

function acceptanceForm(model: AcceptanceModel): Form {
  const { received, reference } = model;
  return {
    heading: model.heading,
    subheading: `к транспортной накладной № ${model.docNumber} от ${day(model.docDate)}`,
    fileId: model.fileId,
    sections: [
      {
        heading: "Основные сведения",
        rows: [
          ["Дата и время подписания", moment(model.title.dateTime)],
          ["Отправитель", model.sender],
          ["Получатель", model.receiver],
          ["Ответ на титул", `${reference.fileId} от ${reference.date} ${reference.time.slice(0, 5)}`],
          ["Содержание операции", model.operation],
        ],
      },
      ...(received
        ? [
            {
              heading: "Приём груза",
              rows: [
                ["Адрес выгрузки", received.address],
                ["Прибытие", moment(received.arrived)],
                ["Убытие", moment(received.departed)],
                ["Груз", received.cargo.name],
                ["Принято мест", String(received.cargo.places)],
                ["Масса брутто", `${number(received.cargo.grossKg)} кг`],
                ["Состояние груза", received.condition],
              ] satisfies Row[],
            },
          ]
        : []),
      {
        heading: "Замечания и отметки",
        rows:
          model.remarks.length + model.marks.length === 0
            ? [["Замечания", "нет"]]
            : [
                ...model.remarks.map((remark): Row => [
                  remark.label,
                  /Дат(а)?Вр/.test(remark.attribute) ? moment(remark.text) : remark.text,
                ]),
                ...model.marks.map((mark): Row => [`Отметка ${moment(mark.at)}`, mark.text]),
              ],
      },
      signerSection(model.signer),
    ],
  };
}

function otherForm(model: OtherModel): Form {
  return {
    heading: model.heading,
    subheading: `к документу № ${model.docNumber} от ${day(model.docDate)}`,
    fileId: model.fileId,
    sections: [
      {
        heading: "Сведения",
        rows: [
          ["Тип", model.type],
          ["Дата и время", moment(model.title.dateTime)],
          ["Отправитель", model.sender],
          ["Получатель", model.receiver],
          ...model.facts,
        ],
      },
    ],
  };
}

const formOf = (model: TitleModel): Form =>
  model.kind === "waybill"
    ? waybillForm(model)
    : model.kind === "acceptance"
      ? acceptanceForm(model)
      : otherForm(model);

// --- Layout --------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const LABEL_WIDTH = 160;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.82, 0.84, 0.87);

/** Lines of `text` no wider than `width`; words longer than a line are cut where they must be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {}

  newPage() {
    this.page = this.pdf.addPage(A4);
    this.pageNumber++;
    this.y = A4[1] - MARGIN;
    this.page.drawText("Оператор ЭДО · песочница", {
      x: MARGIN,
      y: this.y,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
    this.page.drawText(`${this.footer} · стр. ${this.pageNumber}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7,
      font: this.regular,
      color: MUTED,
    });
    this.y -= 22;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  private lines(lines: string[], x: number, font: PDFFont, size: number, color = TEXT) {
    for (const line of lines) {
      this.room(size + 2.5);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= size + 2.5;
    }
  }

  form(form: Form) {
    const width = A4[0] - 2 * MARGIN;
    this.lines(wrap(form.heading, this.bold, 14, width), MARGIN, this.bold, 14);
    this.lines(wrap(form.subheading, this.regular, 10, width), MARGIN, this.regular, 10, MUTED);
    this.lines(wrap(`Файл ${form.fileId}`, this.regular, 7, width), MARGIN, this.regular, 7, MUTED);
    this.y -= 6;
    for (const section of form.sections) {
      this.room(40);
      this.y -= 4;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: A4[0] - MARGIN, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
      this.y -= 4;
      this.lines([section.heading], MARGIN, this.bold, 10.5);
      this.y -= 1;
      for (const [label, value] of section.rows) {
        if (value === null) continue;
        const labels = wrap(label, this.regular, 8, LABEL_WIDTH - 10);
        const values = wrap(value, this.regular, 9, width - LABEL_WIDTH);
        this.room(Math.max(labels.length, values.length) * 11.5);
        const top = this.y;
        this.lines(labels, MARGIN, this.regular, 8, MUTED);
        const afterLabels = this.y;
        this.y = top;
        this.lines(values, MARGIN + LABEL_WIDTH, this.regular, 9);
        this.y = Math.min(this.y, afterLabels) - 1.5;
      }
    }
  }
}

async function printOf(titles: BuiltTitle[], name: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = fonts();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const signedAt = new Date(titles[titles.length - 1].model.title.dateTime);
  pdf.setTitle(name);
  pdf.setProducer("Песочница ЭДО");
  pdf.setCreator("Песочница ЭДО");
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
  const writer = new Writer(pdf, regular, bold, name);
  for (const title of titles) {
    writer.newPage();
    writer.form(formOf(title.model));
  }
  return pdf.save();
}

/** The print form of one title. */
export function titlePrint(title: BuiltTitle): Promise<Uint8Array> {
  return printOf([title], `${formOf(title.model).heading}`);
}

/** The print form of a docflow: each of `titles` (those with content) on pages of its own. */
export function docflowPrint(docNumber: string, titles: BuiltTitle[]): Promise<Uint8Array> {
  if (titles.length === 0) throw new Error("sandbox: a docflow print needs a title with content");
  return printOf(titles, `Документооборот ${docNumber}`);
}
