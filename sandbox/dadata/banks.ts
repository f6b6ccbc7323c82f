// The sandbox's register of banks, answered in DaData's `suggest/bank` and `findById/bank`
// shape: federal banks with branches across the regions, then regional banks and a few
// settlement NKOs drawn by a seeded generator, some of them liquidated or being liquidated.
// Names are made up; every БИК has a real region and division code, every correspondent
// account passes the Bank of Russia's control-key check and ends with its БИК's last digits.

import { correspondentAccountWithKey } from "../../workers/core/requisites/bank-account";
import {
  BANK_ADJECTIVES,
  BANK_BRANDS,
  BIC_AREAS,
  BRAND_PREFIXES,
  BRANCH_NAMES,
  FEDERAL_BANKS,
  SANDBOX_DIRECTBANK,
  STEM_ENDINGS,
  type FederalBank,
} from "./data/bank-names";
import { normalize } from "./companies";
import { COMMON_STREETS, REGIONS, type Region } from "./data/regions";
import { organisationIds } from "./register-entry";
import { drawer, house, postalCode, type Draw } from "./register-generator";

export type BankKind = "BANK" | "BANK_BRANCH" | "NKO";
export type BankStatus = "ACTIVE" | "LIQUIDATING" | "LIQUIDATED";

/** One bank of the register, before it is put in DaData's shape. */
type BankEntry = {
  kind: BankKind;
  /** «АО «Уральский кредитный банк»», «Филиал «Южный» ПАО «Банк Северная Звезда»». */
  short: string;
  /** The name a payment order carries, capitals and straight quotes, as the БИК directory has it. */
  payment: string;
  bic: string;
  swift: string | null;
  inn: string;
  kpp: string;
  registrationNumber: string;
  correspondentAccount: string;
  /** «г. Москва»: the bank's place as payment orders write it. */
  paymentCity: string;
  postalCode: string;
  address: string;
  status: BankStatus;
  registeredOn: string;
  liquidatedOn: string | null;
};

/** The date the sandbox's directory is «current» on (DaData's `state.actuality_date`). */
const ACTUALITY_DATE = Date.UTC(2025, 5, 2);
/** Any fixed number: changing it reshuffles the generated part of the register. */
const BANKS_SEED = 20_250_602;
const GENERATED_BANKS = 240;
const GENERATED_NKOS = 12;

const regionByCode = new Map(REGIONS.map((region) => [region.code, region]));
const regionOf = (code: string) => regionByCode.get(code) as Region;
const upper = (name: string) => name.toUpperCase().replaceAll("Ё", "Е");

/**
 * The correspondent account of the bank with `bic` at the Bank of Russia, numbered as since
 * 2021 (30101 810 K, the БИК's 3rd–6th digits, 0000, its last three) or, for older banks, as
 * before (zeros in the middle); the key digit computed.
 */
function correspondentAccount(bic: string, newStyle: boolean): string {
  const middle = newStyle ? `${bic.slice(2, 6)}0000` : "00000000";
  return correspondentAccountWithKey(`301018100${middle}${bic.slice(6)}`, bic);
}

/** A place in the region's main city: postal code, address and the city as payments write it. */
function placeIn(draw: Draw, region: Region) {
  const city = region.cities[0];
  const place = region.name ? `${region.name}, ${city.name}` : city.name;
  return {
    postalCode: postalCode(draw, city, true),
    address: `${place}, ${draw.pick(region.streets ?? COMMON_STREETS)}, ${house(draw)}`,
    paymentCity: city.name.replace(/^г /, "г. "),
    taxOffice: draw.pick(city.taxOffices),
  };
}

/** Unique БИКs: `04`, the region's area code and a bank number no other bank of the area has. */
function bicAllocator(draw: Draw) {
  const used = new Set<string>();
  return (region: string, wanted?: string): string => {
    const area = `04${BIC_AREAS[region].area}`;
    let bic = `${area}${wanted ?? draw.padded(100, 999, 3)}`;
    if (wanted && used.has(bic)) throw new Error(`sandbox banks: БИК ${bic} is given to two banks`);
    while (used.has(bic)) bic = `${area}${draw.padded(100, 999, 3)}`;
    used.add(bic);
    return bic;
  };
}

