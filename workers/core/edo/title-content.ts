import { unzipSync } from "fflate";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import iconv from "iconv-lite";

/**
 * Reads the titles of an FNS electronic transport waybill (ЭТрН, format 5.01) as the EDO
 * operator hands them over: a zip of the title XML and its detached signature, or a bare XML.
 * Pure functions over bytes, so the same code runs in the Worker and in the CLI.
 *
 * Element names follow the GNIVC XSDs (ON_TRNACLGROT_1_973_01_05_01_01 and its siblings), but
 * operators' output drifts from them (a missing wrapper, an address type spelt another way), so
 * sections are looked up by name at any depth below their parent rather than by one exact path.
 */

export type TitleContentErrorCode =
  | "empty"
  | "unreadable"
  | "brokenArchive"
  | "brokenXml"
  | "tooManyEntries"
  | "entryTooLarge"
  | "archiveTooLarge";

const ERROR_MESSAGES: Record<TitleContentErrorCode, string> = {
  empty: "Файл пуст",
  unreadable: "Файл не является ни ZIP-архивом, ни XML-документом",
  brokenArchive: "Не удалось распаковать ZIP-архив",
  brokenXml: "XML-документ повреждён и не может быть прочитан",
  tooManyEntries: "В архиве документа слишком много файлов",
  entryTooLarge: "Файл в архиве документа слишком большой после распаковки",
  archiveTooLarge: "Архив документа слишком большой после распаковки",
};

/** Input that is not a title archive nor a title XML; the message is shown to the user. */
export class TitleContentError extends Error {
  readonly code: TitleContentErrorCode;
  constructor(code: TitleContentErrorCode, detail?: string) {
    super(detail ? `${ERROR_MESSAGES[code]}: ${detail}` : ERROR_MESSAGES[code]);
    this.name = "TitleContentError";
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// Archive

export interface ArchiveFile {
  name: string;
  size: number;
}

export interface ArchiveEntry extends ArchiveFile {
  bytes: Uint8Array;
}

export interface TitleArchive {
  isZip: boolean;
  fileList: ArchiveFile[];
  xmlFiles: ArchiveEntry[];
  signatures: ArchiveEntry[];
  otherFiles: ArchiveEntry[];
}

/**
 * What a title archive may unpack to. A title's XML and its detached signature are tens of
 * kilobytes (CAdES-X Long signatures with certificates stay under a megabyte); anything near
 * these caps is not a title, and a Worker has 128 MB for everything it does.
 */
export const ARCHIVE_LIMITS = {
  entries: 64,
  entryBytes: 8 * 1024 * 1024,
  totalBytes: 16 * 1024 * 1024,
} as const;

const SIGNATURE_EXTENSIONS = /\.(sig|sgn|p7s|p7m|p7b|cms|bin)$/i;
const BARE_XML_NAME = "document.xml";

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Whether bytes start (after a BOM and whitespace) with `<`, as any XML document does. */
function looksLikeXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return bytes[i] === 0x3c;
}

/** An entry's name as a message may quote it: the operator's text, cut short. */
const quotedName = (name: string) => `«${name.length > 80 ? `${name.slice(0, 80)}…` : name}»`;

/**
 * Why the archive must not be unpacked, or null. Only the zip's central directory is read:
 * fflate allocates each entry's declared size before inflating it (a 262-byte archive can
 * declare 160 MiB), so the declared sizes are judged before anything is allocated. A bare XML
 * counts as one entry. A zip fflate cannot read is not judged here: unpacking it says so.
 */
export function archiveLimitBreach(bytes: Uint8Array): TitleContentError | null {
  const cap = ARCHIVE_LIMITS;
  if (!isZip(bytes)) {
    return bytes.length > cap.entryBytes
      ? new TitleContentError(
          "entryTooLarge",
          `${formatSize(bytes.length)}, допустимо не больше ${formatSize(cap.entryBytes)}`,
        )
      : null;
  }
  let entries = 0;
  let total = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        // Stored entries are copied, deflated ones get a buffer of the declared size.
        const size = Math.max(file.size, file.originalSize);
        total += size;
        if (++entries > cap.entries) throw new TitleContentError("tooManyEntries", `больше ${cap.entries}`);
        if (size > cap.entryBytes)
          throw new TitleContentError(
            "entryTooLarge",
            `${quotedName(file.name)} — ${formatSize(size)}, допустимо не больше ${formatSize(cap.entryBytes)}`,
          );
        if (total > cap.totalBytes)
          throw new TitleContentError("archiveTooLarge", `больше ${formatSize(cap.totalBytes)}`);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof TitleContentError) return error;
  }
  return null;
}

