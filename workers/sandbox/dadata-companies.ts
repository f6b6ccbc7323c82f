// The sandbox's register of companies, answered in DaData's `suggest/party` shape: a few
// hand-written companies that tests and demos name, then hundreds drawn by a seeded generator.
// Names and addresses are made up; every INN, KPP and OGRN passes the FNS checks as real ones do.

import { generateEntries } from "./register-generator";
import { organisationIds, soleTraderIds, type Entry, type Opf } from "./register-entry";

const OPF = {
  ООО: { code: "12300", full: "Общество с ограниченной ответственностью", short: "ООО" },
  АО: { code: "12267", full: "Акционерное общество", short: "АО" },
  ПАО: { code: "12247", full: "Публичное акционерное общество", short: "ПАО" },
  ИП: { code: "50102", full: "Индивидуальный предприниматель", short: "ИП" },
} as const satisfies Record<Opf, unknown>;

/** Companies that tests and the e2e registration look up by name. */
const HAND_WRITTEN: Entry[] = [
  {
    opf: "ООО",
    name: "ТрансЛогистик",
    ids: organisationIds("7715", "41827", "12"),
    postalCode: "127018",
    address: "г Москва, ул Складочная, д 1 стр 18",
    okved: "49.41",
    director: "Кузнецов Андрей Викторович",
  },
  {
    opf: "АО",
    name: "СеверТрансАвто",
    ids: organisationIds("7713", "30512", "03"),
    postalCode: "127411",
    address: "г Москва, Дмитровское ш, д 157 стр 5",
    okved: "49.41",
    director: "Орлов Сергей Николаевич",
  },
  {
    opf: "ООО",
    name: "Магистраль-Экспресс",
    ids: organisationIds("7722", "58140", "16"),
    postalCode: "109316",
    address: "г Москва, Волгоградский пр-кт, д 42 к 5",
    okved: "49.41",
    director: "Белова Ольга Игоревна",
  },
  {
    opf: "ООО",
    name: "ГрузАвтоТранс",
    ids: organisationIds("7733", "20974", "19"),
    postalCode: "125367",
    address: "г Москва, Волоколамское ш, д 89",
    okved: "49.41",
    director: "Никитин Павел Андреевич",
  },
  {
    opf: "ПАО",
    name: "ТоргСеть Центр",
    ids: organisationIds("7705", "10236", "02"),
    postalCode: "115054",
    address: "г Москва, ул Валовая, д 35",
    okved: "47.11",
    director: "Громов Виталий Евгеньевич",
  },
  {
    opf: "ООО",
    name: "Фреш Маркет Дистрибуция",
    ids: organisationIds("5036", "17452", "14"),
    postalCode: "142100",
    address: "Московская обл, г Подольск, ул Комсомольская, д 1",
    okved: "46.39",
    director: "Соколова Анна Михайловна",
  },
  {
    opf: "ООО",
    name: "ЛогистикПарк Север",
    ids: organisationIds("5047", "22689", "17"),
    postalCode: "141402",
    address: "Московская обл, г Химки, ул Заводская, д 2",
    okved: "52.10",
    director: "Зайцев Игорь Леонидович",
  },
  {
    opf: "ООО",
    name: "Балтийская Транспортная Компания",
    ids: organisationIds("7810", "63301", "09"),
    postalCode: "196158",
    address: "г Санкт-Петербург, Московское ш, д 25 к 1",
    okved: "49.41",
    director: "Васильев Константин Петрович",
  },
  {
    opf: "АО",
    name: "Невский Терминал",
    ids: organisationIds("7805", "44718", "05"),
    postalCode: "198096",
    address: "г Санкт-Петербург, Кронштадтская ул, д 19",
    okved: "52.24",
    director: "Лебедев Михаил Юрьевич",
  },
  {
    opf: "ООО",
    name: "ПитерТрак",
    ids: organisationIds("7802", "80155", "21"),
    postalCode: "194292",
    address: "г Санкт-Петербург, пр-кт Культуры, д 44",
    okved: "49.41",
    director: "Егоров Денис Сергеевич",
  },
  {
    opf: "ИП",
    name: "Смирнов Дмитрий Олегович",
    ids: soleTraderIds("7816", "204571", "18"),
    postalCode: "192102",
    address: "г Санкт-Петербург, ул Салова, д 57",
    okved: "49.41",
  },
  {
    opf: "ООО",
    name: "ТрансЛогистик Казань",
    ids: organisationIds("1660", "31877", "15"),
    postalCode: "420087",
    address: "Респ Татарстан, г Казань, ул Родины, д 7",
    okved: "49.41",
    director: "Гарипов Айдар Ринатович",
  },
  {
    opf: "ООО",
    name: "Волга-Карго",
    ids: organisationIds("1655", "40329", "11"),
    postalCode: "420021",
    address: "Респ Татарстан, г Казань, ул Габдуллы Тукая, д 115",
    okved: "52.29",
    director: "Сафин Тимур Маратович",
  },
  {
    opf: "ИП",
    name: "Хабибуллин Рустам Ильдарович",
    ids: soleTraderIds("1657", "308812", "13"),
    postalCode: "420140",
    address: "Респ Татарстан, г Казань, ул Юлиуса Фучика, д 90",
    okved: "49.41",
  },
  {
    opf: "АО",
    name: "Торговый Дом Продсеть",
    ids: organisationIds("1659", "05518", "07"),
    postalCode: "420095",
    address: "Респ Татарстан, г Казань, ул Восстания, д 100",
    okved: "47.11",
    director: "Ахметова Лилия Радиковна",
  },
  {
    opf: "ООО",
    name: "УралТрансСервис",
    ids: organisationIds("6671", "29043", "10"),
    postalCode: "620014",
    address: "Свердловская обл, г Екатеринбург, ул Малышева, д 51",
    okved: "49.41",
    director: "Пономарёв Алексей Владимирович",
  },
  {
    opf: "АО",
    name: "Уральская Торговая Сеть",
    ids: organisationIds("6658", "11406", "04"),
    postalCode: "620102",
    address: "Свердловская обл, г Екатеринбург, ул Викулова, д 33 к 1",
    okved: "47.11",
    director: "Шестаков Роман Олегович",
  },
  {
    opf: "ИП",
    name: "Семёнов Алексей Петрович",
    ids: soleTraderIds("6679", "117740", "20"),
    postalCode: "620137",
    address: "Свердловская обл, г Екатеринбург, ул Студенческая, д 11",
    okved: "49.41",
  },
  {
    opf: "ООО",
    name: "СибАвтоЛогистика",
    ids: organisationIds("5404", "52861", "13"),
    postalCode: "630108",
    address: "Новосибирская обл, г Новосибирск, ул Станционная, д 60",
    okved: "49.41",
    director: "Тимофеев Глеб Аркадьевич",
  },
  {
    opf: "ООО",
    name: "Обь-Транзит",
    ids: organisationIds("5406", "67394", "18"),
    postalCode: "630007",
    address: "Новосибирская обл, г Новосибирск, ул Фабричная, д 4",
    okved: "52.29",
    director: "Киселёва Наталья Андреевна",
    status: "LIQUIDATED",
  },
  {
    opf: "ООО",
    name: "Волжский Грузовой Терминал",
    ids: organisationIds("5256", "19022", "08"),
    postalCode: "603152",
    address: "Нижегородская обл, г Нижний Новгород, ул Ларина, д 18",
    okved: "52.10",
    director: "Фомин Евгений Борисович",
  },
  {
    opf: "ООО",
    name: "СамараТрансАвто",
    ids: organisationIds("6316", "73580", "12"),
    postalCode: "443080",
    address: "Самарская обл, г Самара, Московское ш, д 43",
    okved: "49.41",
    director: "Романов Илья Валерьевич",
  },
  {
    opf: "ООО",
    name: "Кубань Агро Логистик",
    ids: organisationIds("2311", "90217", "16"),
    postalCode: "350080",
    address: "Краснодарский край, г Краснодар, ул Уральская, д 126",
    okved: "49.41",
    director: "Ткаченко Олег Иванович",
  },
  {
    opf: "ООО",
    name: "ДонТрансЭкспедиция",
    ids: organisationIds("6165", "48803", "19"),
    postalCode: "344019",
    address: "Ростовская обл, г Ростов-на-Дону, ул 1-я Майская, д 19",
    okved: "52.29",
    director: "Мельников Артём Сергеевич",
  },
  {
    opf: "ИП",
    name: "Ковалёва Марина Викторовна",
    ids: soleTraderIds("3662", "450193", "17"),
    postalCode: "394026",
    address: "Воронежская обл, г Воронеж, Московский пр-кт, д 4",
    okved: "49.41",
  },
];

