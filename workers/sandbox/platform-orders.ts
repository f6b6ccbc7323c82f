// Freight orders of the sandbox customer platforms. An order is a pure function of
// (platform, index, version): a page of 500 out of 50,000 is drawn without drawing the rest,
// and every run on every machine lists the same orders.

import { plural } from "../core/text/plural";
import { ORDER_STATUSES, type OrderStatus, type PlatformId } from "../providers/customer-platform";
import { seededRandom } from "./register-generator";
import { MEN, SURNAMES, surname, WOMEN } from "./register-names";
import { COMMON_STREETS } from "./register-regions";

export const DEFAULT_ORDER_COUNT = 240;
export const MAX_ORDER_COUNT = 50_000;

/** Statuses as the platforms send them: the spec's list (spec 2 §4). */
export type WireStatus = OrderStatus;

/** Spec 2 §3 «Platform order», field for field, as a platform's API answers it. */
export type WireOrder = {
  id: string;
  platform_name: string;
  /** The sandbox serves no logos: the product draws its own platform badges. */
  platform_logo: null;
  external_order_id: string;
  customer_name: string | null;
  pickup_address: string;
  pickup_contact_name: string | null;
  pickup_contact_phone: string | null;
  delivery_address: string;
  delivery_contact_name: string | null;
  delivery_contact_phone: string | null;
  pickup_longitude: number | null;
  pickup_latitude: number | null;
  delivery_longitude: number | null;
  delivery_latitude: number | null;
  cargo_type: string;
  cargo_description: string;
  cargo_weight: number;
  cargo_volume: number | null;
  documents_required: string[];
  price: number;
  currency: "RUB";
  payment_terms: string | null;
  created_at: string;
  pickup_time_from: string;
  delivery_time_from: string;
  status: WireStatus;
  vehicle_requirements: string | null;
};