/** Splits a zip (or wraps a bare XML) into the title XMLs, their signatures and the rest. */
export function readTitleArchive(bytes: Uint8Array, fileName = BARE_XML_NAME): TitleArchive {
  if (bytes.length === 0) throw new TitleContentError("empty");
  const breach = archiveLimitBreach(bytes);
  if (breach) throw breach;
  if (!isZip(bytes)) {
    if (!looksLikeXml(bytes)) throw new TitleContentError("unreadable");
    const entry = { name: fileName, size: bytes.length, bytes };
    return {
      isZip: false,
      fileList: [{ name: fileName, size: bytes.length }],
      xmlFiles: [entry],
      signatures: [],
      otherFiles: [],
    };
  }
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(bytes);
  } catch (error) {
    throw new TitleContentError("brokenArchive", error instanceof Error ? error.message : undefined);
  }
  const archive: TitleArchive = { isZip: true, fileList: [], xmlFiles: [], signatures: [], otherFiles: [] };
  for (const [name, content] of Object.entries(unzipped)) {
    if (name.endsWith("/")) continue;
    const entry = { name, size: content.length, bytes: content };
    archive.fileList.push({ name, size: content.length });
    if (/\.xml$/i.test(name) || (!SIGNATURE_EXTENSIONS.test(name) && looksLikeXml(content)))
      archive.xmlFiles.push(entry);
    else if (SIGNATURE_EXTENSIONS.test(name)) archive.signatures.push(entry);
    else archive.otherFiles.push(entry);
  }
  return archive;
}

// ---------------------------------------------------------------------------------------------
// Text

/** Decodes XML bytes by the encoding its declaration names (windows-1251 or UTF-8); UTF-8 by default. */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  // The declaration is ASCII in both encodings, so reading its bytes one to one is safe.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared && ["windows-1251", "cp1251", "win1251", "win-1251"].includes(declared)) {
    return iconv.decode(bytes, "win1251");
  }
  return new TextDecoder("utf-8").decode(bytes);
}

export interface SignaturePreview {
  /** The first 200 characters of the signature's base64 (or of its text, when it is text). */
  preview: string;
  totalLength: number;
}

const PREVIEW_LENGTH = 200;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A detached signature is either DER (binary, shown as base64) or already base64/PEM text. */
export function signaturePreview(signature: Uint8Array | string): SignaturePreview {
  let text: string;
  if (typeof signature === "string") text = signature.trim();
  else {
    const printable = signature.every(
      (b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f),
    );
    text = printable ? new TextDecoder().decode(signature).trim() : toBase64(signature);
  }
  return { preview: text.slice(0, PREVIEW_LENGTH), totalLength: text.length };
}

// ---------------------------------------------------------------------------------------------
// XML tree

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

type OrderedItem = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
});

function toNode(item: OrderedItem): XmlNode | null {
  const name = Object.keys(item).find((key) => key !== ":@" && key !== "#text");
  if (!name) return null;
  const node: XmlNode = { name, attrs: {}, children: [], text: "" };
  const attrs = item[":@"];
  if (attrs && typeof attrs === "object") {
    for (const [key, value] of Object.entries(attrs)) node.attrs[key] = String(value);
  }
  const content = item[name];
  if (Array.isArray(content)) {
    for (const part of content as OrderedItem[]) {
      if ("#text" in part) node.text += String(part["#text"]);
      else {
        const child = toNode(part);
        if (child) node.children.push(child);
      }
    }
  }
  return node;
}

function parseTree(xmlText: string): XmlNode {
  const valid = XMLValidator.validate(xmlText);
  if (valid !== true) throw new TitleContentError("brokenXml", `${valid.err.msg} (строка ${valid.err.line})`);
  const root = (parser.parse(xmlText) as OrderedItem[]).map(toNode).find((node) => node !== null);
  if (!root) throw new TitleContentError("brokenXml");
  return root;
}

/** Nearest descendant (breadth-first, the node itself included) that matches. */
function findNode(
  node: XmlNode | null | undefined,
  match: string | ((node: XmlNode) => boolean),
): XmlNode | null {
  if (!node) return null;
  const test = typeof match === "string" ? (n: XmlNode) => n.name === match : match;
  const queue = [node];
  for (let i = 0; i < queue.length; i++) {
    if (test(queue[i])) return queue[i];
    queue.push(...queue[i].children);
  }
  return null;
}

