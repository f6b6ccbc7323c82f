// Docflows of the sandbox EDO operator. A docflow is a pure function of (account, index, the
// account's base size) plus what `advance` did to it since (titles signed at a recorded time):
// nothing is stored per document, so a page of 1,000 out of 200,000 is drawn without the rest,
// and every run on every machine lists the same documents.

import {
  EDO_MAX_PAGE,
  type EdoCategory,
  type EdoDocumentFilters,
  type EdoRole,
  type WireChangesPage,
  type WireDocument,
  type WireDocumentsPage,
  type WireParty,
  type WireTitle,
  type WireUser,
} from "../../workers/providers/edo-operator";
import { DADATA_PARTIES, type DadataParty } from "../dadata/companies";
import { CITIES, type Place } from "../platforms/data/cities";
import { drawnAddress, roadKm } from "../platforms/orders";
import { organisationIds } from "../dadata/register-entry";
import { MEN, SURNAMES, surname, WOMEN } from "../dadata/data/names";

export const EDO_PASSWORD = "edo-demo-2025";
export const MAX_DOCUMENT_COUNT = 200_000;
/** Most docflows one `advance` adds, and most chains it moves on. */
export const MAX_ADVANCE = 10_000;

type Carrier = {
  login: string;
  /** Distinguishes the accounts' ids: ids of different accounts never collide. */
  tag: number;
  user: readonly [family: string, name: string, patronymic: string];
  company: WireParty;
  defaultCount: number;
  /** Where the carrier's trucks are based: most of its loadings are there. */
  hubs: readonly Place[];
  /** Region codes of its trucks' plates. */
  plateRegions: readonly string[];
  crews: number;
};

const carrier2 = organisationIds("1655", "38214", "15");
const carrier3 = organisationIds("6670", "41973", "18");

const CARRIERS: readonly Carrier[] = [
  {
    login: "demo-carrier",
    tag: 1,
    user: ["Смирнов", "Алексей", "Петрович"],
    // The product's seeded demo company (scripts/seed/demo.ts).
    company: { accName: "ООО «Рейс Демо Транс»", inn: "7704123450", kpp: "770401001" },
    defaultCount: 3000,
    hubs: [CITIES.moscow, CITIES.podolsk, CITIES.domodedovo, CITIES.noginsk, CITIES.dmitrov],
    plateRegions: ["77", "97", "99", "177", "197", "199", "777", "797", "50", "150", "750"],
    crews: 64,
  },
  {
    login: "carrier-2",
    tag: 2,
    user: ["Гарипова", "Лилия", "Ринатовна"],
    company: { accName: "ООО «ВолгаКамТранс»", inn: carrier2.inn, kpp: carrier2.kpp },
    defaultCount: 1500,
    hubs: [CITIES.kazan, CITIES.cheboksary, CITIES.ulyanovsk, CITIES.nizhny],
    plateRegions: ["16", "116", "716", "21", "73"],
    crews: 36,
  },
  {
    login: "carrier-3",
    tag: 3,
    user: ["Кузьмин", "Денис", "Олегович"],
    company: { accName: "ООО «УралСпецПеревозка»", inn: carrier3.inn, kpp: carrier3.kpp },
    defaultCount: 800,
    hubs: [CITIES.yekaterinburg, CITIES.chelyabinsk, CITIES.perm, CITIES.tyumen],
    plateRegions: ["66", "96", "196", "74", "174", "59"],
    crews: 22,
  },
];

export const EDO_LOGINS = CARRIERS.map((carrier) => carrier.login);

const carrierOf = (login: string) => CARRIERS.find((carrier) => carrier.login === login);

export function edoUser(login: string): WireUser | undefined {
  const carrier = carrierOf(login);
  if (!carrier) return undefined;
  const [family, name, patronymic] = carrier.user;
  return {
    login,
    userName: `${family} ${name} ${patronymic}`,
    shortName: `${family} ${name[0]}. ${patronymic[0]}.`,
    companyName: carrier.company.accName,
    inn: carrier.company.inn,
    kpp: carrier.company.kpp,
  };
}

/**
 * Seeded draws for one key: FNV-1a of the key seeds mulberry32, so neighbouring docflows are
 * unrelated. A class rather than closures: a page of 1,000 docflows makes tens of thousands.
 */
export class Draw {
  private state: number;

