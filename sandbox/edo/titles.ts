// The content of the sandbox EDO operator's titles (decision 0026): each title's model, XML and
// detached signature, and the zip the operator hands over. Built on demand from the docflow the list
// shows plus details drawn per docflow, party, vehicle and title, so the content agrees with the
// list and is the same on every run.

import { zipSync } from "fflate";
import iconv from "iconv-lite";
import type { WireDocument, WireParty, WireTitle } from "../../workers/providers/edo-operator";
import { DADATA_PARTIES } from "../dadata/companies";
import { drawer, type Draw, type LocatedDocflow } from "./documents";
import { signatureOf, type SignatureSubject } from "./signature";
import {
  clock,
  fullNameOf,
  PREDECESSOR,
  ruDate,
  T1,
  T2,
  T3,
  T4,
  type AcceptanceCode,
  type AcceptanceModel,
  type BuiltTitle,
  type Cargo,
  type Driver,
  type Mark,
  type Organisation,
  type OtherModel,
  type Person,
  type Remark,
  type Signer,
  type TitleModel,
  type VehicleUnit,
  type WaybillModel,
} from "./title-model";
import { titleXml } from "./title-xml";
import { CITIES, type Place } from "../platforms/data/cities";
import { drawnAddress } from "../platforms/orders";
import { MEN, SURNAMES, surname, WOMEN } from "../dadata/data/names";

// --- Small helpers -------------------------------------------------------------------------

const two = (n: number) => String(n).padStart(2, "0");
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;

