// The bulk of the sandbox register: companies drawn from a seeded generator, so the register
// is as large and varied as a real one and still the same on every run and every machine.

import { organisationIds, soleTraderIds, type Entry, type Opf } from "./register-entry";
import {
  agree,
  FORMAL_ADJECTIVES,
  GENERIC_ADJECTIVES,
  GENERIC_HEADS,
  GENERIC_TAILS,
  MEN,
  NAME_SUFFIXES,
  surname,
  SURNAMES,
  TRADES,
  WOMEN,
  type Trade,
} from "./data/names";
import { COMMON_STREETS, REGIONS, type City, type Region } from "./data/regions";
import { seededRandom } from "../random";

export function drawer(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted<T extends { weight: number }>(items: readonly T[]): T {
      let rest = next() * items.reduce((sum, item) => sum + item.weight, 0);
      return items.find((item) => (rest -= item.weight) < 0) ?? items[items.length - 1];
    },
    padded: (min: number, max: number, width: number) => String(int(min, max)).padStart(width, "0"),
  };
}

export type Draw = ReturnType<typeof drawer>;

const FORMS: readonly { opf: Opf; weight: number }[] = [
  { opf: "ООО", weight: 58 },
  { opf: "ИП", weight: 28 },
  { opf: "АО", weight: 10 },
  { opf: "ПАО", weight: 4 },
];

type NameStyle = "compound" | "adjectiveNoun" | "hyphenated" | "abbreviated" | "formal" | "withCity";

/** How organisations of each form tend to be named: a ПАО rarely calls itself «ТК Вектор». */
const NAME_STYLES: Record<Exclude<Opf, "ИП">, readonly { style: NameStyle; weight: number }[]> = {
  ООО: [
    { style: "compound", weight: 40 },
    { style: "adjectiveNoun", weight: 20 },
    { style: "hyphenated", weight: 14 },
    { style: "abbreviated", weight: 12 },
    { style: "formal", weight: 8 },
    { style: "withCity", weight: 6 },
  ],
  АО: [
    { style: "formal", weight: 50 },
    { style: "adjectiveNoun", weight: 20 },
    { style: "compound", weight: 20 },
    { style: "abbreviated", weight: 10 },
  ],
  ПАО: [
    { style: "formal", weight: 80 },
    { style: "compound", weight: 20 },
  ],
};

/** Stems longer than this read badly glued to another word («Подмосковьетранс») and get a hyphen. */
const GLUABLE_STEM_LENGTH = 5;

const sharesRoot = (a: string, b: string) => a.slice(0, 4).toLowerCase() === b.slice(0, 4).toLowerCase();

/** «Автотранс», «АвтоТрансСервис», «Уралснаб», «Подмосковье-Карго». */
function compoundName(draw: Draw, trade: Trade, region: Region): string {
  const regional = region.stems.length > 0 && draw.chance(0.25);
  const head = regional
    ? draw.pick(region.stems)
    : draw.chance(0.6)
      ? draw.pick(trade.heads)
      : draw.pick(GENERIC_HEADS);
  let tail = draw.chance(0.75) ? draw.pick(trade.tails) : draw.pick(GENERIC_TAILS);
  while (sharesRoot(head, tail)) tail = draw.pick(GENERIC_TAILS);
  if (head.length > GLUABLE_STEM_LENGTH && regional) return `${head}-${tail}`;
  const generic = (GENERIC_HEADS as readonly string[]).includes(head);
  if (!generic && draw.chance(0.5)) return head + tail.toLowerCase();
  const third = draw.chance(0.15) ? draw.pick(GENERIC_TAILS) : "";
  return head + tail + (third === tail ? "" : third);
}

/** «Альфа-Транс», «Волга-Снаб», «Автокарго-52». */
function hyphenatedName(draw: Draw, trade: Trade, region: Region): string {
  if (draw.chance(0.25)) return `${compoundName(draw, trade, region)}-${region.code}`;
  const head =
    region.stems.length > 0 && draw.chance(0.3) ? draw.pick(region.stems) : draw.pick(GENERIC_HEADS);
  let tail = draw.pick(trade.tails);
  while (sharesRoot(head, tail)) tail = draw.pick(GENERIC_TAILS);
  return `${head}-${tail}`;
}

/** «Северный Путь», «Деловые Линии», «Кубанская Ярмарка». */
function adjectiveNounName(draw: Draw, trade: Trade, region: Region): string {
  const adjective = draw.chance(0.3) ? draw.pick(region.adjectives) : draw.pick(GENERIC_ADJECTIVES);
  const [noun, gender] = draw.pick(trade.nouns);
  return `${agree(adjective, gender)} ${noun}`;
}

/** «Уральский Трубный Завод», «Первая Экспедиционная Компания». */
function formalName(draw: Draw, trade: Trade, region: Region): string {
  const adjective = draw.chance(0.7) ? draw.pick(region.adjectives) : draw.pick(FORMAL_ADJECTIVES);
  const [institution, gender] = draw.pick(trade.institutions);
  return `${agree(adjective, gender)} ${institution}`;
}

