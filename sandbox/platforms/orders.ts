// Freight orders of the sandbox customer platforms. An order is a pure function of
// (platform, index, version): a page of 500 out of 50,000 is drawn without drawing the rest,
// and every run on every machine lists the same orders.

import { plural } from "../../workers/core/text/plural";
import { ORDER_STATUSES, type OrderStatus, type PlatformId } from "../../workers/providers/customer-platform";
import { seededRandom } from "../random";
import { MEN, SURNAMES, surname, WOMEN } from "../dadata/data/names";
import { COMMON_STREETS } from "../dadata/data/regions";
import { CITIES, type Place } from "./data/cities";
import { PROFILES, type Hub } from "./data/profiles";

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

const DESTINATIONS: readonly Place[] = Object.values(CITIES);

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