  constructor(key: string) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    this.state = hash >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

export const drawer = (key: string) => new Draw(key);

// --- The account's world: its crews, its clients, where it drives -------------------------

type Crew = { driver: string; truck: string; trailer: string | null };

const PLATE_LETTERS = "АВЕКМНОРСТУХ";
const FATHERS = MEN.flatMap(([, patronymic]) => (patronymic ? [patronymic] : []));

function fullName(draw: Draw, woman: boolean): string {
  const family = surname(draw.pick(SURNAMES), woman);
  const patronymic = draw.pick(FATHERS);
  return woman
    ? `${family} ${draw.pick(WOMEN)} ${patronymic.replace(/ич$/, "на")}`
    : `${family} ${draw.pick(MEN)[0]} ${patronymic}`;
}

const letter = (draw: Draw) => PLATE_LETTERS[draw.int(0, PLATE_LETTERS.length - 1)];
const digits = (draw: Draw, width: number) => String(draw.int(1, 10 ** width - 1)).padStart(width, "0");

/** «А123ВС77». */
const truckPlate = (draw: Draw, region: string) =>
  `${letter(draw)}${digits(draw, 3)}${letter(draw)}${letter(draw)}${region}`;
/** «АВ1234 77», as a trailer's plate reads. */
const trailerPlate = (draw: Draw, region: string) =>
  `${letter(draw)}${letter(draw)}${digits(draw, 4)} ${region}`;

function crewOf(draw: Draw, regions: readonly string[]): Crew {
  return {
    driver: fullName(draw, draw.chance(0.04)),
    truck: truckPlate(draw, draw.pick(regions)),
    trailer: draw.chance(0.7) ? trailerPlate(draw, draw.pick(regions)) : null,
  };
}

const ACCOUNT_INNS = new Set(CARRIERS.map((carrier) => carrier.company.inn));
const ACTIVE = DADATA_PARTIES.filter(
  (party) => party.data.state.status === "ACTIVE" && !ACCOUNT_INNS.has(party.data.inn),
);
const isCarrier = (party: DadataParty) => party.data.okved.startsWith("49.4");
const TRADERS = ACTIVE.filter((party) => party.data.kpp !== null && !isCarrier(party));
const SOLE_TRADERS = ACTIVE.filter((party) => party.data.kpp === null);
const OTHER_CARRIERS = ACTIVE.filter((party) => party.data.kpp !== null && isCarrier(party));

const toWireParty = (party: DadataParty): WireParty => ({
  accName: party.value,
  inn: party.data.inn,
  kpp: party.data.kpp,
});

/** `count` distinct items of `items`, in drawn order. */
function sample<T>(draw: Draw, items: readonly T[], count: number): T[] {
  const rest = [...items];
  const taken: T[] = [];
  while (taken.length < count && rest.length > 0) taken.push(rest.splice(draw.int(0, rest.length - 1), 1)[0]);
  return taken;
}

/** Regular clients give most of the work: the first of a pool is drawn far more often. */
const regular = <T>(draw: Draw, pool: readonly T[]): T =>
  pool[Math.floor(draw.between(0, 1) ** 2 * pool.length)];

const PLACES: readonly Place[] = Object.values(CITIES);
const MAX_ROUTE_KM = 2_000;
const REACH = new Map<Place, readonly Place[]>(
  PLACES.map((from) => [from, PLACES.filter((to) => to !== from && roadKm(from, to) <= MAX_ROUTE_KM)]),
);

type World = {
  carrier: Carrier;
  crews: readonly Crew[];
  shippers: readonly WireParty[];
  consignees: readonly WireParty[];
  otherCarriers: readonly WireParty[];
};

const worlds = new Map<string, World>();

function worldOf(carrier: Carrier): World {
  const known = worlds.get(carrier.login);
  if (known) return known;
  const draw = drawer(`edo:${carrier.login}:world`);
  const world: World = {
    carrier,
    crews: Array.from({ length: carrier.crews }, () => crewOf(draw, carrier.plateRegions)),
    shippers: sample(draw, TRADERS, 40).map(toWireParty),
    consignees: [...sample(draw, TRADERS, 140), ...sample(draw, SOLE_TRADERS, 15)].map(toWireParty),
    otherCarriers: sample(draw, OTHER_CARRIERS, 25).map(toWireParty),
  };
  worlds.set(carrier.login, world);
  return world;
}

// --- When: base docflows spread over 2023–2025, weighted to Moscow working hours ----------

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;
const BASE_START = Date.UTC(2023, 0, 1) - MOSCOW_OFFSET_MS;
const BASE_END = Date.UTC(2026, 0, 1) - MOSCOW_OFFSET_MS;
const BASE_HOURS = (BASE_END - BASE_START) / HOUR_MS;

function hourWeight(at: number): number {
  const local = new Date(at + MOSCOW_OFFSET_MS);
  const hour = local.getUTCHours();
  const weekday = local.getUTCDay();
  const byHour = hour >= 9 && hour < 18 ? 10 : hour >= 7 && hour < 21 ? 3 : 0.4;
  const byDay = weekday === 0 ? 0.2 : weekday === 6 ? 0.35 : 1;
  const holidays = local.getUTCMonth() === 0 && local.getUTCDate() <= 8 ? 0.15 : 1;
  // Electronic waybills spread over these years: 2025 has about twice the traffic of 2023.
  const adoption = 0.7 + (at - BASE_START) / (BASE_END - BASE_START);
  return byHour * byDay * holidays * adoption;
}

/** Weight of the base period's hours up to each hour: the inverse maps a share to a moment. */
const CUMULATIVE = (() => {
  const sums = new Float64Array(BASE_HOURS + 1);
  for (let h = 0; h < BASE_HOURS; h++) sums[h + 1] = sums[h] + hourWeight(BASE_START + h * HOUR_MS);
  return sums;
})();

/** The moment `share` (0 ≤ share < 1) of the base period's weighted time has passed, to the second. */
function momentAt(share: number): number {
  const target = share * CUMULATIVE[BASE_HOURS];
  let low = 0;
  let high = BASE_HOURS - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (CUMULATIVE[middle] <= target) low = middle;
    else high = middle - 1;
  }
  const within = (target - CUMULATIVE[low]) / (CUMULATIVE[low + 1] - CUMULATIVE[low]);
  return Math.floor((BASE_START + (low + within) * HOUR_MS) / 1000) * 1000;
}