/** One company as DaData's `suggest/party` returns it, vendor fields and all. */
export type DadataParty = ReturnType<typeof toParty>;

function toParty(entry: Entry) {
  const opf = OPF[entry.opf];
  const soleTrader = entry.opf === "ИП";
  const short = soleTrader ? `ИП ${entry.name}` : `${opf.short} «${entry.name}»`;
  return {
    value: short,
    unrestricted_value: short,
    data: {
      inn: entry.ids.inn,
      kpp: entry.ids.kpp,
      ogrn: entry.ids.ogrn,
      type: soleTrader ? "INDIVIDUAL" : "LEGAL",
      opf: { type: "2014", ...opf },
      name: {
        full_with_opf: soleTrader ? `${opf.full} ${entry.name}` : `${opf.full} «${entry.name}»`,
        short_with_opf: short,
        full: entry.name,
        short: entry.name,
        latin: null,
      },
      management: entry.director ? { name: entry.director, post: "Генеральный директор" } : null,
      branch_type: soleTrader ? null : "MAIN",
      state: { status: entry.status ?? "ACTIVE" },
      okved: entry.okved,
      address: {
        value: entry.address,
        unrestricted_value: `${entry.postalCode}, ${entry.address}`,
        data: { postal_code: entry.postalCode },
      },
    },
  };
}