/** Every descendant (the node itself included) that matches, in document order. */
function findAll(node: XmlNode | null | undefined, match: string | ((node: XmlNode) => boolean)): XmlNode[] {
  if (!node) return [];
  const test = typeof match === "string" ? (n: XmlNode) => n.name === match : match;
  const found: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    if (test(n)) found.push(n);
    n.children.forEach(walk);
  };
  walk(node);
  return found;
}

/** The first non-empty attribute among `names` on the node. */
function attr(node: XmlNode | null | undefined, ...names: string[]): string | null {
  for (const name of names) {
    const value = node?.attrs[name]?.trim();
    if (value) return value;
  }
  return null;
}

/** The attribute on the node or, failing that, on the nearest descendant that carries it. */
function deepAttr(node: XmlNode | null | undefined, ...names: string[]): string | null {
  return attr(
    findNode(node, (n) => names.some((name) => n.attrs[name]?.trim())),
    ...names,
  );
}

/** The attribute whose name matches, on the node or its nearest descendant that has one. */
function attrMatching(node: XmlNode | null | undefined, pattern: RegExp): string | null {
  const holder = findNode(node, (n) =>
    Object.keys(n.attrs).some((key) => pattern.test(key) && n.attrs[key].trim()),
  );
  const key = holder && Object.keys(holder.attrs).find((k) => pattern.test(k) && holder.attrs[k].trim());
  return holder && key ? holder.attrs[key].trim() : null;
}

/** The first non-empty attribute of the node whose name starts with `prefix`. */
function attrStartingWith(node: XmlNode | null | undefined, prefix: string): string | null {
  const found = Object.entries(node?.attrs ?? {}).find(
    ([key, value]) => key.startsWith(prefix) && value.trim(),
  );
  return found ? found[1] : null;
}

function text(node: XmlNode | null | undefined): string | null {
  return node?.text.trim() || null;
}

/** A number as it stands in the XML («20.5» or «20,5»); null when absent or not a number. */
function decimal(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Number(value.replace(",", ".").replace(/\s/g, ""));
  return Number.isFinite(parsed) ? parsed : null;
}

// ---------------------------------------------------------------------------------------------
// Titles

export type TitleCode = "ON_TRNACLGROT" | "ON_TRNACLPPRIN" | "ON_TRNACLGRPO" | "ON_TRNACLPVYN";

interface TitleInfo {
  code: TitleCode;
  knd: string;
  number: 1 | 2 | 3 | 4;
  label: string;
}

const TITLES: TitleInfo[] = [
  {
    code: "ON_TRNACLGROT",
    knd: "1110339",
    number: 1,
    label: "Транспортная накладная (титул 1, грузоотправитель)",
  },
  { code: "ON_TRNACLPPRIN", knd: "1110340", number: 2, label: "Приём груза перевозчиком (титул 2)" },
  { code: "ON_TRNACLGRPO", knd: "1110341", number: 3, label: "Приём груза грузополучателем (титул 3)" },
  { code: "ON_TRNACLPVYN", knd: "1110342", number: 4, label: "Выдача груза перевозчиком (титул 4)" },
];

export const UNKNOWN_DOCUMENT_TYPE = "Не определен";
const RAW_DATA_LIMIT = 3000;

export interface Organisation {
  Наименование: string | null;
  ИНН: string | null;
  КПП: string | null;
}

export interface Contacts {
  Телефон: string | null;
  "Электронная почта": string | null;
}

export interface Party {
  Организация: Organisation;
  Адрес: string | null;
  Контакты: Contacts;
}

export interface PowerOfAttorney {
  Дата: string | null;
  Номер: string | null;
  Идентификатор: string | null;
  "Ссылка для проверки": string | null;
}

/**
 * The simple electronic signature (ПЭП) the signer signed with: its block's name parts
 * (`ФамилияПЭП`, `ИмяПЭП`, `ОтчествоПЭП`) and whatever else the block says.
 */
export interface SimpleSignature {
  ФИО: string | null;
  Фамилия: string | null;
  Имя: string | null;
  Отчество: string | null;
  "Другие сведения": LabelledValue[];
}

export interface Signer {
  ФИО: string | null;
  Фамилия: string | null;
  Имя: string | null;
  Отчество: string | null;
  Статус: string | null;
  Должность: string | null;
  Доверенность: PowerOfAttorney | null;
  "Простая электронная подпись": SimpleSignature | null;
}

