// Word parts and fixed entries the sandbox register of banks is built from. Every name is made
// up the way Russian bank names are made («Уральский кредитный банк», «КБ «Гранит»»,
// «Волгапромбанк»); the БИК area codes are the Bank of Russia's real ones for each region.

/**
 * The 3rd to 6th digits of the БИКs of a region's banks: the region's code in the Bank of
 * Russia's numbering and its main division there, keyed by the region's tax code.
 */
export const BIC_AREAS: Readonly<Record<string, { area: string; weight: number }>> = {
  "77": { area: "4525", weight: 40 },
  "78": { area: "4030", weight: 9 },
  "16": { area: "9205", weight: 5 },
  "66": { area: "6577", weight: 4 },
  "54": { area: "5004", weight: 3 },
  "23": { area: "0349", weight: 3 },
  "63": { area: "3601", weight: 3 },
  "52": { area: "2202", weight: 3 },
  "61": { area: "6015", weight: 3 },
  "02": { area: "8073", weight: 3 },
  "59": { area: "5773", weight: 2 },
  "74": { area: "7501", weight: 2 },
  "24": { area: "0407", weight: 2 },
  "36": { area: "2007", weight: 2 },
  "55": { area: "5209", weight: 2 },
  "25": { area: "0507", weight: 2 },
  "39": { area: "2748", weight: 1 },
  "72": { area: "7102", weight: 2 },
  "38": { area: "2520", weight: 2 },
  "27": { area: "0813", weight: 1 },
};

/** What a bank says it does, between its region's adjective and «банк». */
export const BANK_ADJECTIVES = [
  "кредитный",
  "коммерческий",
  "промышленный",
  "торговый",
  "инвестиционный",
  "сберегательный",
  "строительный",
  "акционерный",
  "транспортный",
  "энергетический",
  "агропромышленный",
  "расчетный",
  "ипотечный",
  "муниципальный",
  "земельный",
] as const;

/** Brand words a bank takes in quotes: «КБ «Гранит»». */
export const BANK_BRANDS = [
  "Аверс",
  "Гранит",
  "Ладья",
  "Рубеж",
  "Основа",
  "Опора",
  "Вектор",
  "Исток",
  "Кристалл",
  "Новация",
  "Орион",
  "Престиж",
  "Регата",
  "Стандарт-Кредит",
  "Фактор",
  "Эталон",
  "Янтарь",
  "Корона",
  "Полюс",
  "Меридиан",
  "Континент",
  "Содружество",
  "Платина",
  "Держава",
  "Кредо",
  "Пересвет-Инвест",
  "Северный Путь",
  "Гарант-Капитал",
  "Финанс-Резерв",
  "Русский Капитал",
] as const;

/** The words written before a brand: «КБ «Гранит»», «Банк «Орион»». */
export const BRAND_PREFIXES = ["КБ", "АКБ", "Банк", "КБ", "Банк", "ИКБ", "МКБ"] as const;

/** Endings glued to a region's stem: «Уралпромбанк», «Камакредит». */
export const STEM_ENDINGS = [
  "банк",
  "промбанк",
  "комбанк",
  "кредит",
  "инвестбанк",
  "капиталбанк",
  "стройбанк",
] as const;

/** Federal banks: one head office in Moscow or a big city and branches with БИКs of their own. */
export type FederalBank = {
  opf: "ПАО" | "АО";
  name: string;
  region: string;
  /** The 7th to 9th digits of the head office's БИК. */
  bank: string;
  swift: string;
  registrationNumber: string;
  /** How many regions it has a branch in. */
  branches: number;
  registeredOn: string;
};

/** The bank the sandbox DirectBank emulates (sandbox/bank): Рейс keeps its payer account there. */
export const SANDBOX_DIRECTBANK: FederalBank = {
  opf: "АО",
  name: "Банк Магистраль",
  region: "77",
  bank: "801",
  swift: "MAGSRUMM",
  registrationNumber: "2417",
  branches: 4,
  registeredOn: "1994-06-21",
};

export const FEDERAL_BANKS: readonly FederalBank[] = [
  {
    opf: "ПАО",
    name: "Народный сберегательный банк",
    region: "77",
    bank: "612",
    swift: "NSBKRUMM",
    registrationNumber: "1012",
    branches: 12,
    registeredOn: "1991-06-20",
  },
  {
    opf: "ПАО",
    name: "Банк Северная Звезда",
    region: "77",
    bank: "658",
    swift: "SZVZRUMM",
    registrationNumber: "1123",
    branches: 10,
    registeredOn: "1990-11-08",
  },
  {
    opf: "АО",
    name: "Межрегиональный торговый банк",
    region: "77",
    bank: "719",
    swift: "MRTBRUMM",
    registrationNumber: "1276",
    branches: 8,
    registeredOn: "1992-03-17",
  },
  {
    opf: "АО",
    name: "Российский аграрный банк",
    region: "77",
    bank: "844",
    swift: "RAGBRUMM",
    registrationNumber: "3271",
    branches: 9,
    registeredOn: "2000-03-15",
  },
  SANDBOX_DIRECTBANK,
  {
    opf: "ПАО",
    name: "Промышленно-строительный банк",
    region: "78",
    bank: "906",
    swift: "PSBKRU2P",
    registrationNumber: "1470",
    branches: 6,
    registeredOn: "1990-12-04",
  },
  {
    opf: "ПАО",
    name: "Уральский банк развития",
    region: "66",
    bank: "938",
    swift: "URBDRU2Y",
    registrationNumber: "429",
    branches: 5,
    registeredOn: "1990-09-28",
  },
  {
    opf: "АО",
    name: "Сибирский расчетный банк",
    region: "54",
    bank: "981",
    swift: "SIRBRU2N",
    registrationNumber: "1788",
    branches: 4,
    registeredOn: "1993-02-11",
  },
];

/** The regions' branch names, in the masculine, as «Филиал «Приволжский»». */
export const BRANCH_NAMES: Readonly<Record<string, string>> = {
  "77": "Центральный",
  "78": "Северо-Западный",
  "16": "Приволжский",
  "66": "Уральский",
  "54": "Сибирский",
  "23": "Южный",
  "63": "Самарский",
  "52": "Волго-Вятский",
  "61": "Ростовский",
  "02": "Башкирский",
  "59": "Пермский",
  "74": "Челябинский",
  "24": "Красноярский",
  "36": "Черноземный",
  "55": "Омский",
  "25": "Дальневосточный",
  "39": "Калининградский",
  "72": "Западно-Сибирский",
  "38": "Байкальский",
  "27": "Хабаровский",
};