function federalBankEntries(
  draw: Draw,
  nextBic: ReturnType<typeof bicAllocator>,
  bank: FederalBank,
): BankEntry[] {
  const head = placeIn(draw, regionOf(bank.region));
  const ids = organisationIds(head.taxOffice, draw.padded(1, 99_999, 5), bank.registeredOn.slice(2, 4));
  const short = `${bank.opf} «${bank.name}»`;
  const payment = `${bank.opf} "${upper(bank.name)}"`;
  const headBic = nextBic(bank.region, bank.bank);
  const entries: BankEntry[] = [
    {
      kind: "BANK",
      short,
      payment,
      bic: headBic,
      swift: bank.swift,
      inn: ids.inn,
      kpp: ids.kpp,
      registrationNumber: bank.registrationNumber,
      correspondentAccount: correspondentAccount(headBic, true),
      ...head,
      status: "ACTIVE",
      registeredOn: bank.registeredOn,
      liquidatedOn: null,
    },
  ];
  const branchRegions = Object.keys(BIC_AREAS).filter((code) => code !== bank.region);
  for (let n = 1; n <= bank.branches && branchRegions.length > 0; n++) {
    const code = branchRegions.splice(draw.int(0, branchRegions.length - 1), 1)[0];
    const place = placeIn(draw, regionOf(code));
    const bic = nextBic(code);
    const branch = BRANCH_NAMES[code];
    entries.push({
      kind: "BANK_BRANCH",
      short: `Филиал «${branch}» ${short}`,
      payment: `ФИЛИАЛ "${upper(branch)}" ${payment}`,
      bic,
      swift: null,
      inn: ids.inn,
      kpp: `${place.taxOffice}43001`,
      registrationNumber: `${bank.registrationNumber}/${n}`,
      correspondentAccount: correspondentAccount(bic, true),
      ...place,
      status: "ACTIVE",
      registeredOn: `20${draw.padded(2, 15, 2)}-${draw.padded(1, 12, 2)}-${draw.padded(1, 28, 2)}`,
      liquidatedOn: null,
    });
  }
  return entries;
}

const LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A SWIFT BIC: 4 letters of the bank, RU, and the location (MM for Moscow). */
const swiftCode = (draw: Draw, region: string) =>
  `${Array.from({ length: 4 }, () => draw.pick([...LATIN])).join("")}RU${region === "77" ? "MM" : "2X"}`;

type Naming = { short: string; payment: string; key: string };

/** «АО «Уральский кредитный банк»», «ООО КБ «Гранит»», «ПАО «Уралпромбанк»». */
function regionalBankName(draw: Draw, region: Region, opf: string): Naming {
  const style = draw.int(1, 10);
  if (style <= 4 && region.adjectives.length > 0) {
    const name = `${draw.pick(region.adjectives)} ${draw.pick(BANK_ADJECTIVES)} банк`;
    return { short: `${opf} «${name}»`, payment: `${opf} "${upper(name)}"`, key: name };
  }
  if (style <= 6 && region.stems.length > 0) {
    const name = `${draw.pick(region.stems)}${draw.pick(STEM_ENDINGS)}`;
    return { short: `${opf} «${name}»`, payment: `${opf} "${upper(name)}"`, key: name };
  }
  const prefix = draw.pick(BRAND_PREFIXES);
  const brand = draw.pick(BANK_BRANDS);
  return {
    short: `${opf} ${prefix} «${brand}»`,
    payment: `${opf} ${prefix} "${upper(brand)}"`,
    key: `${prefix} ${brand}`,
  };
}

/** «РНКО «Платина-Расчеты»»: settlement NKOs, which payment services keep their accounts at. */
function nkoName(draw: Draw): Naming {
  const brand = `${draw.pick(BANK_BRANDS)}-Расчеты`;
  const prefix = draw.pick(["РНКО", "НКО", "ПНКО"]);
  return {
    short: `ООО ${prefix} «${brand}»`,
    payment: `ООО ${prefix} "${upper(brand)}"`,
    key: `${prefix} ${brand}`,
  };
}