/** The economic entity that composed the title's file (`НаимЭконСубСост`), with its INN. */
export interface Composer {
  Наименование: string | null;
  ИНН: string | null;
}

export interface TransportWaybillFields {
  "Основная информация": {
    "Номер накладной": string | null;
    "Дата накладной": string | null;
    "Номер заказа": string | null;
    "Дата заказа": string | null;
    "Версия программы": string | null;
    "Версия формата": string | null;
    "Идентификатор файла": string | null;
    "УИД ТрН": string | null;
  };
  Составитель: Composer;
  Грузоотправитель: Party & { Экспедитор: boolean | null };
  Грузополучатель: Party & { "Адрес доставки": string | null };
  Перевозчик: Party;
  "Транспортное средство": {
    "Регистрационный номер": string | null;
    "Номер СТС": string | null;
    "Тип владения": "Собственность" | "Аренда" | null;
    Тип: string | null;
    Марка: string | null;
    "Грузоподъёмность, т": number | null;
    "Объём, м³": number | null;
  };
  Прицепы: string[];
  Водитель: {
    Фамилия: string | null;
    Имя: string | null;
    Отчество: string | null;
    "Серия ВУ": string | null;
    "Номер ВУ": string | null;
    "Дата выдачи ВУ": string | null;
    Телефон: string | null;
  };
  Груз: {
    Наименование: string | null;
    Состояние: string | null;
    "Способ упаковки": string | null;
    "Вид тары": string | null;
    "Количество мест": number | null;
    Маркировка: string | null;
    "Масса брутто, кг": number | null;
    Паллеты: number | null;
  };
  /** СвПогруз: loading address, times and the mass shipped. */
  Погрузка: LabelledValue[];
  Подписант: Signer;
}

export interface TitleReference {
  "Идентификатор файла": string | null;
  Дата: string | null;
  Время: string | null;
  Подпись: SignaturePreview | null;
}

export interface LabelledValue {
  Поле: string;
  Значение: string;
}

export interface CargoAcceptanceFields {
  "Основная информация": {
    Титул: string;
    "Идентификатор файла": string | null;
    "Версия формата": string | null;
    "Версия программы": string | null;
    Дата: string | null;
    Время: string | null;
    "УИД ТрН": string | null;
    "Содержание операции": string | null;
  };
  Составитель: Composer;
  "Ответ на титул": TitleReference | null;
  /** Title 3: the consignee's receipt (arrival, departure, what was received, where). */
  "Приём груза": LabelledValue[];
  Замечания: LabelledValue[];
  Отметки: LabelledValue[];
  Подписант: Signer;
}

export type ParsedTitle =
  | { type: "waybill"; title: TitleCode; documentType: string; extractedFields: TransportWaybillFields }
  | { type: "acceptance"; title: TitleCode; documentType: string; extractedFields: CargoAcceptanceFields }
  | { type: "unknown"; documentType: typeof UNKNOWN_DOCUMENT_TYPE; rawData: string };

function detectTitle(root: XmlNode): TitleInfo | null {
  const knd = attr(findNode(root, "Документ"), "КНД");
  const fileId = attr(root, "ИдФайл")?.toUpperCase() ?? "";
  return (
    TITLES.find((title) => title.knd === knd) ??
    TITLES.find((title) => fileId === title.code || fileId.startsWith(`${title.code}_`)) ??
    null
  );
}

const ADDRESS_PARTS = [
  "Индекс",
  "Регион",
  "НаимРегион",
  "Район",
  "Город",
  "НаселПункт",
  "Улица",
  "Дом",
  "Корпус",
  "Кварт",
];

/** Free-text address (АдрТекст) when given, else the structured parts joined. */
function formatAddress(node: XmlNode | null): string | null {
  if (!node) return null;
  const freeText = deepAttr(node, "АдрТекст");
  if (freeText) return freeText;
  const structured = findNode(node, (n) => ADDRESS_PARTS.some((part) => n.attrs[part]?.trim()));
  if (structured) {
    return ADDRESS_PARTS.map((part) => structured.attrs[part]?.trim())
      .filter(Boolean)
      .join(", ");
  }
  return text(findNode(node, (n) => Boolean(n.text.trim())));
}

function fullName(fio: XmlNode | null): string | null {
  const parts = [attr(fio, "Фамилия"), attr(fio, "Имя"), attr(fio, "Отчество")].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : null;
}

