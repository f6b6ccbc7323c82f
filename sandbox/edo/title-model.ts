// What the sandbox EDO operator's titles are made of (decision 0026): the models the title XML
// (title-xml.ts) and the print forms (print.ts) are both written from.

import type { WireTitle } from "../../workers/providers/edo-operator";

export const T1 = "ON_TRNACLGROT";
export const T2 = "ON_TRNACLPPRIN";
export const T3 = "ON_TRNACLGRPO";
export const T4 = "ON_TRNACLPVYN";
/** Each chain title refers to the one before it (its file id and signature). */
export const PREDECESSOR: Record<string, string> = { [T2]: T1, [T3]: T2, [T4]: T3 };

export type AcceptanceCode = typeof T2 | typeof T3 | typeof T4;

export type Person = { family: string; name: string; patronymic: string | null };

export const fullNameOf = (person: Person) =>
  [person.family, person.name, person.patronymic].filter(Boolean).join(" ");

/** A party of the waybill with what its title needs beyond the list's name, INN and KPP. */
export type Organisation = {
  name: string;
  inn: string;
  kpp: string | null;
  /** A sole trader's own name (the XSD's СвИП); null for an organisation. */
  owner: Person | null;
  address: string;
  phone: string;
  email: string;
  /** Its participant id at the operator, as file names spell it. */
  edoId: string;
  /** The software it signs its titles with (ВерсПрог). */
  program: string;
};

export type PowerOfAttorney = { number: string; date: string; id: string; checkUrl: string };

export type Signer = {
  person: Person;
  position: string;
  /** СтатПодп: "1" signs on his own authority, "2" by a power of attorney. */
  status: "1" | "2";
  attorney: PowerOfAttorney | null;
  /** ИдСистХран: where the power of attorney is kept. */
  storage: string | null;
  /**
   * Whose simple electronic signature (ПЭП) the title is signed with: the driver on the
   * carrier's titles he signs, a consignee's storekeeper now and then; null: signed with a key.
   */
  simpleSignature: Person | null;
};

export type VehicleUnit = {
  plate: string;
  kind: string;
  make: string;
  payloadT: number;
  volumeM3: number;
  /** Number of the registration certificate (СТС). */
  registration: string;
  /** ТипВлад: "1" owned, "3" rented, "4" leased. */
  ownership: "1" | "3" | "4";
  /** The rent or lease contract behind ТипВлад 3 and 4 (ОснАрЛиз). */
  contract: { name: string; number: string; date: string; ownerInn: string } | null;
};

export type Driver = {
  person: Person;
  licenceSeries: string;
  licenceNumber: string;
  licenceIssued: string;
  phone: string;
};

export type Cargo = {
  name: string;
  state: string;
  packing: string;
  /** ВидТар, a two-letter package code. */
  packageCode: string;
  places: number;
  pallets: number | null;
  grossKg: number;
  marking: string;
};

type Common = {
  type: string;
  title: WireTitle;
  fileId: string;
  program: string;
  docNumber: string;
  docDate: string;
  sender: string;
  senderId: string;
  senderInn: string;
  receiver: string;
  receiverId: string;
};

export type Remark = { attribute: string; label: string; text: string };
export type Mark = { at: string; text: string };

export type WaybillModel = Common & {
  kind: "waybill";
  uid: string;
  order: { number: string; date: string };
  shipper: Organisation;
  consignee: Organisation;
  carrier: Organisation;
  loadingAddress: string;
  /** Null when the shipper gave the delivery place by its ГАР code only. */
  deliveryAddress: string | null;
  deliveryGarCode: string | null;
  cargo: Cargo;
  instructions: string;
  temperature: { from: number; to: number } | null;
  driver: Driver;
  vehicle: VehicleUnit;
  trailers: VehicleUnit[];
  loading: { requested: string; arrived: string; departed: string };
  signer: Signer;
};

export type AcceptanceModel = Common & {
  kind: "acceptance";
  code: AcceptanceCode;
  heading: string;
  uid: string;
  reference: { fileId: string; date: string; time: string; signature: string };
  operation: string;
  remarks: Remark[];
  marks: Mark[];
  /** What the consignee received (title 3 only). */
  received: {
    address: string;
    arrived: string;
    departed: string;
    cargo: Cargo;
    condition: string;
  } | null;
  signer: Signer;
};

export type OtherModel = Common & { kind: "other"; heading: string; facts: [label: string, value: string][] };

export type TitleModel = WaybillModel | AcceptanceModel | OtherModel;

/** What the content call serves: the archive and what it was made of. */
export type BuiltTitle = {
  model: TitleModel;
  fileId: string;
  /** The XML as stored (windows-1251). */
  xml: Uint8Array;
  /** The detached signature's text (base64 of a CMS SignedData), stored as `<fileId>.sig`. */
  signature: string;
  archive: Uint8Array;
};

/** «05.11.2024» (ДатаТип) of an ISO moment or day. */
export const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** «14:03:27» (ВремяТип) of an ISO moment. */
export const clock = (iso: string) => iso.slice(11, 19);
