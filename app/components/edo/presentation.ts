import {
  EDO_CATEGORIES,
  EDO_PERIODS,
  EDO_TITLE_TYPES,
  type EdoCategory,
  type EdoDocument,
  type EdoParty,
  type EdoRole,
} from "../../../workers/core/edo/vocabulary";
import { formatNumber, plural } from "~/lib/format";

/** Status codes as a document card shows them (spec 2 §4). */
const DOCUMENT_STATUS_LABELS: Record<string, string> = {
  ON_TRNACLGROT: "Груз отгружен",
  ON_TRNACLPPRIN: "Принят к перевозке",
  ON_TRNACLGRPO: "Груз принят",
  ON_TRNACLPVYN: "Выдан получателю",
  ON_TRNACLZAKR: "Завершен",
  ON_TRNACLOTKL: "Отклонен",
  ON_TRNAPERAK: "Перевозка",
  ON_TRNAPERAK_GIS_LOAD: "Погрузка (ГИС ЭПД)",
  ON_TRNAPERAK_GIS_COMPLETE: "Завершение перевозки (ГИС ЭПД)",
  ON_TRNAPERAK_QRCODE: "QR-код перевозки",
  ON_TRN: "Транспортная накладная",
};

export const UNKNOWN_STATUS = "Неизвестный статус";

export const documentStatusLabel = (code: string) =>
  Object.hasOwn(DOCUMENT_STATUS_LABELS, code) ? DOCUMENT_STATUS_LABELS[code] : UNKNOWN_STATUS;

/** The chain's number as the list names it: the document's own, or the operator's id. */
export const documentNumber = (doc: EdoDocument) => doc.info.doc.num || doc.id;

/** The driver as the chain's parties name him, else as the first title wrote it. */
export const driverName = (doc: EdoDocument) => doc.info.driver?.accName ?? doc.info.doc.driver;

/**
 * The other side of the chain for the account: the shipper, or — when the account is the
 * shipper — the carrier; with the role it plays.
 */
export function counterpartyOf(doc: EdoDocument): { role: EdoRole; party: EdoParty | null } {
  const role: EdoRole = doc.roleCode === "GO" ? "TK" : "GO";
  return { role, party: role === "TK" ? doc.info.tk : doc.info.go };
}

/** A title of the chain: its type's name, or the raw type when the product does not know it. */
export const titleTypeLabel = (type: string) =>
  Object.hasOwn(DOCUMENT_STATUS_LABELS, type) ? DOCUMENT_STATUS_LABELS[type] : type;

/** The content viewer's switch buttons (spec 3 §2): a short name per title of the chain. */
const VIEWER_TITLE_LABELS: Record<string, string> = {
  ON_TRNACLGROT: "Транспортная накладная",
  ON_TRNACLPPRIN: "Приёмка к перевозке",
  ON_TRNACLGRPO: "Приёмка груза",
  ON_TRNACLPVYN: "Выдача груза",
  ON_TRN: "Транспорт",
  ON_TRNAPERAK: "Перевозка",
  ON_TRNAPERAK_GIS_LOAD: "ГИС: погрузка",
  ON_TRNAPERAK_GIS_COMPLETE: "ГИС: завершение",
  ON_TRNAPERAK_QRCODE: "QR-код",
};

export const viewerTitleLabel = (type: string) =>
  Object.hasOwn(VIEWER_TITLE_LABELS, type) ? VIEWER_TITLE_LABELS[type] : type;

export type Option = { value: string; label: string };

/** The filter panel names the statuses differently from the cards (spec 2 §4). */
export const STATUS_FILTER_OPTIONS: Option[] = [
  { value: "", label: "Все статусы" },
  { value: "ON_TRNACLGROT", label: "Ожидает загрузки" },
  { value: "ON_TRNACLPPRIN", label: "В рейсе" },
  { value: "ON_TRNACLGRPO", label: "Разгружается" },
  { value: "ON_TRNACLPVYN", label: "Свободен" },
  { value: "ON_TRNACLZAKR", label: "Завершен" },
  { value: "ON_TRNACLOTKL", label: "Отклонен" },
];

export const CATEGORY_LABELS: Record<EdoCategory, string> = {
  ETRN: "ЭТрН",
  TRNS: "Т-ЭУ (заявки)",
  PTL: "Путевые листы",
  XR: "Экспедиторские расписки",
  PX: "Поручения экспедитору",
  TORG13: "ТОРГ-13",
  TRNPUD: "Счета на оплату",
  DOV: "Доверенности",
  REQUEST: "Заявки",
  TRIPREG: "Реестры рейсов",
};

export const CATEGORY_OPTIONS: Option[] = EDO_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_LABELS[category],
}));

export const DOCUMENT_TYPE_OPTIONS: Option[] = [
  { value: "", label: "Все типы" },
  ...EDO_TITLE_TYPES.map((type) => ({ value: type, label: titleTypeLabel(type) })),
];

const QUARTERS = ["I", "II", "III", "IV"];

/** 20254 → «IV квартал 2025». */
export function periodLabel(period: number): string {
  return `${QUARTERS[(period % 10) - 1]} квартал ${Math.floor(period / 10)}`;
}

/** «Все периоды», then the quarters newest first. */
export const PERIOD_OPTIONS: Option[] = [
  { value: "0", label: "Все периоды" },
  ...[...EDO_PERIODS].reverse().map((period) => ({ value: String(period), label: periodLabel(period) })),
];

export const ROLE_LABELS: Record<EdoRole, string> = {
  GO: "Грузоотправитель",
  GP: "Грузополучатель",
  TK: "Перевозчик",
};

export const roleLabel = (role: string) =>
  Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as EdoRole] : role;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** A calendar day as the operator gives it, YYYY-MM-DD → «05.03.2025» (no time zone involved). */
export function formatEdoDay(day: string): string {
  const match = /^(\d{4})-(\d\d)-(\d\d)/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/** «Загружен 1 документ», «Загружено 2 документа», «Загружено 240 документов». */
export function documentsLoadedText(count: number): string {
  return `${plural(count, ["Загружен", "Загружено", "Загружено"])} ${formatNumber(count)} ${plural(count, ["документ", "документа", "документов"])}`;
}

/** At most `size` page numbers around the current page, clamped to the list's ends. */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  const end = Math.min(pageCount, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}