function generatedEntries(
  draw: Draw,
  nextBic: ReturnType<typeof bicAllocator>,
  taken: BankEntry[],
): BankEntry[] {
  const names = new Set(taken.map(({ short }) => short));
  const regNumbers = new Set(taken.map(({ registrationNumber }) => registrationNumber));
  const areas = Object.entries(BIC_AREAS).map(([code, { weight }]) => ({ code, weight }));
  const entries: BankEntry[] = [];
  while (entries.length < GENERATED_BANKS + GENERATED_NKOS) {
    const nko = entries.length >= GENERATED_BANKS;
    const { code } = draw.weighted(areas);
    const region = regionOf(code);
    const opf = nko ? "ООО" : draw.pick(["АО", "АО", "АО", "ООО", "ПАО"]);
    const naming = nko ? nkoName(draw) : regionalBankName(draw, region, opf);
    if (names.has(naming.short) || [...names].some((name) => name.includes(naming.key))) continue;
    names.add(naming.short);
    let registrationNumber = String(draw.int(100, 3_500));
    while (regNumbers.has(registrationNumber)) registrationNumber = String(draw.int(100, 3_500));
    regNumbers.add(registrationNumber);

    const place = placeIn(draw, region);
    const year = draw.int(1990, 2012);
    const ids = organisationIds(place.taxOffice, draw.padded(1, 99_999, 5), String(year).slice(2));
    const bic = nextBic(code);
    const fate = draw.int(1, 100);
    const status: BankStatus = fate <= 7 ? "LIQUIDATED" : fate <= 10 ? "LIQUIDATING" : "ACTIVE";
    entries.push({
      kind: nko ? "NKO" : "BANK",
      short: naming.short,
      payment: naming.payment,
      bic,
      swift: !nko && draw.chance(0.15) ? swiftCode(draw, code) : null,
      inn: ids.inn,
      kpp: ids.kpp,
      registrationNumber,
      correspondentAccount: correspondentAccount(bic, draw.chance(0.6)),
      ...place,
      status,
      registeredOn: `${year}-${draw.padded(1, 12, 2)}-${draw.padded(1, 28, 2)}`,
      liquidatedOn:
        status === "LIQUIDATED"
          ? `20${draw.padded(14, 24, 2)}-${draw.padded(1, 12, 2)}-${draw.padded(1, 28, 2)}`
          : null,
    });
  }
  return entries;
}

/** A bank in liquidation that tests and demos name: payouts to it must be refused. */
export const LIQUIDATED_BANK_BIC = "044525418";

function liquidatedBank(draw: Draw, nextBic: ReturnType<typeof bicAllocator>): BankEntry {
  const place = placeIn(draw, regionOf("77"));
  const ids = organisationIds(place.taxOffice, "41877", "94");
  const bic = nextBic("77", LIQUIDATED_BANK_BIC.slice(6));
  return {
    kind: "BANK",
    short: "ООО КБ «Недра-Кредит»",
    payment: 'ООО КБ "НЕДРА-КРЕДИТ"',
    bic,
    swift: null,
    inn: ids.inn,
    kpp: ids.kpp,
    registrationNumber: "2904",
    correspondentAccount: correspondentAccount(bic, false),
    ...place,
    status: "LIQUIDATED",
    registeredOn: "1994-08-30",
    liquidatedOn: "2023-03-15",
  };
}

const toMillis = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** One bank as DaData's bank suggestions return it, vendor fields and all. */
export type DadataBank = ReturnType<typeof toDadata>;

function toDadata(entry: BankEntry) {
  return {
    value: entry.short,
    unrestricted_value: entry.short,
    data: {
      opf: { type: entry.kind, full: null, short: null },
      name: { payment: entry.payment, full: null, short: entry.short },
      bic: entry.bic,
      swift: entry.swift,
      inn: entry.inn,
      kpp: entry.kpp,
      okpo: null,
      correspondent_account: entry.correspondentAccount,
      treasury_accounts: null,
      registration_number: entry.registrationNumber,
      payment_city: entry.paymentCity,
      state: {
        status: entry.status,
        code: null,
        actuality_date: ACTUALITY_DATE,
        registration_date: toMillis(entry.registeredOn),
        liquidation_date: entry.liquidatedOn ? toMillis(entry.liquidatedOn) : null,
      },
      rkc: null,
      cbr: null,
      address: {
        value: entry.address,
        unrestricted_value: `${entry.postalCode}, ${entry.address}`,
        data: { postal_code: entry.postalCode },
      },
      phones: null,
    },
  };
}