/** FNV-1a: turns (platform, index, …) into a seed, so neighbouring orders are unrelated. */
function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function drawer(key: string) {
  const next = seededRandom(seedOf(key));
  const between = (min: number, max: number) => min + next() * (max - min);
  return {
    between,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

type Draw = ReturnType<typeof drawer>;

export type Place = {
  /** «г Подольск». */
  city: string;
  /** «Московская обл»; null for a federal city. */
  region: string | null;
  /** The first 3 digits of the city's postal codes. */
  postal: string;
  latitude: number;
  longitude: number;
  /** Hours from UTC; the platforms give local times with this offset. */
  utcOffset: number;
};

const place = (
  city: string,
  region: string | null,
  postal: string,
  latitude: number,
  longitude: number,
  utcOffset = 3,
): Place => ({ city, region, postal, latitude, longitude, utcOffset });

export const CITIES = {
  moscow: place("г Москва", null, "109", 55.7558, 37.6173),
  spb: place("г Санкт-Петербург", null, "196", 59.9386, 30.3141),
  podolsk: place("г Подольск", "Московская обл", "142", 55.4311, 37.5447),
  noginsk: place("г Ногинск", "Московская обл", "142", 55.8536, 38.4408),
  domodedovo: place("г Домодедово", "Московская обл", "142", 55.4363, 37.7663),
  kashira: place("г Кашира", "Московская обл", "142", 54.8336, 38.1513),
  stupino: place("г Ступино", "Московская обл", "142", 54.8864, 38.0781),
  dmitrov: place("г Дмитров", "Московская обл", "141", 56.3442, 37.5204),
  lebedyan: place("г Лебедянь", "Липецкая обл", "399", 53.0157, 39.1477),
  azov: place("г Азов", "Ростовская обл", "346", 47.1073, 39.4232),
  krasnodar: place("г Краснодар", "Краснодарский край", "350", 45.0355, 38.9753),
  tikhoretsk: place("г Тихорецк", "Краснодарский край", "352", 45.8546, 40.1254),
  rostov: place("г Ростов-на-Дону", "Ростовская обл", "344", 47.2225, 39.7188),
  kazan: place("г Казань", "Респ Татарстан", "420", 55.7963, 49.1088),
  nizhny: place("г Нижний Новгород", "Нижегородская обл", "603", 56.3269, 44.0059),
  voronezh: place("г Воронеж", "Воронежская обл", "394", 51.6608, 39.2003),
  samara: place("г Самара", "Самарская обл", "443", 53.1959, 50.1002, 4),
  yekaterinburg: place("г Екатеринбург", "Свердловская обл", "620", 56.8389, 60.6057, 5),
  chelyabinsk: place("г Челябинск", "Челябинская обл", "454", 55.1644, 61.4368, 5),
  tula: place("г Тула", "Тульская обл", "300", 54.1931, 37.6173),
  ryazan: place("г Рязань", "Рязанская обл", "390", 54.6296, 39.7417),
  yaroslavl: place("г Ярославль", "Ярославская обл", "150", 57.6261, 39.8845),
  tver: place("г Тверь", "Тверская обл", "170", 56.8587, 35.9176),
  kaluga: place("г Калуга", "Калужская обл", "248", 54.5293, 36.2754),
  vladimir: place("г Владимир", "Владимирская обл", "600", 56.129, 40.4066),
  lipetsk: place("г Липецк", "Липецкая обл", "398", 52.6088, 39.5992),
  belgorod: place("г Белгород", "Белгородская обл", "308", 50.5954, 36.5873),
  kursk: place("г Курск", "Курская обл", "305", 51.7304, 36.1926),
  penza: place("г Пенза", "Пензенская обл", "440", 53.1959, 45.0183),
  saratov: place("г Саратов", "Саратовская обл", "410", 51.5331, 46.0342, 4),
  volgograd: place("г Волгоград", "Волгоградская обл", "400", 48.708, 44.5133),
  ufa: place("г Уфа", "Респ Башкортостан", "450", 54.7348, 55.9579, 5),
  perm: place("г Пермь", "Пермский край", "614", 58.0105, 56.2502, 5),
  tyumen: place("г Тюмень", "Тюменская обл", "625", 57.153, 65.5343, 5),
  omsk: place("г Омск", "Омская обл", "644", 54.9885, 73.3242, 6),
  novosibirsk: place("г Новосибирск", "Новосибирская обл", "630", 55.0302, 82.9204, 7),
  barnaul: place("г Барнаул", "Алтайский край", "656", 53.3481, 83.7798, 7),
  tomsk: place("г Томск", "Томская обл", "634", 56.4847, 84.9482, 7),
  kemerovo: place("г Кемерово", "Кемеровская обл", "650", 55.3547, 86.0873, 7),
  krasnoyarsk: place("г Красноярск", "Красноярский край", "660", 56.0153, 92.8932, 7),
  stavropol: place("г Ставрополь", "Ставропольский край", "355", 45.0448, 41.969),
  sochi: place("г Сочи", "Краснодарский край", "354", 43.5855, 39.7231),
  novorossiysk: place("г Новороссийск", "Краснодарский край", "353", 44.7239, 37.7688),
  orenburg: place("г Оренбург", "Оренбургская обл", "460", 51.7682, 55.097, 5),
  izhevsk: place("г Ижевск", "Удмуртская Респ", "426", 56.8526, 53.2045, 4),
  cheboksary: place("г Чебоксары", "Чувашская Респ", "428", 56.1322, 47.2519),
  ulyanovsk: place("г Ульяновск", "Ульяновская обл", "432", 54.3142, 48.4031, 4),
  smolensk: place("г Смоленск", "Смоленская обл", "214", 54.7826, 32.0453),
  bryansk: place("г Брянск", "Брянская обл", "241", 53.2436, 34.3634),
  oryol: place("г Орёл", "Орловская обл", "302", 52.9703, 36.0635),
  tambov: place("г Тамбов", "Тамбовская обл", "392", 52.7212, 41.4523),
  novgorod: place("г Великий Новгород", "Новгородская обл", "173", 58.5213, 31.271),
} satisfies Record<string, Place>;

const DESTINATIONS: readonly Place[] = Object.values(CITIES);

/** A platform's distribution centre or plant: where its orders are loaded. */
type Hub = { place: Place; street: string; house: string };

const hub = (at: Place, street: string, house: string): Hub => ({ place: at, street, house });

type Body = "Рефрижератор" | "Изотерм" | "Тент" | "Фургон";

type CargoKind = {
  type: string;
  descriptions: readonly string[];
  body: Body;
  /** «+2…+6 °C»; null when the cargo needs no temperature. */
  temperature: string | null;
  /** Kilograms per cubic metre as loaded (pallets and air included). */
  density: number;
  /** Counted in parcels («мест») rather than pallets. */
  parcels?: boolean;
  /** Goods under veterinary control travel with a ВСД from «Меркурий». */
  veterinary?: boolean;
};

type PlatformProfile = {
  idPrefix: string;
  customers: readonly string[];
  hubs: readonly Hub[];
  cargo: readonly CargoKind[];
  paymentTerms: readonly string[];
  /** How far the platform sends a truck from a hub. */
  maxKm: number;
  /** Transport documents it asks for: ЭТрН where it has moved to EDO, ТТН where not yet. */
  transportDocuments: readonly string[];
};

const CHILLED = "+2…+6 °C";
const FROZEN = "−18…−20 °C";
const CONFECTIONERY = "+12…+18 °C";

const DAIRY: CargoKind = {
  type: "Продукты питания",
  descriptions: [
    "Молочная продукция: молоко, кефир, йогурты",
    "Творог и сыры, охлаждённые",
    "Колбасные изделия и мясная гастрономия",
    "Мясо птицы охлаждённое",
  ],
  body: "Рефрижератор",
  temperature: CHILLED,
  density: 320,
  veterinary: true,
};
const FROZEN_FOOD: CargoKind = {
  type: "Замороженная продукция",
  descriptions: ["Пельмени и замороженные полуфабрикаты", "Мороженое", "Замороженные овощи и ягоды"],
  body: "Рефрижератор",
  temperature: FROZEN,
  density: 300,
  veterinary: true,
};
const PRODUCE: CargoKind = {
  type: "Овощи и фрукты",
  descriptions: [
    "Овощи: картофель, морковь, лук",
    "Фрукты: яблоки, цитрусовые, бананы",
    "Тепличные огурцы и томаты",
  ],
  body: "Рефрижератор",
  temperature: "+4…+8 °C",
  density: 280,
};
const GROCERY: CargoKind = {
  type: "Продукты питания",
  descriptions: [
    "Бакалея: крупы, макароны, сахар",
    "Консервы и соусы",
    "Чай, кофе, кондитерские изделия",
    "Растительное масло, мука",
  ],
  body: "Тент",
  temperature: null,
  density: 260,
};
const HOUSEHOLD: CargoKind = {
  type: "Непродовольственные товары",
  descriptions: ["Бытовая химия и средства гигиены", "Товары для дома", "Бумажная продукция"],
  body: "Тент",
  temperature: null,
  density: 180,
};
const SOFT_DRINKS: CargoKind = {
  type: "Напитки",
  descriptions: [
    "Газированные напитки в ПЭТ-бутылках",
    "Питьевая вода, 0,5 л и 1,5 л",
    "Холодный чай и энергетики",
  ],
  body: "Тент",
  temperature: null,
  density: 420,
};
const JUICES: CargoKind = {
  type: "Напитки",
  descriptions: [
    "Соки и нектары в тетрапаке",
    "Детское питание: соки и пюре",
    "Морсы и сокосодержащие напитки",
  ],
  body: "Изотерм",
  temperature: "+5…+25 °C",
  density: 400,
};
const SNACKS: CargoKind = {
  type: "Снеки",
  descriptions: ["Картофельные чипсы", "Сухарики и снеки", "Кукурузные снеки"],
  body: "Тент",
  temperature: null,
  density: 90,
};
const CHOCOLATE: CargoKind = {
  type: "Кондитерские изделия",
  descriptions: ["Шоколадные батончики", "Шоколад плиточный и конфеты", "Жевательная резинка и драже"],
  body: "Рефрижератор",
  temperature: CONFECTIONERY,
  density: 240,
};
const PET_FOOD: CargoKind = {
  type: "Корма для животных",
  descriptions: [
    "Сухие корма для кошек и собак",
    "Влажные корма в паучах",
    "Ветеринарные диеты для животных",
  ],
  body: "Тент",
  temperature: null,
  density: 330,
  veterinary: true,
};
const PARCELS: CargoKind = {
  type: "Посылки",
  descriptions: ["Посылки интернет-магазинов", "Сборный груз маркетплейса", "Отправления СберМегаМаркета"],
  body: "Фургон",
  temperature: null,
  density: 140,
  parcels: true,
};
const APPLIANCES: CargoKind = {
  type: "Бытовая техника",
  descriptions: ["Крупная бытовая техника в заводской упаковке", "Телевизоры и мелкая бытовая техника"],
  body: "Фургон",
  temperature: null,
  density: 120,
  parcels: true,
};

const PROFILES: Record<PlatformId, PlatformProfile> = {
  x5: {
    idPrefix: "X5",
    customers: ["ООО «Агроторг»", "ООО «Агроторг»", "АО «Торговый дом «Перекрёсток»"],
    hubs: [
      hub(CITIES.podolsk, "ул Поливановская", "9 стр 1"),
      hub(CITIES.noginsk, "ш Энтузиастов", "2А"),
      hub(CITIES.spb, "п Шушары, Московское ш", "70 к 4"),
      hub(CITIES.yekaterinburg, "ул Монтерская", "8"),
      hub(CITIES.samara, "Заводское ш", "11 стр 5"),
    ],
    cargo: [DAIRY, DAIRY, PRODUCE, FROZEN_FOOD, GROCERY, HOUSEHOLD],
    paymentTerms: ["Отсрочка 45 дней", "Отсрочка 30 дней", "Отсрочка 60 дней"],
    maxKm: 1_100,
    transportDocuments: ["ЭТрН", "ЭТрН", "ТТН"],
  },
  magnit: {
    idPrefix: "MGN",
    customers: ["АО «Тандер»"],
    hubs: [
      hub(CITIES.krasnodar, "ул Солнечная", "15/5"),
      hub(CITIES.tikhoretsk, "ул Меньшикова", "1"),
      hub(CITIES.rostov, "ул Доватора", "150"),
      hub(CITIES.volgograd, "ул Электролесовская", "80"),
      hub(CITIES.kazan, "ул Техническая", "31"),
    ],
    cargo: [DAIRY, PRODUCE, PRODUCE, FROZEN_FOOD, GROCERY, HOUSEHOLD],
    paymentTerms: ["Отсрочка 30 дней", "Отсрочка 45 дней", "По факту"],
    maxKm: 900,
    transportDocuments: ["ЭТрН", "ТТН"],
  },
  pepsi: {
    idPrefix: "PEP",
    customers: ["ООО «ПепсиКо Холдингс»"],
    hubs: [
      hub(CITIES.domodedovo, "мкр Белые Столбы, ул Заводская", "2"),
      hub(CITIES.lebedyan, "ул Матросова", "7"),
      hub(CITIES.azov, "ул Промышленная", "2"),
      hub(CITIES.kashira, "ул Советская", "57"),
    ],
    cargo: [SOFT_DRINKS, SOFT_DRINKS, JUICES, JUICES, SNACKS],
    paymentTerms: ["Отсрочка 60 дней", "Отсрочка 45 дней"],
    maxKm: 1_800,
    transportDocuments: ["ЭТрН", "ТТН"],
  },
  mars: {
    idPrefix: "MARS",
    customers: ["ООО «Марс»"],
    hubs: [
      hub(CITIES.stupino, "ул Ситенка", "12"),
      hub(CITIES.novosibirsk, "ул Петухова", "69"),
      hub(CITIES.ulyanovsk, "ш Московское", "92"),
      hub(CITIES.dmitrov, "ул Профессиональная", "10"),
    ],
    cargo: [CHOCOLATE, CHOCOLATE, PET_FOOD, PET_FOOD],
    paymentTerms: ["Отсрочка 30 дней", "Отсрочка 45 дней"],
    maxKm: 2_200,
    transportDocuments: ["ЭТрН", "ТТН"],
  },
  sber_logistics: {
    idPrefix: "SBL",
    customers: ["ООО «Сбер Логистика»"],
    hubs: [
      hub(CITIES.podolsk, "Домодедовское ш", "2 стр 1"),
      hub(CITIES.spb, "п Шушары, Пулковское ш", "42 к 6"),
      hub(CITIES.yekaterinburg, "ул Новинская", "2"),
      hub(CITIES.novosibirsk, "ул Станционная", "60"),
      hub(CITIES.kazan, "ул Восстания", "100"),
    ],
    cargo: [PARCELS, PARCELS, PARCELS, APPLIANCES],
    paymentTerms: ["По факту", "Отсрочка 15 дней", "Отсрочка 30 дней"],
    maxKm: 2_500,
    transportDocuments: ["ЭТрН", "ТТН"],
  },
};

type Vehicle = { tonnes: number; kg: number; m3: number; pallets: number; rublesPerKm: [number, number] };

const VEHICLES: readonly Vehicle[] = [
  { tonnes: 1.5, kg: 1_500, m3: 10, pallets: 4, rublesPerKm: [35, 45] },
  { tonnes: 5, kg: 5_000, m3: 36, pallets: 15, rublesPerKm: [45, 60] },
  { tonnes: 10, kg: 10_000, m3: 45, pallets: 18, rublesPerKm: [55, 75] },
  { tonnes: 20, kg: 20_000, m3: 82, pallets: 33, rublesPerKm: [70, 90] },
  { tonnes: 20, kg: 20_000, m3: 82, pallets: 33, rublesPerKm: [70, 90] },
];

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

function greatCircleKm(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** Roads are about a fifth longer than the straight line between two Russian cities. */
export const roadKm = (a: Place, b: Place) => Math.round(greatCircleKm(a, b) * 1.22 + 8);

/** Where each hub sends trucks: other cities within its platform's reach. */
const REACH = new Map<Hub, readonly Place[]>(
  Object.values(PROFILES).flatMap((profile) =>
    profile.hubs.map((h): [Hub, readonly Place[]] => {
      const near = DESTINATIONS.filter(
        (to) => to.city !== h.place.city && roadKm(h.place, to) <= profile.maxKm,
      );
      return [h, near.length > 0 ? near : DESTINATIONS.filter((to) => to.city !== h.place.city)];
    }),
  ),
);

const HOUR_MS = 3_600_000;
/** The newest order; older ones follow one per `ORDER_SPACING_MS`, so the list is sorted by index. */
const NEWEST_ORDER_AT = Date.UTC(2026, 10, 20, 15, 0);
const ORDER_SPACING_MS = 2 * HOUR_MS;
/** Order numbers count down from here: index 0 is the newest. */
const NEWEST_ORDER_NUMBER = 60_000;

/** «2026-11-20T18:00:00+03:00». */
function isoWithOffset(at: number, utcOffset: number): string {
  const local = new Date(at + utcOffset * HOUR_MS).toISOString().slice(0, 19);
  return `${local}${utcOffset < 0 ? "-" : "+"}${String(Math.abs(utcOffset)).padStart(2, "0")}:00`;
}

function address(at: Place, street: string, house: string): string {
  return [at.postal.padEnd(6, "0"), at.region, at.city, street, `д ${house}`].filter(Boolean).join(", ");
}

export function drawnAddress(draw: Draw, at: Place): string {
  const postal = `${at.postal}${String(draw.int(0, 999)).padStart(3, "0")}`;
  const house = draw.chance(0.2) ? `${draw.int(1, 120)} стр ${draw.int(1, 9)}` : String(draw.int(1, 160));
  return [postal, at.region, at.city, draw.pick(COMMON_STREETS), `д ${house}`].filter(Boolean).join(", ");
}

function personName(draw: Draw): string {
  const woman = draw.chance(0.4);
  const family = surname(draw.pick(SURNAMES), woman);
  return `${family} ${woman ? draw.pick(WOMEN) : draw.pick(MEN)[0]}`;
}

function phone(draw: Draw): string {
  const code = draw.pick(["903", "905", "909", "915", "916", "925", "926", "961", "977", "985", "999"]);
  return `+7 (${code}) ${draw.int(100, 999)}-${draw.int(10, 99)}-${draw.int(10, 99)}`;
}

/** Coordinates of a street address: the city's centre moved within a few kilometres. */
function nearby(draw: Draw, at: Place): { latitude: number; longitude: number } {
  return {
    latitude: Number((at.latitude + draw.between(-0.05, 0.05)).toFixed(6)),
    longitude: Number((at.longitude + draw.between(-0.08, 0.08)).toFixed(6)),
  };
}

/** «1 паллета», «3 паллеты», «33 паллеты» — Russian numerals agree with the count. */
function counted(n: number, one: string, few: string, many: string): string {
  return `${n} ${plural(n, [one, few, many])}`;
}

/** The lifecycle of an order; «свободен» is how some platforms say delivered (the truck is free). */
const LIFECYCLE: readonly WireStatus[] = ORDER_STATUSES.filter((status) => status !== "свободен");
const NEXT_STATUS: Partial<Record<WireStatus, WireStatus>> = {
  new: "reviewed",
  reviewed: "accepted",
  accepted: "confirmed",
  confirmed: "in_transit",
  in_transit: "delivered",
  delivered: "invoiced",
  свободен: "invoiced",
  invoiced: "paid",
};
/** Share of the orders that move one status forward at each `advance`. */
const ADVANCE_SHARE = 0.3;

/** Older orders are further along: about a status every two and a half days. */
function firstStatus(draw: Draw, ageDays: number): WireStatus {
  const stage = Math.min(LIFECYCLE.length - 1, Math.max(0, Math.floor(ageDays / 2.5) + draw.int(-1, 1)));
  const status = LIFECYCLE[stage];
  return status === "delivered" && draw.chance(0.35) ? "свободен" : status;
}

function statusAt(platformId: PlatformId, index: number, first: WireStatus, version: number): WireStatus {
  let status = first;
  for (let step = 1; step <= version; step++) {
    const next = NEXT_STATUS[status];
    if (!next) break;
    if (drawer(`${platformId}:${index}:advance:${step}`).chance(ADVANCE_SHARE)) status = next;
  }
  return status;
}

/** The order at `index` (0 = newest) of a platform's list after `version` advances. */
export function platformOrder(platformId: PlatformId, index: number, version: number): WireOrder {
  const profile = PROFILES[platformId];
  const draw = drawer(`${platformId}:${index}`);

  const createdAt = NEWEST_ORDER_AT - index * ORDER_SPACING_MS - draw.int(0, 119) * 60_000;
  const year = new Date(createdAt + 3 * HOUR_MS).getUTCFullYear();
  const id = `${profile.idPrefix}-${year}-${String(NEWEST_ORDER_NUMBER - index).padStart(6, "0")}`;

  const from = draw.pick(profile.hubs);
  const to = draw.pick(REACH.get(from) ?? DESTINATIONS);
  const km = roadKm(from.place, to);
  const deliveryPoint = nearby(draw, to);

  const cargo = draw.pick(profile.cargo);
  const vehicle = draw.pick(VEHICLES);
  const weight = Math.round((vehicle.kg * draw.between(0.35, 1)) / 10) * 10;
  const volume = Math.round(Math.min(vehicle.m3, weight / cargo.density) * draw.between(0.9, 1) * 10) / 10;
  const units = cargo.parcels
    ? counted(Math.max(1, Math.round(volume / draw.between(0.04, 0.12))), "место", "места", "мест")
    : counted(
        Math.max(1, Math.min(vehicle.pallets, Math.ceil(volume / 1.8))),
        "паллета",
        "паллеты",
        "паллет",
      );

  const [minRate, maxRate] = vehicle.rublesPerKm;
  const rate = draw.between(minRate, maxRate) * (cargo.temperature ? 1.1 : 1);
  const rubles = draw.int(25, 70) * 100 + rate * km;
  const price = draw.chance(0.6) ? Math.round(rubles / 100) * 100 : Math.round(rubles * 100) / 100;

  const pickupAt = Math.floor((createdAt + draw.int(12, 96) * HOUR_MS) / HOUR_MS) * HOUR_MS;
  const drivingHours = km / 60 + Math.floor(km / 650) * 11;
  const deliveryAt = Math.ceil((pickupAt + (drivingHours + 2) * HOUR_MS) / HOUR_MS) * HOUR_MS;

  const documents = [draw.pick(profile.transportDocuments), draw.chance(0.5) ? "Счёт-фактура" : "УПД"];
  if (cargo.veterinary) documents.push("ВСД «Меркурий»");
  if (draw.chance(0.2)) documents.push("Акт оказанных услуг");

  const extras = cargo.body === "Фургон" && vehicle.tonnes <= 5 && draw.chance(0.4) ? ", гидроборт" : "";
  const vehicleRequirements = `${cargo.body} ${String(vehicle.tonnes).replace(".", ",")} т, ${vehicle.m3} м³${
    cargo.temperature ? `, ${cargo.temperature}` : ""
  }${extras}`;

  // Real platforms' data is patchy: some orders come without coordinates, phones or volume.
  const pickupKnown = !draw.chance(0.03);
  const deliveryKnown = !draw.chance(0.05);

  return {
    id,
    platform_name: platformId,
    platform_logo: null,
    external_order_id: id,
    customer_name: draw.pick(profile.customers),
    pickup_address: address(from.place, from.street, from.house),
    pickup_contact_name: draw.chance(0.02) ? null : personName(draw),
    pickup_contact_phone: draw.chance(0.03) ? null : phone(draw),
    delivery_address: drawnAddress(draw, to),
    delivery_contact_name: draw.chance(0.04) ? null : personName(draw),
    delivery_contact_phone: draw.chance(0.08) ? null : phone(draw),
    pickup_longitude: pickupKnown ? from.place.longitude : null,
    pickup_latitude: pickupKnown ? from.place.latitude : null,
    delivery_longitude: deliveryKnown ? deliveryPoint.longitude : null,
    delivery_latitude: deliveryKnown ? deliveryPoint.latitude : null,
    cargo_type: cargo.type,
    cargo_description: `${draw.pick(cargo.descriptions)}, ${units}`,
    cargo_weight: weight,
    cargo_volume: draw.chance(0.06) ? null : volume,
    documents_required: documents,
    price,
    currency: "RUB",
    payment_terms: draw.chance(0.03) ? null : draw.pick(profile.paymentTerms),
    created_at: isoWithOffset(createdAt, 3),
    pickup_time_from: isoWithOffset(pickupAt, from.place.utcOffset),
    delivery_time_from: isoWithOffset(deliveryAt, to.utcOffset),
    status: statusAt(
      platformId,
      index,
      firstStatus(draw, (index * ORDER_SPACING_MS) / (24 * HOUR_MS)),
      version,
    ),
    vehicle_requirements: draw.chance(0.03) ? null : vehicleRequirements,
  };
}