const toSecond = (at: number) => Math.floor(at / 1000) * 1000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * «2024-11-05T14:03:27+03:00». By arithmetic (Hinnant's civil-from-days) rather than through
 * Date: a page of 1,000 docflows formats thousands of moments.
 */
function moscowIso(at: number): string {
  const seconds = Math.floor((at + MOSCOW_OFFSET_MS) / 1000);
  const days = Math.floor(seconds / 86_400);
  const time = seconds - days * 86_400;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(time / 3600);
  const minute = Math.floor((time % 3600) / 60);
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(time % 60)}+03:00`;
}

// --- What: categories, chains and their titles ----------------------------------------------

const T1 = "ON_TRNACLGROT";
const T2 = "ON_TRNACLPPRIN";
const T3 = "ON_TRNACLGRPO";
const T4 = "ON_TRNACLPVYN";
const CHAIN = [T1, T2, T3, T4] as const;
const CHAIN_TYPES: ReadonlySet<string> = new Set(CHAIN);
const CLOSED = "ON_TRNACLZAKR";
const REJECTED = "ON_TRNACLOTKL";

type Content = {
  /** «ЭТрН» in «ЭТрН-2024-000123». */
  prefix: string;
  /** The type of its one title (a transport chain's first). */
  title: string;
  weight: number;
  go?: boolean;
  gp?: boolean;
  crew?: boolean;
  route?: boolean;
  cargo?: boolean;
  trip?: boolean;
};

const CONTENT: Record<EdoCategory, Content> = {
  ETRN: {
    prefix: "ЭТрН",
    title: T1,
    weight: 85,
    go: true,
    gp: true,
    crew: true,
    route: true,
    cargo: true,
    trip: true,
  },
  TRNS: {
    prefix: "ТрН",
    title: "ON_TRNS",
    weight: 2.5,
    go: true,
    gp: true,
    crew: true,
    route: true,
    cargo: true,
  },
  PTL: { prefix: "ПЛ", title: "ON_TRN", weight: 3, crew: true, trip: true },
  XR: { prefix: "ЭР", title: "ON_EXPRASP", weight: 1, go: true, route: true, cargo: true },
  PX: { prefix: "ПЭ", title: "ON_PORUCH", weight: 1, go: true, route: true, cargo: true },
  TORG13: { prefix: "ТОРГ13", title: "ON_TORG13", weight: 1, go: true, gp: true, cargo: true },
  TRNPUD: { prefix: "ТН", title: "ON_TRNPUD", weight: 1, go: true, gp: true, route: true, cargo: true },
  DOV: { prefix: "МЧД", title: "ON_DOVER", weight: 2, crew: true },
  REQUEST: { prefix: "ЗП", title: "ON_ZAYAVKA", weight: 2, go: true, route: true, cargo: true },
  TRIPREG: { prefix: "РР", title: "ON_REGREIS", weight: 1.5, crew: true, route: true, trip: true },
};
const CATEGORY_WEIGHTS = Object.entries(CONTENT) as [EdoCategory, Content][];
const TOTAL_WEIGHT = CATEGORY_WEIGHTS.reduce((sum, [, content]) => sum + content.weight, 0);

function drawCategory(draw: Draw): EdoCategory {
  let rest = draw.between(0, TOTAL_WEIGHT);
  for (const [category, content] of CATEGORY_WEIGHTS) if ((rest -= content.weight) < 0) return category;
  return "ETRN";
}

/** A base chain this close to the end of the base period may still be under way. */
const RECENT_MS = 30 * DAY_MS;

type PlannedTitle = { type: string; at: number };

/** What a docflow is, without its content: enough to filter, sort and move it on. */
type Outline = {
  index: number;
  id: string;
  createdAt: number;
  category: EdoCategory;
  role: EdoRole;
  from: Place;
  to: Place;
  titles: PlannedTitle[];
  /** Transport chain titles signed, 1…4 (0: not a chain). */
  stage: number;
  statusCode: string;
  expired: boolean;
  deleted: boolean;
  read: boolean;
};

const BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `n` as `bytes` bytes of lower-case hex. */
function hex(n: number, bytes: number): string {
  let text = "";
  for (let shift = (bytes - 1) * 8; shift >= 0; shift -= 8) text += BYTES[(n >>> shift) & 0xff];
  return text;
}

/**
 * A uuid-shaped id: random-looking in front, `tag` and `serial` spelled out at the end, so ids of
 * different docflows, titles and accounts never collide.
 */
function uuidLike(draw: Draw, tag: number, serial: number): string {
  const front = hex(draw.int(0, 0xffff_ffff), 4);
  const middle = hex(draw.int(0, 0xffff), 2);
  const version = hex(draw.int(0x4000, 0x4fff), 2);
  const variant = hex(draw.int(0x8000, 0xbfff), 2);
  return `${front}-${middle}-${version}-${variant}-${hex(tag, 2)}${hex(serial, 4)}`;
}

const ID_KIND = { docflow: 0, chain: 1, title: 2 } as const;
const idTag = (carrier: Carrier, kind: number, n = 0) => (carrier.tag << 12) | (kind << 8) | n;

/** Everything an account has done to its docflows since its base generation. */
export type EdoAccountState = {
  world: World;
  baseCount: number;
  /** Creation moments of the docflows `advance` added: index baseCount + i. */
  addedAt: number[];
  /** Moments of the titles `advance` signed, by docflow index. */
  steps: Map<number, number[]>;
  /** The docflow index of each change after the base ones (change baseCount + 1 + i). */
  log: number[];
  /** Latest change number of the docflows changed since the base generation. */
  latest: Map<number, number>;
};

export function createAccountState(login: string, count?: number): EdoAccountState | undefined {
  const carrier = carrierOf(login);
  if (!carrier) return undefined;
  return {
    world: worldOf(carrier),
    baseCount: count ?? carrier.defaultCount,
    addedAt: [],
    steps: new Map(),
    log: [],
    latest: new Map(),
  };
}

export const documentCount = (state: EdoAccountState) => state.baseCount + state.addedAt.length;
/** The account's newest change number: base docflow i was created as change i + 1. */
export const lastChange = (state: EdoAccountState) => state.baseCount + state.log.length;
const latestChangeOf = (state: EdoAccountState, index: number) => state.latest.get(index) ?? index + 1;

function planChain(draw: Draw, createdAt: number, from: Place, to: Place, fresh: boolean) {
  const recent = BASE_END - createdAt < RECENT_MS;
  const roll = draw.between(0, 1);
  const incomplete = !fresh && roll < (recent ? 0.4 : 0.06);
  const rejected = !fresh && !incomplete && roll < (recent ? 0.42 : 0.09);
  const stage = fresh ? 1 : incomplete ? draw.int(1, 3) : rejected ? draw.int(1, 2) : 4;
  const closed = stage === 4 && draw.chance(0.3);
  // Old chains left unfinished are past their deadline; recent ones mostly still in time.
  const expired = incomplete && (!recent || (BASE_END - createdAt > 10 * DAY_MS && draw.chance(0.3)));

  const titles: PlannedTitle[] = [{ type: T1, at: createdAt }];
  const qrCode = draw.chance(0.15);
  const gis = draw.chance(0.25);
  const receipt = draw.chance(0.1);
  const corrected = draw.chance(0.05);
  if (qrCode && !fresh)
    titles.push({ type: "ON_TRNAPERAK_QRCODE", at: createdAt + draw.int(2, 10) * MINUTE_MS });
  let at = createdAt;
  if (stage >= 2) {
    at += draw.int(1, 10) * HOUR_MS + draw.int(0, 59) * MINUTE_MS;
    titles.push({ type: T2, at });
    if (gis) titles.push({ type: "ON_TRNAPERAK_GIS_LOAD", at: at + draw.int(1, 15) * MINUTE_MS });
  }
  if (stage >= 3) {
    const km = roadKm(from, to);
    const driving = km / 60 + Math.floor(km / 650) * 11;
    at += (driving + draw.int(2, 24)) * HOUR_MS + draw.int(0, 59) * MINUTE_MS;
    titles.push({ type: T3, at });
    if (receipt) titles.push({ type: "ON_TRNAPERAK", at: at + draw.int(1, 30) * MINUTE_MS });
  }
  if (stage >= 4) {
    at += draw.int(1, 72) * HOUR_MS + draw.int(0, 59) * MINUTE_MS;
    titles.push({ type: T4, at });
    if (gis) titles.push({ type: "ON_TRNAPERAK_GIS_COMPLETE", at: at + draw.int(1, 15) * MINUTE_MS });
    if (corrected) titles.push({ type: "ON_TRN", at: at + draw.int(1, 48) * HOUR_MS });
  }
  for (const title of titles) title.at = toSecond(title.at);
  const statusCode = rejected ? REJECTED : closed ? CLOSED : titles[titles.length - 1].type;
  return { titles, stage, statusCode, expired };
}

function outline(state: EdoAccountState, index: number): Outline {
  const { carrier } = state.world;
  const draw = drawer(`edo:${carrier.login}:${index}:outline`);
  const added = index >= state.baseCount;
  const createdAt = added
    ? state.addedAt[index - state.baseCount]
    : momentAt((index + draw.between(0, 1)) / state.baseCount);
  const category = drawCategory(draw);
  const roleRoll = draw.between(0, 1);
  // Now and then the account ships or receives the goods itself and another carrier drives.
  const waybill = category === "ETRN" || category === "TRNS";
  const role: EdoRole = !waybill || roleRoll >= 0.1 ? "TK" : roleRoll < 0.05 ? "GO" : "GP";
  const from = draw.chance(0.65) ? draw.pick(carrier.hubs) : draw.pick(PLACES);
  const to = draw.pick(REACH.get(from) ?? PLACES);
  const deleted = !added && draw.chance(0.02);
  const recentRead = draw.chance(0.5);
  const oldRead = draw.chance(0.96);

  let titles: PlannedTitle[];
  let stage = 0;
  let statusCode: string;
  let expired: boolean;
  const recent = BASE_END - createdAt < RECENT_MS;
  if (category === "ETRN") {
    ({ titles, stage, statusCode, expired } = planChain(draw, createdAt, from, to, added));
  } else {
    const type = CONTENT[category].title;
    titles = [{ type, at: createdAt }];
    statusCode = type;
    expired = !added && (category === "REQUEST" || category === "DOV") && draw.chance(0.05);
  }

  const steps = state.steps.get(index);
  if (steps) {
    for (const at of steps) {
      const type = CHAIN[stage];
      titles.push({ type, at });
      statusCode = type;
      stage++;
    }
  }
  return {
    index,
    id: uuidLike(draw, idTag(carrier, ID_KIND.docflow), index),
    createdAt,
    category,
    role,
    from,
    to,
    titles,
    stage,
    statusCode,
    expired,
    deleted,
    read: !added && !steps && (recent ? recentRead : oldRead),
  };
}

/** A chain still under way: `advance` may sign its next title. */
const canProgress = (o: Outline) =>
  o.category === "ETRN" &&
  o.stage < CHAIN.length &&
  !o.expired &&
  !o.deleted &&
  o.statusCode !== REJECTED &&
  o.statusCode !== CLOSED;

// --- The content of a docflow -----------------------------------------------------------------

type Cargo = { name: string; bulk?: boolean; minKg: number; maxKg: number };

const CARGO: readonly Cargo[] = [
  { name: "Молочная продукция", minKg: 2_000, maxKg: 16_000 },
  { name: "Продукты питания", minKg: 1_500, maxKg: 18_000 },
  { name: "Безалкогольные напитки", minKg: 8_000, maxKg: 20_000 },
  { name: "Замороженные полуфабрикаты", minKg: 3_000, maxKg: 18_000 },
  { name: "Овощи и фрукты", minKg: 2_000, maxKg: 20_000 },
  { name: "Кондитерские изделия", minKg: 1_000, maxKg: 12_000 },
  { name: "Бытовая химия", minKg: 1_500, maxKg: 15_000 },
  { name: "Бумажная продукция", minKg: 1_000, maxKg: 10_000 },
  { name: "Строительные материалы", minKg: 5_000, maxKg: 20_000 },
  { name: "Автозапчасти", minKg: 500, maxKg: 8_000 },
  { name: "Мебель в упаковке", minKg: 800, maxKg: 6_000 },
  { name: "Корма для животных", minKg: 3_000, maxKg: 20_000 },
  { name: "Лакокрасочные материалы", minKg: 1_000, maxKg: 12_000 },
  { name: "Тара и упаковка", minKg: 500, maxKg: 6_000 },
  { name: "Металлопрокат", bulk: true, minKg: 10_000, maxKg: 22_000 },
  { name: "Щебень гранитный", bulk: true, minKg: 15_000, maxKg: 25_000 },
  { name: "Зерно пшеницы", bulk: true, minKg: 15_000, maxKg: 25_000 },
  { name: "Трубы стальные", bulk: true, minKg: 8_000, maxKg: 20_000 },
];

function drawCargo(draw: Draw) {
  const cargo = draw.pick(CARGO);
  const weightKg = Math.round(draw.int(cargo.minKg, cargo.maxKg) / 10) * 10;
  const pallets = cargo.bulk ? null : Math.max(1, Math.min(33, Math.round(weightKg / draw.int(350, 750))));
  return { name: cargo.name, weightKg, pallets };
}

/**
 * Archive sizes (decision 0026). The list must give each title's archive size exactly, yet a page
 * of 1,000 docflows cannot afford to build 4,000 archives: so the size is drawn first, cheaply,
 * and the content call builds an archive of exactly that size (its stored signature takes the rest).
 * A chain title embeds its predecessor's signature (the ЭП of ИдИнф…), so it is drawn as the
 * predecessor's size plus a step: its own signature then stays a plausible size whatever the
 * predecessor's is. Every size falls within 8–60 KB.
 */
export const ARCHIVE_SIZES = {
  firstTitle: { min: 12 * 1024, max: 22 * 1024 },
  nextTitleStep: { min: 4 * 1024, max: 9 * 1024 },
  otherTitle: { min: 8 * 1024, max: 16 * 1024 },
} as const;

type TitleDraft = { title: WireTitle; archiveSize: number };

/** `previousSize`: the archive size of the chain title before this one (0: none yet). */
function titleOf(
  carrier: Carrier,
  index: number,
  n: number,
  planned: PlannedTitle,
  previousSize: number,
): TitleDraft {
  const draw = drawer(`edo:${carrier.login}:${index}:title:${n}`);
  const id = uuidLike(draw, idTag(carrier, ID_KIND.title, n), index);
  const withheld = draw.chance(0.03);
  const range = !CHAIN_TYPES.has(planned.type)
    ? ARCHIVE_SIZES.otherTitle
    : previousSize === 0
      ? ARCHIVE_SIZES.firstTitle
      : ARCHIVE_SIZES.nextTitleStep;
  const archiveSize = (CHAIN_TYPES.has(planned.type) ? previousSize : 0) + draw.int(range.min, range.max);
  return {
    title: {
      id,
      type: planned.type,
      dateTime: moscowIso(planned.at),
      contentSize: withheld ? 0 : archiveSize,
    },
    archiveSize,
  };
}

function docflowOf(world: World, o: Outline): WireDocument {
  return draftOf(world, o).document;
}

/** A docflow and the archive size of each of its titles, withheld ones (contentSize 0) included. */
function draftOf(world: World, o: Outline): { document: WireDocument; archiveSizes: number[] } {
  const { carrier } = world;
  const content = CONTENT[o.category];
  const draw = drawer(`edo:${carrier.login}:${o.index}`);
  const createDate = moscowIso(o.createdAt);
  const year = createDate.slice(0, 4);

  const own = carrier.company;
  const other = regular(draw, world.otherCarriers);
  const shipper = regular(draw, world.shippers);
  const consignee = o.category === "TORG13" ? shipper : regular(draw, world.consignees);
  const go = o.role === "GO" ? own : content.go ? shipper : null;
  const gp = o.role === "GP" ? own : content.gp ? consignee : null;
  const tk = o.role === "TK" ? own : other;

  // A trip's docflows share the crew; a docflow of another carrier has a crew not of ours.
  const tripNumber = Math.floor(o.index / 2) + 1;
  const onTrip = content.trip === true && o.role === "TK" && draw.chance(0.75);
  const trip = onTrip ? `Р-${year.slice(2)}-${String(tripNumber).padStart(5, "0")}` : null;
  const crewDraw = onTrip ? drawer(`edo:${carrier.login}:trip:${tripNumber}`) : draw;
  const ownCrew = crewDraw.pick(world.crews);
  const foreignCrew = crewOf(draw, FOREIGN_PLATE_REGIONS);
  const crew = content.crew ? (o.role === "TK" ? ownCrew : foreignCrew) : null;

  // Real chains are patchy too: a few lack the unloading address or the cargo.
  const loading = content.route ? { addr: drawnAddress(draw, o.from) } : null;
  const unloadingAddr = drawnAddress(draw, o.to);
  const unloading = content.route && !draw.chance(0.015) ? { addr: unloadingAddr } : null;
  const drawnCargo = drawCargo(draw);
  const cargo = content.cargo && !draw.chance(0.02) ? drawnCargo : null;

  const documents: WireTitle[] = [];
  const archiveSizes: number[] = [];
  let chainSize = 0;
  for (let n = 0; n < o.titles.length; n++) {
    const draft = titleOf(carrier, o.index, n, o.titles[n], chainSize);
    documents.push(draft.title);
    archiveSizes.push(draft.archiveSize);
    if (CHAIN_TYPES.has(draft.title.type)) chainSize = draft.archiveSize;
  }
  const last = documents[documents.length - 1];
  const chainId = uuidLike(draw, idTag(carrier, ID_KIND.chain), o.index);
  const document: WireDocument = {
    id: o.id,
    docflowType: o.category,
    createDate,
    updateDate: last.dateTime,
    read: o.read,
    statusCode: o.statusCode,
    roleCode: o.role,
    expired: o.expired,
    deleted: o.deleted,
    info: {
      doc: {
        num: `${content.prefix}-${year}-${String(o.index + 1).padStart(6, "0")}`,
        date: createDate.slice(0, 10),
        trns: `${draw.int(100_000, 999_999)}${String(o.index + 1).padStart(8, "0")}`,
        driver: crew?.driver ?? null,
        chainId,
        trip,
      },
      go,
      gp,
      tk,
      driver: crew ? { accName: crew.driver } : null,
      ts: crew && (content.route || o.category === "PTL") ? { num: plateOf(crew) } : null,
      loading,
      unloading,
      cargo,
      documents,
      lastdoc: { type: last.type, dateTime: last.dateTime },
    },
  };
  return { document, archiveSizes };
}

/** Where the trucks of the account's partners come from. */
const FOREIGN_PLATE_REGIONS = ["77", "50", "78", "47", "52", "63", "61", "23"];

const plateOf = (crew: Crew) => (crew.trailer ? `${crew.truck} / ${crew.trailer}` : crew.truck);

/** The docflow at `index` as the account sees it now. */
function docflow(state: EdoAccountState, index: number): WireDocument {
  return docflowOf(state.world, outline(state, index));
}

/** A docflow of the account reached by its id, with its titles' archive sizes (decision 0026). */
export type LocatedDocflow = {
  login: string;
  index: number;
  document: WireDocument;
  /** By title position; withheld titles (contentSize 0) have one too: a later title refers to them. */
  archiveSizes: number[];
};

const HEX_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The account's docflow with this id, or undefined (another account's ids too). The id spells out
 * its account, kind and index at the end (`uuidLike`), so nothing is scanned.
 */
export function findDocflow(state: EdoAccountState, id: string): LocatedDocflow | undefined {
  if (!HEX_ID.test(id)) return undefined;
  const { carrier } = state.world;
  const tag = Number.parseInt(id.slice(-12, -8), 16);
  const index = Number.parseInt(id.slice(-8), 16);
  if (tag !== idTag(carrier, ID_KIND.docflow) || index >= documentCount(state)) return undefined;
  const o = outline(state, index);
  if (o.id !== id) return undefined;
  return { login: carrier.login, index, ...draftOf(state.world, o) };
}

// --- Lists and the change feed -----------------------------------------------------------------

/** «20244»: year × 10 + quarter of a Moscow date «2024-11-05». */
const periodOf = (day: string) =>
  Number(day.slice(0, 4)) * 10 + Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;

function outlineMatches(o: Outline, f: EdoDocumentFilters): boolean {
  if (o.category !== f.category || o.expired !== f.expired || o.deleted !== f.deleted) return false;
  if (f.status !== undefined && o.statusCode !== f.status) return false;
  if (f.docType !== undefined && !o.titles.some((title) => title.type === f.docType)) return false;
  if (f.period === 0 && f.dateFrom === undefined && f.dateTo === undefined) return true;
  const day = moscowIso(o.createdAt).slice(0, 10);
  if (f.period !== 0 && periodOf(day) !== f.period) return false;
  if (f.dateFrom !== undefined && day < f.dateFrom) return false;
  return f.dateTo === undefined || day <= f.dateTo;
}

const needsContent = (f: EdoDocumentFilters) =>
  [f.goInn, f.gpInn, f.tkInn, f.transport, f.driver, f.trip, f.docNum, f.search, f.hasRoute, f.hasCargo].some(
    (value) => value !== undefined,
  );

const contains = (text: string | null | undefined, wanted: string) =>
  text != null && text.toLowerCase().includes(wanted);

function contentMatches(d: WireDocument, f: EdoDocumentFilters): boolean {
  const { info } = d;
  if (f.goInn !== undefined && info.go?.inn !== f.goInn) return false;
  if (f.gpInn !== undefined && info.gp?.inn !== f.gpInn) return false;
  if (f.tkInn !== undefined && info.tk?.inn !== f.tkInn) return false;
  if (f.transport !== undefined) {
    const wanted = f.transport.replace(/\s+/g, "").toLowerCase();
    if (!contains(info.ts?.num.replace(/\s+/g, ""), wanted)) return false;
  }
  if (f.driver !== undefined && !contains(info.driver?.accName, f.driver.toLowerCase())) return false;
  if (f.trip !== undefined && !contains(info.doc.trip, f.trip.toLowerCase())) return false;
  if (f.docNum !== undefined && !contains(info.doc.num, f.docNum.toLowerCase())) return false;
  const hasRoute = info.loading !== null && info.unloading !== null;
  if (f.hasRoute !== undefined && hasRoute !== f.hasRoute) return false;
  if (f.hasCargo !== undefined && (info.cargo !== null) !== f.hasCargo) return false;
  if (f.search !== undefined) {
    const wanted = f.search.toLowerCase();
    const fields = [
      info.doc.num,
      info.go?.accName,
      info.gp?.accName,
      info.tk?.accName,
      info.go?.inn,
      info.gp?.inn,
      info.tk?.inn,
      info.loading?.addr,
      info.unloading?.addr,
      info.ts?.num,
      info.driver?.accName,
    ];
    if (!fields.some((field) => contains(field, wanted))) return false;
  }
  return true;
}

/** Newest first; docflows created the same second by id. */
const byCreateDateDesc = (a: Outline, b: Outline) =>
  b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `GET /documents`: the filtered list in the operator's order, one page of it. */
export function listDocuments(state: EdoAccountState, filters: EdoDocumentFilters): WireDocumentsPage {
  const deep = needsContent(filters);
  const matches: Outline[] = [];
  const contentOf = new Map<number, WireDocument>();
  const count = documentCount(state);
  for (let index = 0; index < count; index++) {
    const o = outline(state, index);
    if (!outlineMatches(o, filters)) continue;
    if (deep) {
      const d = docflowOf(state.world, o);
      if (!contentMatches(d, filters)) continue;
      contentOf.set(index, d);
    }
    matches.push(o);
  }
  matches.sort(byCreateDateDesc);
  const page = matches.slice(filters.offset, filters.offset + Math.min(filters.limit, EDO_MAX_PAGE));
  return {
    docs: page.map((o) => contentOf.get(o.index) ?? docflowOf(state.world, o)),
    total: matches.length,
  };
}

/**
 * `GET /documents/changes`: docflows changed after change `since`, oldest change first, each at
 * its latest change only; `cursor` is the last change number the page consumed.
 */
export function changesAfter(state: EdoAccountState, since: number, limit: number): WireChangesPage {
  const last = lastChange(state);
  const docs: WireDocument[] = [];
  let cursor = since;
  for (let change = since + 1; change <= last && docs.length < limit; change++) {
    const index = change <= state.baseCount ? change - 1 : state.log[change - state.baseCount - 1];
    cursor = change;
    if (latestChangeOf(state, index) === change) docs.push(docflow(state, index));
  }
  // The newest change is always its docflow's latest, so anything after the cursor is a document.
  return { docs, cursor: String(cursor), hasMore: cursor < last };
}

function recordChange(state: EdoAccountState, index: number) {
  state.log.push(index);
  state.latest.set(index, lastChange(state));
}

/**
 * Time passes at the operator: the newest `progressed` chains still under way get their next
 * title, then `added` new docflows arrive; all dated `now`. Answers what was actually done.
 */
export function advanceAccount(
  state: EdoAccountState,
  wanted: { added: number; progressed: number },
  now: number,
): { added: number; progressed: number } {
  const at = toSecond(now);
  let progressed = 0;
  for (let index = documentCount(state) - 1; index >= 0 && progressed < wanted.progressed; index--) {
    if (!canProgress(outline(state, index))) continue;
    const steps = state.steps.get(index);
    if (steps) steps.push(at);
    else state.steps.set(index, [at]);
    recordChange(state, index);
    progressed++;
  }
  for (let i = 0; i < wanted.added; i++) {
    state.addedAt.push(at);
    recordChange(state, documentCount(state) - 1);
  }
  return { added: wanted.added, progressed };
}
