// The sandbox's register of companies, answered in DaData's `suggest/party` shape: a few
// hand-written companies that tests and demos name, then hundreds drawn by a seeded generator.
// Names and addresses are made up; every INN, KPP and OGRN passes the FNS checks as real ones do.

import { generateEntries } from "./register-generator";
import { HAND_WRITTEN } from "./data/hand-written-companies";
import type { Entry, Opf } from "./register-entry";

const OPF = {
  ООО: { code: "12300", full: "Общество с ограниченной ответственностью", short: "ООО" },
  АО: { code: "12267", full: "Акционерное общество", short: "АО" },
  ПАО: { code: "12247", full: "Публичное акционерное общество", short: "ПАО" },
  ИП: { code: "50102", full: "Индивидуальный предприниматель", short: "ИП" },
} as const satisfies Record<Opf, unknown>;

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
export const normalize = (s: string) =>
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