function organisation(ident: XmlNode | null): Organisation {
  const legal = findNode(ident, (n) => n.name.startsWith("СвЮЛ"));
  if (legal)
    return { Наименование: attr(legal, "НаимОрг"), ИНН: attr(legal, "ИННЮЛ"), КПП: attr(legal, "КПП") };
  const entrepreneur = findNode(ident, (n) => n.name.startsWith("СвИП"));
  if (entrepreneur) {
    const name = fullName(findNode(entrepreneur, "ФИО"));
    return { Наименование: name && `ИП ${name}`, ИНН: attr(entrepreneur, "ИННФЛ"), КПП: null };
  }
  const person = findNode(ident, (n) => n.name.startsWith("СвФЛ"));
  if (person)
    return { Наименование: fullName(findNode(person, "ФИО")), ИНН: attr(person, "ИННФЛ"), КПП: null };
  const foreign = findNode(ident, (n) => n.name.startsWith("СвИн"));
  return { Наименование: attr(foreign, "Наим"), ИНН: attr(foreign, "Идентиф"), КПП: null };
}

function contacts(node: XmlNode | null): Contacts {
  const contact = findNode(node, "Контакт") ?? node;
  return { Телефон: text(findNode(contact, "Тлф")), "Электронная почта": text(findNode(contact, "ЭлПочта")) };
}

/** A party section: its identifying block (РекИдент…) when present, the section itself otherwise. */
function party(section: XmlNode | null, identName: string): Party {
  const ident = findNode(section, identName) ?? section;
  return {
    Организация: organisation(findNode(ident, "ИдСв") ?? ident),
    Адрес: formatAddress(findNode(ident, "Адрес")),
    Контакты: contacts(ident),
  };
}

const SIMPLE_SIGNATURE_NAME = ["ФамилияПЭП", "ИмяПЭП", "ОтчествоПЭП"];

/** The signer's ПЭП block: the element naming its holder (`ФамилияПЭП`), in the signer or the document. */
function simpleSignature(signerNode: XmlNode | null, doc: XmlNode | null): SimpleSignature | null {
  const holds = (n: XmlNode) => SIMPLE_SIGNATURE_NAME.some((name) => n.attrs[name]?.trim());
  const block = findNode(signerNode, holds) ?? findNode(doc, holds);
  if (!block) return null;
  const [family, name, patronymic] = SIMPLE_SIGNATURE_NAME.map((part) => attr(block, part));
  const parts = [family, name, patronymic].filter(Boolean);
  return {
    ФИО: parts.length > 0 ? parts.join(" ") : null,
    Фамилия: family,
    Имя: name,
    Отчество: patronymic,
    "Другие сведения": labelledOwnAttributes(block).filter(
      (entry) => !SIMPLE_SIGNATURE_NAME.includes(entry.Поле),
    ),
  };
}

/**
 * Who composed the title: `НаимЭконСубСост` on the document (some writers spell it
 * `НаимЭкСубСост`) and the INN of the composer's identification (`ИдРекСост`) beside it; only a
 * direct child counts, not the lease contract's own `ИдРекСост` deep in the vehicle.
 */
function composer(doc: XmlNode | null): Composer {
  const ident = doc?.children.find((child) => child.name === "ИдРекСост") ?? null;
  const inn = ident?.children.find((child) => child.name === "ИННЮЛ" || child.name === "ИННФЛ");
  return {
    Наименование: attr(doc, "НаимЭконСубСост", "НаимЭкСубСост"),
    ИНН: text(inn) ?? attr(ident, "ИННЮЛ", "ИННФЛ"),
  };
}

function signer(doc: XmlNode | null): Signer {
  const node = findNode(doc, "Подписант");
  const fio = findNode(node, "ФИО");
  const proxy = findNode(node, (n) => n.name.startsWith("СвДовер"));
  return {
    ФИО: fullName(fio),
    Фамилия: attr(fio, "Фамилия"),
    Имя: attr(fio, "Имя"),
    Отчество: attr(fio, "Отчество"),
    Статус: attr(node, "СтатПодп"),
    Должность: attr(node, "Должн"),
    Доверенность: proxy
      ? {
          Дата: attr(proxy, "ДатаДовер", "ДатаВыдДовер", "ДатаНач"),
          Номер: attr(proxy, "НомерДовер", "ВнНомДовер"),
          Идентификатор: attr(proxy, "ИдентДовер", "НомДовер"),
          "Ссылка для проверки":
            attr(proxy, "СведСистОтм", "УРЛСист", "ИдСистХран") ?? attr(node, "ИдСистХран"),
        }
      : null,
    "Простая электронная подпись": simpleSignature(node, doc),
  };
}