/** Any fixed number: changing it reshuffles the generated part of the register. */
const REGISTER_SEED = 20_250_601;
const GENERATED_COUNT = 600;

export const DADATA_PARTIES: DadataParty[] = [
  ...HAND_WRITTEN,
  ...generateEntries(GENERATED_COUNT, REGISTER_SEED, HAND_WRITTEN),
].map(toParty);

/** Lower case, ё as е, no quotes, single spaces: how DaData forgives the way people type. */
const normalize = (s: string) =>
  s
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[«»"“”„']/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Each party with what it is found by, normalized once. */
const SEARCHABLE = DADATA_PARTIES.map((party) => ({
  party,
  ownName: normalize(party.data.name.full),
  names: [party.value, party.data.name.full_with_opf].map(normalize),
}));

const startsWord = (text: string, wanted: string) =>
  text.startsWith(wanted) || text.includes(` ${wanted}`) || text.includes(`-${wanted}`);

/**
 * Companies whose name contains the query, or whose INN starts with it; at most `count`.
 * As DaData ranks them, those with a word of their own name (not of the legal form) starting
 * with the query come first.
 */
export function findParties(query: string, count: number): DadataParty[] {
  const wanted = normalize(query);
  if (wanted === "") return [];
  if (/^\d+$/.test(wanted)) {
    return DADATA_PARTIES.filter((party) => party.data.inn.startsWith(wanted)).slice(0, count);
  }
  const byWord: DadataParty[] = [];
  const byPart: DadataParty[] = [];
  for (const { party, ownName, names } of SEARCHABLE) {
    if (startsWord(ownName, wanted)) byWord.push(party);
    else if (names.some((name) => name.includes(wanted))) byPart.push(party);
  }
  return [...byWord, ...byPart].slice(0, count);
}