/** «2024-11-05T14:03:27+03:00» of a moment (Moscow time, the operator's). */
const isoAt = (at: number) => `${new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 19)}+03:00`;
/** «05.11.2024T14:03:27+03:00» (ДатаВремяВЗТип). */
const ruDateTime = (at: number) => {
  const iso = isoAt(at);
  return `${ruDate(iso)}T${clock(iso)}+03:00`;
};
const digits = (draw: Draw, count: number) => Array.from({ length: count }, () => draw.int(0, 9)).join("");
const HEX = "0123456789abcdef";
const uuid = (draw: Draw) => {
  const hex = Array.from({ length: 32 }, () => HEX[draw.int(0, 15)]).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${HEX[8 + draw.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20)}`;
};

const FATHERS = MEN.flatMap(([, patronymic]) => (patronymic ? [patronymic] : []));

function drawPerson(draw: Draw, woman = draw.chance(0.35)): Person {
  const father = draw.pick(FATHERS);
  return {
    family: surname(draw.pick(SURNAMES), woman),
    name: woman ? draw.pick(WOMEN) : draw.pick(MEN)[0],
    patronymic: woman ? father.replace(/ич$/, "на") : father,
  };
}

/** «Фамилия Имя Отчество» as the list gives a driver. */
function personOf(fullName: string): Person {
  const [family, name, ...rest] = fullName.split(" ");
  return { family, name: name ?? "", patronymic: rest.length > 0 ? rest.join(" ") : null };
}

const phone = (draw: Draw) =>
  `+7 (${draw.pick(["495", "499", "812", "843", "343", "903", "916", "926", "985"])}) ${draw.int(100, 999)}-${two(draw.int(0, 99))}-${two(draw.int(0, 99))}`;
const mobile = (draw: Draw) =>
  `+7 (${draw.pick(["903", "905", "915", "916", "925", "926", "977", "985", "999"])}) ${draw.int(100, 999)}-${two(draw.int(0, 99))}-${two(draw.int(0, 99))}`;

// --- Parties ------------------------------------------------------------------------------------

const REGISTERED = new Map(DADATA_PARTIES.map((party) => [party.data.inn, party]));
/** Where a party outside the register is, by the region its INN was issued in. */
const REGION_CITIES: Record<string, Place> = {
  "16": CITIES.kazan,
  "50": CITIES.podolsk,
  "66": CITIES.yekaterinburg,
  "78": CITIES.spb,
};
const PROGRAMS = [
  "1С:Управление торговлей 11.5",
  "1С:ERP Управление предприятием 2.5",
  "1С:Бухгалтерия предприятия 3.0",
  "СБИС 25.2",
  "Диадок 1.0",
  "Контур.Логистика 2.3",
  "Такском-Файлер 3.4",
];
const MAIL_BOXES = ["logist", "sklad", "office", "edo", "dispatch", "info"];

const organisations = new Map<string, Organisation>();

function organisationOf(party: WireParty): Organisation {
  const known = organisations.get(party.inn);
  if (known) return known;
  const draw = drawer(`edo:party:${party.inn}`);
  const registered = REGISTERED.get(party.inn);
  const address = registered
    ? `${registered.data.address.data.postal_code}, ${registered.data.address.value}`
    : drawnAddress(draw, REGION_CITIES[party.inn.slice(0, 2)] ?? CITIES.moscow);
  const soleTrader = party.kpp === null && /^ИП /.test(party.accName);
  const organisation: Organisation = {
    name: party.accName,
    inn: party.inn,
    kpp: party.kpp,
    owner: soleTrader ? personOf(party.accName.slice(3)) : null,
    address,
    phone: phone(draw),
    email: `${draw.pick(MAIL_BOXES)}@inn${party.inn}.ru`,
    edoId: `2SB-${party.inn}${party.kpp ?? ""}`,
    program: draw.pick(PROGRAMS),
  };
  organisations.set(party.inn, organisation);
  return organisation;
}

/** Who sends a title: a party or, for notices, the operator and the state system it reports to. */
type Sender = { name: string; inn: string; edoId: string; program: string };

/** The operator itself and the state system it reports to: senders of the notices. */
const OPERATOR: Sender = {
  name: "Оператор ЭДО (песочница)",
  inn: "0000000000",
  edoId: "2SB",
  program: "Песочница ЭДО 1.0",
};
const GIS_EPD: Sender = { name: "ГИС ЭПД", inn: "0000000000", edoId: "2SB-GISEPD", program: "ГИС ЭПД 1.0" };

// --- Signers ----------------------------------------------------------------------------------------

const SHIPPER_POSITIONS = [
  "Кладовщик",
  "Начальник склада",
  "Менеджер по логистике",
  "Специалист отдела логистики",
];
const CONSIGNEE_POSITIONS = ["Кладовщик", "Заведующий складом", "Товаровед", "Начальник смены склада"];
const CARRIER_POSITIONS = ["Диспетчер", "Логист", "Начальник отдела перевозок"];
const DIRECTOR = "Генеральный директор";
const M4D = "https://m4d.nalog.gov.ru";

function drawSigner(
  draw: Draw,
  positions: readonly string[],
  atIso: string,
  person?: Person,
  position?: string,
): Signer {
  const chosen = position ?? (draw.chance(0.1) ? DIRECTOR : draw.pick(positions));
  const byAttorney = chosen !== DIRECTOR && (person !== undefined || draw.chance(0.55));
  const signer: Signer = {
    person: person ?? drawPerson(draw),
    position: chosen,
    status: byAttorney ? "2" : "1",
    attorney: null,
    storage: null,
    simpleSignature: null,
  };
  if (byAttorney) {
    const issued = Date.parse(atIso) - draw.int(20, 360) * 24 * HOUR_MS;
    const id = uuid(draw);
    signer.attorney = {
      number: `${draw.int(1, 250)}/${isoAt(issued).slice(2, 4)}`,
      date: ruDate(isoAt(issued)),
      id,
      checkUrl: `${M4D}/emchd/check-status?guid=${id}`,
    };
    if (draw.chance(0.5)) signer.storage = M4D;
  }
  return signer;
}

// --- The waybill's details ------------------------------------------------------------------------

const TRACTORS = [
  "КАМАЗ 54901",
  "MAN TGX 18.440",
  "Volvo FH 460",
  "Scania R 450",
  "Mercedes-Benz Actros 1845",
  "DAF XF 480",
  "Sitrak C7H",
  "Shacman X6000",
];
type Model = {
  make: string;
  kind: string;
  payload: readonly [number, number];
  volume: readonly [number, number];
};

const SEMITRAILERS: readonly Model[] = [
  { make: "Schmitz Cargobull SKO 24", kind: "Полуприцеп рефрижератор", payload: [20, 22], volume: [82, 88] },
  { make: "Krone SD 27", kind: "Полуприцеп тентованный", payload: [20, 22], volume: [82, 92] },
  { make: "Тонар 97461", kind: "Полуприцеп тентованный", payload: [20, 21], volume: [82, 90] },
  { make: "Wielton NS 3", kind: "Полуприцеп бортовой", payload: [22, 24], volume: [45, 60] },
  { make: "МАЗ 975830", kind: "Полуприцеп тентованный", payload: [19, 21], volume: [80, 86] },
];
const RIGID_TRUCKS: readonly Model[] = [
  { make: "ГАЗон NEXT C41R13", kind: "Грузовой фургон", payload: [4, 5], volume: [30, 36] },
  { make: "Isuzu ELF 9.5", kind: "Грузовой фургон изотермический", payload: [5, 6], volume: [32, 38] },
  { make: "Hyundai HD78", kind: "Грузовой фургон", payload: [4, 5], volume: [24, 30] },
  { make: "КАМАЗ 65117", kind: "Грузовой бортовой тентованный", payload: [14, 15], volume: [45, 55] },
  { make: "MAN TGM 18.290", kind: "Грузовой фургон", payload: [9, 10], volume: [40, 50] },
];

function ownershipOf(draw: Draw, regDate: string): Pick<VehicleUnit, "ownership" | "contract"> {
  const roll = draw.next();
  if (roll < 0.78) return { ownership: "1", contract: null };
  const leased = roll >= 0.93;
  const owner = draw.pick(DADATA_PARTIES).data.inn;
  return {
    ownership: leased ? "4" : "3",
    contract: {
      name: leased
        ? "Договор финансовой аренды (лизинга)"
        : "Договор аренды транспортного средства без экипажа",
      number: `${leased ? "ЛД" : "АР"}-${draw.int(10, 999)}/${regDate.slice(8, 10)}`,
      date: regDate,
      ownerInn: owner,
    },
  };
}

/** A truck or trailer as its registration papers describe it: the same in every docflow. */
function vehicleOf(plate: string, trailer: boolean, towing: boolean): VehicleUnit {
  const draw = drawer(`edo:vehicle:${plate}`);
  const registered = ruDate(isoAt(Date.UTC(draw.int(2015, 2022), draw.int(0, 11), draw.int(1, 28))));
  const base = {
    plate: plate.replace(/\s+/g, ""),
    registration: `${two(draw.int(10, 99))}${two(draw.int(0, 99))}${digits(draw, 6)}`,
  };
  if (towing) {
    return {
      ...base,
      kind: "Грузовой тягач седельный",
      make: draw.pick(TRACTORS),
      payloadT: Math.round(draw.between(10.5, 12.5) * 10) / 10,
      volumeM3: 0,
      ...ownershipOf(draw, registered),
    };
  }
  const model = draw.pick(trailer ? SEMITRAILERS : RIGID_TRUCKS);
  return {
    ...base,
    kind: model.kind,
    make: model.make,
    payloadT: draw.int(model.payload[0], model.payload[1]),
    volumeM3: draw.int(model.volume[0], model.volume[1]),
    ...ownershipOf(draw, registered),
  };
}

function driverOf(login: string, fullName: string): Driver {
  const draw = drawer(`edo:${login}:driver:${fullName}`);
  return {
    person: personOf(fullName),
    licenceSeries: `${two(draw.int(10, 99))}${two(draw.int(10, 99))}`,
    licenceNumber: digits(draw, 6),
    licenceIssued: ruDate(isoAt(Date.UTC(draw.int(2012, 2022), draw.int(0, 11), draw.int(1, 28)))),
    phone: mobile(draw),
  };
}

const CHILLED = new Set(["Молочная продукция", "Овощи и фрукты", "Кондитерские изделия"]);
const FROZEN = new Set(["Замороженные полуфабрикаты"]);
const GRANULAR = new Set(["Щебень гранитный", "Зерно пшеницы"]);
const MARKINGS = [
  "Манипуляционные знаки «Беречь от влаги», «Верх»",
  "Манипуляционные знаки «Хрупкое. Осторожно», «Верх»",
  "Этикетки грузоотправителя на каждом месте",
  "Маркировка «Штабелировать запрещается»",
];

function cargoOf(draw: Draw, listed: WireDocument["info"]["cargo"]): Cargo {
  // A few docflows show no cargo in the list: the operator could not read it out of the title.
  const { name, weightKg, pallets } = listed ?? { name: "Сборный груз", weightKg: 1500, pallets: 4 };
  if (pallets === null) {
    const granular = GRANULAR.has(name);
    return {
      name,
      state: granular ? "Сыпучий" : "Твёрдый",
      packing: granular ? "Навалом, без упаковки" : "Без упаковки, увязка",
      packageCode: granular ? "VR" : "NE",
      places: 1,
      pallets: null,
      grossKg: weightKg,
      marking: "Без маркировки",
    };
  }
  return {
    name,
    state: FROZEN.has(name) ? "Замороженный" : "Твёрдый",
    packing: "На поддонах, стрейч-плёнка",
    packageCode: "PX",
    places: pallets,
    pallets,
    grossKg: weightKg,
    marking: draw.pick(MARKINGS),
  };
}

// --- Building a docflow's titles -----------------------------------------------------------------------

const ZIP_ENTRY_OVERHEAD = 30 + 46;
const ZIP_END_OVERHEAD = 22;

/** Stored (not deflated) entries: the archive's length is the files' lengths plus fixed headers. */
function archiveOf(fileId: string, xml: Uint8Array, signature: string, at: Date): Uint8Array {
  const options = { level: 0 as const, mtime: at };
  return zipSync({
    [`${fileId}.xml`]: [xml, options],
    [`${fileId}.sig`]: [new TextEncoder().encode(signature), options],
  });
}

/** A local Date showing Moscow wall-clock time, so zip timestamps do not depend on the machine. */
function wallClock(iso: string): Date {
  return new Date(
    Number(iso.slice(0, 4)),
    Number(iso.slice(5, 7)) - 1,
    Number(iso.slice(8, 10)),
    Number(iso.slice(11, 13)),
    Number(iso.slice(14, 16)),
    Number(iso.slice(17, 19)),
  );
}

const ACCEPTANCE_HEADINGS: Record<AcceptanceCode, string> = {
  [T2]: "Приём груза перевозчиком (титул 2)",
  [T3]: "Приём груза грузополучателем (титул 3)",
  [T4]: "Выдача груза перевозчиком (титул 4)",
};

const OPERATIONS: Record<AcceptanceCode, string> = {
  [T2]: "Груз принят к перевозке водителем, уполномоченным перевозчиком на перевозку груза, от лица, осуществившего погрузку груза в транспортное средство",
  [T3]: "Лицом, управомоченным на получение груза, при указанных обстоятельствах принят от перевозчика груз с указанными характеристиками",
  [T4]: "Груз с указанными характеристиками сдан водителем, уполномоченным перевозчиком на перевозку груза, лицу, управомоченному на получение груза",
};

const OTHER_HEADINGS: Record<string, string> = {
  ON_TRNAPERAK: "Извещение о получении титула",
  ON_TRNAPERAK_GIS_LOAD: "Сведения о регистрации погрузки в ГИС ЭПД",
  ON_TRNAPERAK_GIS_COMPLETE: "Сведения о завершении перевозки в ГИС ЭПД",
  ON_TRNAPERAK_QRCODE: "QR-код транспортной накладной для водителя",
  ON_TRN: "Транспортная накладная (исправление)",
  ON_TRNS: "Транспортная накладная",
  ON_EXPRASP: "Экспедиторская расписка",
  ON_PORUCH: "Поручение экспедитору",
  ON_TORG13: "Накладная на внутреннее перемещение (ТОРГ-13)",
  ON_TRNPUD: "Товарно-транспортная накладная",
  ON_DOVER: "Машиночитаемая доверенность",
  ON_ZAYAVKA: "Заявка на перевозку",
  ON_REGREIS: "Регистрация рейса",
};

/** Remarks a title may carry: the XSD attribute, its label in the print form, texts to draw from. */
type RemarkPool = readonly (readonly [attribute: string, label: string, texts: readonly string[]])[];

const T2_REMARKS: RemarkPool = [
  [
    "ЗамСостГруз",
    "Состояние груза",
    ["Повреждена стрейч-плёнка на двух поддонах", "Нарушена пломба на одном месте"],
  ],
  ["ЗамКолМест", "Количество мест", ["Одно место принято с повреждённой упаковкой"]],
  ["ЗамМасс", "Масса груза", ["Масса принята по документам грузоотправителя без взвешивания"]],
  [
    "ЗамПогрРаб",
    "Погрузочные работы",
    ["Погрузка задержана на 40 минут", "Крепление груза выполнено силами водителя"],
  ],
];
const T4_REMARKS: RemarkPool = [
  [
    "ЗамСостГруз",
    "Состояние груза",
    ["Грузополучатель задержал выгрузку на 2 часа", "Одно место выдано с повреждённой упаковкой"],
  ],
  [
    "ЗамРабВыгр",
    "Выгрузочные работы",
    ["Выгрузка выполнена силами водителя", "Выгрузка начата с опозданием на 1 час"],
  ],
];
const T3_MARKS = [
  "Повреждена упаковка двух мест, составлен акт",
  "Повреждена маркировка на одном месте",
  "Нарушена пломба на двери полуприцепа",
];

/** The titles of one docflow, built on demand; a chain title builds the one it refers to first. */
export class DocflowTitles {
  private readonly built = new Map<number, BuiltTitle>();
  private readonly doc: WireDocument;

  constructor(private readonly located: LocatedDocflow) {
    this.doc = located.document;
  }

  /** The position of the title with this id in the docflow, or -1. */
  positionOf(titleId: string): number {
    return this.doc.info.documents.findIndex((title) => title.id === titleId);
  }

  title(position: number): BuiltTitle {
    const known = this.built.get(position);
    if (known) return known;
    const built = this.build(position);
    this.built.set(position, built);
    return built;
  }

  /** Every title the operator serves content for (contentSize above 0), in the docflow's order. */
  withContent(): BuiltTitle[] {
    return this.doc.info.documents.flatMap((title, position) =>
      title.contentSize > 0 ? [this.title(position)] : [],
    );
  }

  private draw(what: string) {
    return drawer(`edo:${this.located.login}:${this.located.index}:${what}`);
  }

  private cargo(): Cargo {
    return cargoOf(this.draw("cargo"), this.doc.info.cargo);
  }

  private parties() {
    const { go, gp, tk } = this.doc.info;
    const any = go ?? gp ?? tk;
    if (!any) throw new Error(`sandbox: docflow ${this.doc.id} has no parties`);
    return {
      shipper: organisationOf(go ?? any),
      consignee: organisationOf(gp ?? any),
      carrier: organisationOf(tk ?? any),
    };
  }

  /** The account's own party in the docflow: it receives the operator's notices. */
  private account(): Organisation {
    const { shipper, consignee, carrier } = this.parties();
    return this.doc.roleCode === "GO" ? shipper : this.doc.roleCode === "GP" ? consignee : carrier;
  }

  private fileId(type: string, title: WireTitle, senderId: string, receiverId: string) {
    return `${type}_${senderId}_${receiverId}_${title.dateTime.slice(0, 10).replaceAll("-", "")}_${title.id}`;
  }

  private common(type: string, title: WireTitle, from: Sender, to: { name: string; edoId: string }) {
    return {
      type,
      title,
      fileId: this.fileId(type, title, from.edoId, to.edoId),
      program: from.program,
      docNumber: this.doc.info.doc.num,
      docDate: this.doc.info.doc.date,
      sender: from.name,
      senderId: from.edoId,
      senderInn: from.inn,
      receiver: to.name,
      receiverId: to.edoId,
    };
  }

  /** The chain title this one refers to: the latest of the preceding type before it. */
  private predecessor(position: number, type: string): number {
    const wanted = PREDECESSOR[type];
    for (let n = position - 1; n >= 0; n--) if (this.doc.info.documents[n].type === wanted) return n;
    throw new Error(`sandbox: ${type} of docflow ${this.doc.id} has no ${wanted}`);
  }

  private build(position: number): BuiltTitle {
    const title = this.doc.info.documents[position];
    const draw = this.draw(`title:${position}:content`);
    const model =
      title.type === T1
        ? this.waybill(title, draw)
        : title.type in PREDECESSOR
          ? this.acceptance(position, title, draw)
          : this.other(title, draw);
    return this.pack(model, titleXml(model), position);
  }

  /**
   * The archive of exactly the size the list gave: the signature takes what the XML leaves, and as
   * base64 grows in steps of 4 characters, the XML ends with 0–3 extra line breaks.
   */
  private pack(model: TitleModel, xmlText: string, position: number): BuiltTitle {
    const { fileId, title } = model;
    const target = this.located.archiveSizes[position];
    const encoded = iconv.encode(xmlText, "win1251");
    // Each name stands twice: in its local header and in the central directory.
    const names = 4 * (fileId.length + 4);
    const rest = target - ZIP_END_OVERHEAD - 2 * ZIP_ENTRY_OVERHEAD - names - encoded.length;
    const breaks = rest % 4;
    const xml = new Uint8Array(encoded.length + breaks);
    xml.set(encoded);
    xml.fill(0x0a, encoded.length);
    const subject: SignatureSubject = {
      organisation: model.sender,
      inn: model.senderInn,
      person: model.kind === "other" ? null : model.signer.person,
    };
    const signature = signatureOf(
      `${this.located.login}:${title.id}`,
      rest - breaks,
      subject,
      Date.parse(title.dateTime),
    );
    const archive = archiveOf(fileId, xml, signature, wallClock(title.dateTime));
    if (archive.length !== target) {
      throw new Error(`sandbox: archive of ${fileId} has ${archive.length} bytes, the list says ${target}`);
    }
    return { model, fileId, xml, signature, archive };
  }

  private waybill(title: WireTitle, draw: Draw): WaybillModel {
    const { info } = this.doc;
    const { shipper, consignee, carrier } = this.parties();
    const details = this.draw("waybill");
    const signedAt = Date.parse(title.dateTime);
    const departed = signedAt - details.int(5, 40) * MINUTE_MS;
    const arrived = departed - details.int(40, 150) * MINUTE_MS;
    const requested = Math.floor((arrived - details.int(-30, 60) * MINUTE_MS) / HOUR_MS) * HOUR_MS;
    const orderAt = Date.parse(`${info.doc.date}T12:00:00+03:00`) - details.int(0, 5) * 24 * HOUR_MS;
    const cargo = this.cargo();
    const temperature = FROZEN.has(cargo.name)
      ? { from: -20, to: -18 }
      : CHILLED.has(cargo.name)
        ? { from: 2, to: 6 }
        : null;
    const [truck, trailer] = (info.ts?.num ?? "").split(" / ");
    const driverName = info.driver?.accName ?? fullNameOf(drawPerson(details, false));
    return {
      kind: "waybill",
      ...this.common(T1, title, shipper, carrier),
      uid: info.doc.chainId,
      order: {
        number: details.chance(0.5)
          ? `ЗК-${info.doc.date.slice(2, 4)}/${details.int(100, 9999)}`
          : String(details.int(10_000, 99_999)),
        date: ruDate(isoAt(orderAt)),
      },
      shipper,
      consignee,
      carrier,
      loadingAddress: info.loading?.addr ?? shipper.address,
      deliveryAddress: info.unloading?.addr ?? null,
      deliveryGarCode: info.unloading ? null : uuid(details),
      cargo,
      instructions: temperature
        ? `Перевозка в рефрижераторе при температуре от ${temperature.from} до ${temperature.to} °C`
        : "Особые условия перевозки не установлены",
      temperature,
      driver: driverOf(this.located.login, driverName),
      vehicle: vehicleOf(truck || "А000АА77", false, Boolean(trailer)),
      trailers: trailer ? [vehicleOf(trailer, true, false)] : [],
      loading: {
        requested: ruDateTime(requested),
        arrived: ruDateTime(arrived),
        departed: ruDateTime(departed),
      },
      signer: drawSigner(draw, SHIPPER_POSITIONS, title.dateTime),
    };
  }

  private acceptance(position: number, title: WireTitle, draw: Draw): AcceptanceModel {
    const code = title.type as AcceptanceCode;
    const { info } = this.doc;
    const { shipper, consignee, carrier } = this.parties();
    const previous = this.title(this.predecessor(position, code));
    const previousTitle = previous.model.title;
    const reference = {
      fileId: previous.fileId,
      date: ruDate(previousTitle.dateTime),
      time: clock(previousTitle.dateTime),
      signature: previous.signature,
    };
    const signedAt = Date.parse(title.dateTime);
    const driver = info.driver ? personOf(info.driver.accName) : null;
    const remarks: Remark[] = [];
    const marks: Mark[] = [];
    let received: AcceptanceModel["received"] = null;
    let signer: Signer;
    if (code === T3) {
      const cargo = this.cargo();
      const departed = signedAt - draw.int(5, 30) * MINUTE_MS;
      const arrived = departed - draw.int(30, 180) * MINUTE_MS;
      const damaged = draw.chance(0.2);
      if (damaged) marks.push({ at: ruDateTime(departed - 10 * MINUTE_MS), text: draw.pick(T3_MARKS) });
      received = {
        address: info.unloading?.addr ?? consignee.address,
        arrived: ruDateTime(arrived),
        departed: ruDateTime(departed),
        cargo,
        condition: damaged
          ? "Груз принят с замечаниями, см. отметки грузополучателя"
          : "Груз принят без замечаний, упаковка и пломбы не нарушены",
      };
      signer = drawSigner(draw, CONSIGNEE_POSITIONS, title.dateTime);
      // Drawn apart, so the title's other details stay what they were.
      if (this.draw(`title:${position}:pep`).chance(0.5)) signer.simpleSignature = signer.person;
    } else {
      const pool = code === T2 ? T2_REMARKS : T4_REMARKS;
      if (draw.chance(code === T2 ? 0.25 : 0.15)) {
        for (const [attribute, label, texts] of pool) {
          if (remarks.length === 0 || draw.chance(0.3))
            remarks.push({ attribute, label, text: draw.pick(texts) });
          if (remarks.length === 2) break;
        }
        if (draw.chance(0.3)) {
          const attribute = code === T2 ? "ЗамДатВрПриб" : "ЗамДатаВрПриб";
          remarks.push({
            attribute,
            label: "Дата и время прибытия",
            text: ruDateTime(signedAt - draw.int(60, 240) * MINUTE_MS),
          });
        }
      }
      if (code === T2 && draw.chance(0.1)) {
        marks.push({
          at: ruDateTime(signedAt - 30 * MINUTE_MS),
          text: "Задержка подачи груза к погрузке по вине грузоотправителя",
        });
      }
      const byDriver = driver !== null && draw.chance(0.5);
      signer = byDriver
        ? drawSigner(draw, CARRIER_POSITIONS, title.dateTime, driver, "Водитель-экспедитор")
        : drawSigner(draw, CARRIER_POSITIONS, title.dateTime);
      // The driver signs from his phone: with his simple electronic signature.
      if (byDriver) signer.simpleSignature = driver;
    }
    const [from, to] =
      code === T2 ? [carrier, shipper] : code === T3 ? [consignee, carrier] : [carrier, consignee];
    return {
      kind: "acceptance",
      code,
      heading: ACCEPTANCE_HEADINGS[code],
      ...this.common(code, title, from, to),
      uid: info.doc.chainId,
      reference,
      operation: OPERATIONS[code],
      remarks,
      marks,
      received,
      signer,
    };
  }

  private other(title: WireTitle, draw: Draw): OtherModel {
    const { info } = this.doc;
    const account = this.account();
    const notice = title.type.startsWith("ON_TRNAPERAK");
    const from = title.type.includes("_GIS_") ? GIS_EPD : notice ? OPERATOR : this.firstParty();
    const facts: [string, string][] = [["Документ", info.doc.num]];
    if (title.type === "ON_TRNAPERAK_QRCODE") {
      facts.push(["Ссылка", `https://epd.gosuslugi.ru/qr/${info.doc.chainId}`]);
    } else if (title.type.includes("_GIS_")) {
      facts.push(
        ["УИД ТрН", info.doc.chainId],
        ["Регистрационный номер", `${digits(draw, 4)}-${digits(draw, 8)}`],
      );
      facts.push([
        "Статус",
        title.type.endsWith("LOAD") ? "Погрузка зарегистрирована" : "Перевозка завершена",
      ]);
    } else if (notice) {
      facts.push(["Результат", "Титул доставлен получателю"]);
    } else {
      if (info.loading) facts.push(["Погрузка", info.loading.addr]);
      if (info.unloading) facts.push(["Выгрузка", info.unloading.addr]);
      if (info.cargo) facts.push(["Груз", `${info.cargo.name}, ${info.cargo.weightKg} кг`]);
      if (info.ts) facts.push(["Транспортное средство", info.ts.num]);
      if (info.driver) facts.push(["Водитель", info.driver.accName]);
    }
    return {
      kind: "other",
      ...this.common(title.type, title, from, account),
      heading: OTHER_HEADINGS[title.type] ?? title.type,
      facts,
    };
  }

  /** Who sends a document of another kind: its shipper, else the carrier. */
  private firstParty(): Organisation {
    const { go, tk, gp } = this.doc.info;
    const party = go ?? tk ?? gp;
    if (!party) throw new Error(`sandbox: docflow ${this.doc.id} has no parties`);
    return organisationOf(party);
  }
}