/** The register, drawn afresh: the same on every call, run and machine. */
export function buildBankRegister(): DadataBank[] {
  const draw = drawer(BANKS_SEED);
  const nextBic = bicAllocator(draw);
  // The banks with fixed БИКs take theirs first.
  const liquidated = liquidatedBank(draw, nextBic);
  const fixed = [...FEDERAL_BANKS.flatMap((bank) => federalBankEntries(draw, nextBic, bank)), liquidated];
  return [...fixed, ...generatedEntries(draw, nextBic, fixed)].map(toDadata);
}

export const DADATA_BANKS: readonly DadataBank[] = buildBankRegister();

/** The БИК of the bank the sandbox DirectBank emulates. */
export const SANDBOX_DIRECTBANK_BIC = `04${BIC_AREAS[SANDBOX_DIRECTBANK.region].area}${SANDBOX_DIRECTBANK.bank}`;

export const bankByBic = (bic: string): DadataBank | undefined => BY_BIC.get(bic);
const BY_BIC = new Map(DADATA_BANKS.map((bank) => [bank.data.bic, bank]));

/** Each bank's words (name, city, address), normalized once. */
const SEARCHABLE = DADATA_BANKS.map((bank) => ({
  bank,
  name: normalize(bank.data.name.short),
  words: normalize(`${bank.data.name.short} ${bank.data.name.payment} ${bank.data.address.value}`).split(
    /[\s,.-]+/,
  ),
}));

export type BankFilters = { status?: readonly BankStatus[]; type?: readonly BankKind[] };

const passes = (bank: DadataBank, { status, type }: BankFilters) =>
  (!status || status.includes(bank.data.state.status)) && (!type || type.includes(bank.data.opf.type));

/**
 * DaData's `suggest/bank`: by the beginning of a БИК, SWIFT, ИНН or registration number, or
 * by words of the name and address, each typed word starting a word of the bank's. Head offices
 * come before branches, and banks whose name starts with the query before the rest.
 */
export function suggestBanks(query: string, count: number, filters: BankFilters = {}): DadataBank[] {
  const wanted = normalize(query);
  if (wanted === "") return [];
  const found: DadataBank[] = [];
  if (/^[\d/]+$/.test(wanted)) {
    for (const bank of DADATA_BANKS) {
      const { bic, inn, registration_number } = bank.data;
      if (bic.startsWith(wanted) || inn.startsWith(wanted) || registration_number === wanted)
        found.push(bank);
    }
  } else if (
    /^[a-z0-9]{4,11}$/.test(wanted) &&
    DADATA_BANKS.some((b) => b.data.swift?.toLowerCase().startsWith(wanted))
  ) {
    found.push(...DADATA_BANKS.filter((bank) => bank.data.swift?.toLowerCase().startsWith(wanted)));
  } else {
    const tokens = wanted.split(/[\s,.-]+/).filter(Boolean);
    const matching = SEARCHABLE.filter(({ words }) =>
      tokens.every((t) => words.some((w) => w.startsWith(t))),
    );
    const rank = ({ bank, name }: (typeof SEARCHABLE)[number]) =>
      (bank.data.opf.type === "BANK_BRANCH" ? 2 : 0) + (name.includes(wanted) ? 0 : 1);
    found.push(...matching.sort((a, b) => rank(a) - rank(b)).map(({ bank }) => bank));
  }
  return found.filter((bank) => passes(bank, filters)).slice(0, count);
}

/**
 * DaData's `findById/bank`: the exact БИК, SWIFT, ИНН (with `kpp`, one branch) or registration
 * number.
 */
export function findBanksById(query: string, count: number, kpp?: string): DadataBank[] {
  const wanted = query.trim();
  return DADATA_BANKS.filter(({ data }) => {
    if (data.bic === wanted || data.swift === wanted.toUpperCase() || data.registration_number === wanted)
      return true;
    return data.inn === wanted && (!kpp || data.kpp === kpp);
  }).slice(0, count);
}