function organisationName(
  draw: Draw,
  opf: Exclude<Opf, "ИП">,
  trade: Trade,
  region: Region,
  city: City,
): string {
  const { style } = draw.weighted(NAME_STYLES[opf]);
  const suffix = () => (opf === "ООО" && draw.chance(0.15) ? draw.pick(NAME_SUFFIXES) : "");
  switch (style) {
    case "compound":
      return compoundName(draw, trade, region) + suffix();
    case "hyphenated":
      return hyphenatedName(draw, trade, region) + suffix();
    case "adjectiveNoun":
      return adjectiveNounName(draw, trade, region);
    case "formal":
      return formalName(draw, trade, region);
    case "abbreviated": {
      const name = draw.chance(0.5) ? draw.pick(GENERIC_HEADS) : compoundName(draw, trade, region);
      return `${draw.pick(trade.abbreviations)} ${name}`;
    }
    case "withCity":
      return `${compoundName(draw, trade, region)} ${city.name.replace(/^г /, "")}`;
  }
}

/** Фамилия Имя Отчество. */
function personName(draw: Draw, woman: boolean): string {
  const fathers = MEN.filter(([, patronymic]) => patronymic !== null);
  const patronymic = draw.pick(fathers)[1] ?? "";
  const first = woman ? draw.pick(WOMEN) : draw.pick(MEN)[0];
  return `${surname(draw.pick(SURNAMES), woman)} ${first} ${woman ? patronymic.replace(/ич$/, "на") : patronymic}`;
}

export function postalCode(draw: Draw, city: City, streetLevel: boolean): string {
  const prefix = draw.pick(city.postal);
  if (!streetLevel) return prefix.padEnd(6, "0");
  return prefix.length === 3 ? prefix + draw.padded(1, 140, 3) : prefix + draw.padded(0, 60, 2);
}

export function house(draw: Draw): string {
  const number = `д ${draw.int(1, 150)}`;
  const kind = draw.int(1, 20);
  if (kind <= 7) return number;
  if (kind <= 11) return `${number} к ${draw.int(1, 5)}`;
  if (kind <= 15) return `${number} стр ${draw.int(1, 12)}`;
  if (kind <= 18) return `${number}, офис ${draw.int(1, 450)}`;
  return `${number}, помещ ${draw.int(1, 30)}`;
}

/** Lower case with ё as е: names compared the way the register is searched. */
const comparable = (name: string) => name.toLowerCase().replaceAll("ё", "е");

/**
 * `count` companies drawn from `seed`: ООО, АО, ПАО and ИП over the regions, with valid and
 * unique INN and OGRN(IP). `taken` are the register's other entries: their numbers are never
 * reused and no generated name contains theirs, so a search for one still finds just it.
 */
export function generateEntries(count: number, seed: number, taken: readonly Entry[] = []): Entry[] {
  const draw = drawer(seed);
  const usedIds = new Set(taken.flatMap(({ ids }) => [ids.inn, ids.ogrn]));
  const reservedNames = taken.map(({ name }) => comparable(name));
  const usedNames = new Set(reservedNames);
  const entries: Entry[] = [];

  while (entries.length < count) {
    const { opf } = draw.weighted(FORMS);
    const region = draw.weighted(REGIONS);
    const city = draw.pick(region.cities);
    const trade = draw.weighted(TRADES);
    const soleTrader = opf === "ИП";
    const name = soleTrader
      ? personName(draw, draw.chance(0.35))
      : organisationName(draw, opf, trade, region, city);
    const key = comparable(name);
    if (usedNames.has(key) || reservedNames.some((reserved) => key.includes(reserved))) continue;
    usedNames.add(key);

    const taxOffice = draw.pick(city.taxOffices);
    const drawIds = (): Entry["ids"] =>
      soleTrader
        ? soleTraderIds(taxOffice, draw.padded(1, 999_999, 6), draw.padded(4, 24, 2))
        : organisationIds(taxOffice, draw.padded(1, 99_999, 5), draw.padded(2, opf === "ПАО" ? 10 : 24, 2));
    let ids = drawIds();
    while (usedIds.has(ids.inn) || usedIds.has(ids.ogrn)) ids = drawIds();
    usedIds.add(ids.inn).add(ids.ogrn);

    const place = region.name ? `${region.name}, ${city.name}` : city.name;
    entries.push({
      opf,
      name,
      ids,
      // The register shows a sole trader's town only, as the ЕГРИП does.
      postalCode: postalCode(draw, city, !soleTrader),
      address: soleTrader
        ? place
        : `${place}, ${draw.pick(region.streets ?? COMMON_STREETS)}, ${house(draw)}`,
      okved: draw.pick(trade.okveds),
      ...(soleTrader ? {} : { director: personName(draw, draw.chance(0.3)) }),
      ...(draw.chance(0.07) ? { status: "LIQUIDATED" as const } : {}),
    });
  }
  return entries;
}