const OWNERSHIP_OWNED = "1";

function transportWaybill(root: XmlNode): TransportWaybillFields {
  const doc = findNode(root, "Документ");
  const content = findNode(root, "СодИнфГО") ?? doc ?? root;
  const consignor = findNode(content, "СвГО");
  const consignee = findNode(content, "СвГП");
  const carrier = findNode(content, "СвПер");
  const vehicles = findNode(content, "СвТС");
  const vehicle = findNode(vehicles ?? content, "ТС");
  const vehicleParams = findNode(vehicle ?? vehicles, "ПарТС");
  const driver = findNode(content, "СвВодит");
  const driverName = findNode(driver, "ФИО");
  const cargoSection = findNode(content, "СвГруз");
  const cargo = findNode(cargoSection ?? content, "ОпГруз") ?? cargoSection;
  const ownership = attr(vehicle, "ТипВлад");
  const forwarder = attr(consignor, "ГОЭксп") ?? attr(content, "ГОЭксп");
  return {
    "Основная информация": {
      "Номер накладной": deepAttr(content, "НомерТрН"),
      "Дата накладной": deepAttr(content, "ДатаТрН"),
      "Номер заказа": deepAttr(content, "НомЗак"),
      "Дата заказа": deepAttr(content, "ДатаЗак"),
      "Версия программы": attr(root, "ВерсПрог"),
      "Версия формата": attr(root, "ВерсФорм"),
      "Идентификатор файла": attr(root, "ИдФайл"),
      "УИД ТрН": deepAttr(content, "УИД_ТрН"),
    },
    Составитель: composer(doc),
    Грузоотправитель: {
      // The XSD puts РекИдентГО inside СвГО; some operators put it straight into СодИнфГО.
      ...party(consignor ?? findNode(content, "РекИдентГО"), "РекИдентГО"),
      Экспедитор: forwarder === null ? null : forwarder === "1",
    },
    Грузополучатель: {
      ...party(consignee, "РекИдентГП"),
      "Адрес доставки": formatAddress(findNode(consignee ?? content, "АдресДостГр")),
    },
    Перевозчик: party(carrier, "РекИдентПер"),
    "Транспортное средство": {
      "Регистрационный номер": attr(vehicle, "РегНомер"),
      // The XSD text we found does not show the certificate's attribute; accept the usual spellings.
      "Номер СТС": attrMatching(vehicle, /^(СТС|НомСТС|СерНомСТС|СвидРегТС|НомСвидРег|СвРегТС)$/),
      "Тип владения": ownership === null ? null : ownership === OWNERSHIP_OWNED ? "Собственность" : "Аренда",
      Тип: attr(vehicleParams, "Тип"),
      Марка: attr(vehicleParams, "Марка"),
      "Грузоподъёмность, т": decimal(attr(vehicleParams, "Грузопод")),
      "Объём, м³": decimal(attr(vehicleParams, "Вместим")),
    },
    Прицепы: findAll(vehicles ?? content, "Прицеп")
      .map((trailer) => deepAttr(trailer, "РегНомер"))
      .filter((number): number is string => number !== null),
    Водитель: {
      Фамилия: attr(driverName, "Фамилия"),
      Имя: attr(driverName, "Имя"),
      Отчество: attr(driverName, "Отчество"),
      "Серия ВУ": attr(driver, "СерВУ"),
      "Номер ВУ": attr(driver, "НомВУ"),
      "Дата выдачи ВУ": attr(driver, "ДатаВыдВУ"),
      Телефон: text(findNode(driver, "Тлф")),
    },
    Груз: {
      Наименование: attr(cargo, "НаимГруз"),
      Состояние: attr(cargo, "СостГруз"),
      "Способ упаковки": attr(cargo, "СпУпак"),
      "Вид тары": attr(cargo, "ВидТар"),
      "Количество мест": decimal(attr(cargo, "КолМестГр", "КолМест")),
      Маркировка: text(findNode(cargo, "Марк")) ?? attr(cargo, "Марк"),
      "Масса брутто, кг": decimal(deepAttr(findNode(cargo, "ПлМасГруз") ?? cargo, "МасБрутЗнач")),
      // The 5.01 XSD counts pallets in ПлМасГруз/@КолПалл; other writers spell it паллет/поддон.
      Паллеты: decimal(attrMatching(cargoSection ?? cargo, /(^КолПалл$|Паллет|Поддон)/i)),
    },
    Погрузка: loadingDetails(content),
    Подписант: signer(doc),
  };
}

