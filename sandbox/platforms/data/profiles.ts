// Who each sandbox platform is: its customers, the hubs it loads at, the cargo it ships, its
// payment terms, how far it sends a truck and the transport documents it asks for.

import type { PlatformId } from "../../../workers/providers/customer-platform";
import { CITIES, type Place } from "./cities";

/** A platform's distribution centre or plant: where its orders are loaded. */
export type Hub = { place: Place; street: string; house: string };

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

export const PROFILES: Record<PlatformId, PlatformProfile> = {
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