/** T1's СвПогруз: where and when the cargo was loaded, and how much was shipped. */
function loadingDetails(content: XmlNode | null): LabelledValue[] {
  const loading = findNode(content, "СвПогруз");
  if (!loading) return [];
  const address = formatAddress(findNode(loading, "ФАдресПогр"));
  return [
    ...(address ? [{ Поле: "Адрес погрузки", Значение: address }] : []),
    ...labelledOwnAttributes(loading),
  ];
}

/** T3's ПриемГрузГП: arrival and departure, what was received (places, gross mass, pallets), where. */
function receiptDetails(content: XmlNode | null): LabelledValue[] {
  const receipt = findNode(content, (n) => n.name.startsWith("ПриемГруз"));
  if (!receipt) return [];
  const address = formatAddress(findNode(receipt, "АдрВыгруз"));
  const items = findAll(receipt, "СвПринПоНаим").flatMap((item) => {
    const mass = findNode(item, "МасГруз");
    const parts = [
      attr(item, "НаимГруз"),
      attr(item, "КолМест") && `мест: ${attr(item, "КолМест")}`,
      attr(mass, "МасБрутЗнач") && `масса брутто: ${attr(mass, "МасБрутЗнач")} кг`,
      attr(mass, "КолПалл") && `паллет: ${attr(mass, "КолПалл")}`,
    ].filter(Boolean);
    return parts.length > 0 ? [{ Поле: "Принятый груз", Значение: parts.join(", ") }] : [];
  });
  return [
    ...(address ? [{ Поле: "Адрес выгрузки", Значение: address }] : []),
    ...labelledOwnAttributes(receipt),
    ...items,
  ];
}

const REMARK_LABELS: Record<string, string> = {
  ЗамСостГруз: "Состояние груза",
  ЗамКолМест: "Количество мест",
  ЗамМасс: "Масса груза",
  ЗамСостТар: "Состояние тары и упаковки",
  ЗамДатаПриб: "Дата прибытия",
  ЗамВремяПриб: "Время прибытия",
  ЗамДатаУбыт: "Дата убытия",
  ЗамВремяУбыт: "Время убытия",
  ЗамДатаПосПрием: "Дата приёма",
  ЗамВремяПосПрием: "Время приёма",
  ДатВрОтмет: "Дата и время отметки",
  ОбстОтмет: "Обстоятельства",
  // ЭТрН 5.01 names (GNIVC XSDs for КНД 1110339–1110342).
  ЗамДатВрПриб: "Замечание о прибытии",
  ЗамДатаВрПриб: "Замечание о прибытии",
  ЗамДатВрУбыт: "Замечание об убытии",
  ЗамДатВрПосПрием: "Замечание о предъявлении к приёму",
  ЗамПогрРаб: "Замечание о погрузочных работах",
  ЗамДатВрПосВыгр: "Замечание о предъявлении к выгрузке",
  ЗамРабВыгр: "Замечание о разгрузочных работах",
  ЗаявПогр: "Заявленное время погрузки",
  ЗаявДатВрПриб: "Заявленное время прибытия",
  ФДатВрПриб: "Фактическое прибытие",
  ФДатВрУбыт: "Фактическое убытие",
  МасБрутОтгр: "Отгружено, масса брутто, кг",
  МасБрутЗначПрием: "Принято, масса брутто, кг",
  КолМестПрием: "Мест",
  КолМестПриемЧ: "Принято мест",
  МетОпрМасс: "Способ определения массы",
  ОбщСвСост: "Состояние груза",
};

/** Flags saying a time carries the place's coordinates («1»): not something a reader needs. */
const HIDDEN_ATTRIBUTES = /^НалКоорТоч/;

/** The node's own attributes, labelled in Russian where the label is known. */
function labelledOwnAttributes(node: XmlNode): LabelledValue[] {
  return Object.entries(node.attrs)
    .filter(([key, value]) => value.trim() && !HIDDEN_ATTRIBUTES.test(key))
    .map(([key, value]) => ({ Поле: REMARK_LABELS[key] ?? key, Значение: value.trim() }));
}

/** Every attribute of the matching elements, labelled in Russian where the label is known. */
function labelledAttributes(content: XmlNode | null, prefix: string): LabelledValue[] {
  return findAll(content, (n) => n.name.startsWith(prefix)).flatMap(labelledOwnAttributes);
}

function titleReference(doc: XmlNode | null): TitleReference | null {
  const ref = doc?.children.find((child) => child.name.startsWith("ИдИнф")) ?? null;
  if (!ref) return null;
  const signature = attr(ref, "ЭП");
  return {
    "Идентификатор файла": attrStartingWith(ref, "ИдФайл"),
    Дата: attrStartingWith(ref, "Дат"),
    Время: attrStartingWith(ref, "Вр"),
    Подпись: signature ? signaturePreview(signature) : null,
  };
}

function cargoAcceptance(root: XmlNode, title: TitleInfo): CargoAcceptanceFields {
  const doc = findNode(root, "Документ");
  const content = doc?.children.find((child) => child.name.startsWith("Сод")) ?? null;
  return {
    "Основная информация": {
      Титул: title.label,
      "Идентификатор файла": attr(root, "ИдФайл"),
      "Версия формата": attr(root, "ВерсФорм"),
      "Версия программы": attr(root, "ВерсПрог"),
      Дата: attrStartingWith(doc, "ДатИнф"),
      Время: attrStartingWith(doc, "ВрИнф"),
      "УИД ТрН": attr(content, "УИД_ТрН"),
      "Содержание операции": attr(content, "СодОпер", "СодОпПр"),
    },
    Составитель: composer(doc),
    "Ответ на титул": titleReference(doc),
    "Приём груза": receiptDetails(content),
    Замечания: labelledAttributes(content, "Зам"),
    Отметки: labelledAttributes(content, "Отмет"),
    Подписант: signer(doc),
  };
}

/** Detects the title by its КНД or file id and extracts its structured view. */
export function parseTitle(xmlText: string): ParsedTitle {
  const root = parseTree(xmlText);
  const title = detectTitle(root);
  if (!title)
    return {
      type: "unknown",
      documentType: UNKNOWN_DOCUMENT_TYPE,
      rawData: xmlText.slice(0, RAW_DATA_LIMIT),
    };
  if (title.number === 1) {
    return {
      type: "waybill",
      title: title.code,
      documentType: title.label,
      extractedFields: transportWaybill(root),
    };
  }
  return {
    type: "acceptance",
    title: title.code,
    documentType: title.label,
    extractedFields: cargoAcceptance(root, title),
  };
}

// ---------------------------------------------------------------------------------------------
// Processed content

export interface NamedSignaturePreview extends SignaturePreview {
  name: string;
}

export interface ProcessedTitleContent {
  contentSize: number;
  contentSizeFormatted: string;
  hasXML: boolean;
  hasSignatures: boolean;
  fileList: ArchiveFile[];
  signatures: NamedSignaturePreview[];
  extractedData: {
    metadata: { totalFiles: number; documentType: string };
    extracted: ParsedTitle;
  };
}

const SIZE_UNITS = ["Б", "КБ", "МБ", "ГБ"];
/** ru-RU: a decimal comma and no «,0» (1000–1023 bytes come out as «1 023 Б»). */
const sizeNumber = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** «512 Б», «12,4 КБ», «3 МБ». */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeNumber.format(value)} ${SIZE_UNITS[unit]}`;
}

/** The title XML of the archive: a known title if any parses as one, else the first XML. */
function mainTitle(xmlFiles: ArchiveEntry[]): ParsedTitle {
  let first: ParsedTitle | null = null;
  for (const file of xmlFiles) {
    const parsed = parseTitle(decodeXml(file.bytes));
    if (parsed.type !== "unknown") return parsed;
    first ??= parsed;
  }
  return first ?? { type: "unknown", documentType: UNKNOWN_DOCUMENT_TYPE, rawData: "" };
}

/** The content viewer's data for one title archive (or bare title XML). */
export function processTitleContent(bytes: Uint8Array, fileName?: string): ProcessedTitleContent {
  const archive = readTitleArchive(bytes, fileName);
  const extracted = mainTitle(archive.xmlFiles);
  return {
    contentSize: bytes.length,
    contentSizeFormatted: formatSize(bytes.length),
    hasXML: archive.xmlFiles.length > 0,
    hasSignatures: archive.signatures.length > 0,
    fileList: archive.fileList,
    signatures: archive.signatures.map((file) => ({ name: file.name, ...signaturePreview(file.bytes) })),
    extractedData: {
      metadata: { totalFiles: archive.fileList.length, documentType: extracted.documentType },
      extracted,
    },
  };
}
