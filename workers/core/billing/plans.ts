/**
 * The subscription plans (spec 1 §9, spec 2 §3 «Plan»): constants, not rows, so a price can
 * only change with a deploy. Prices are kopecks; the API shows rubles without decimals.
 */

export const PLAN_IDS = ["basic", "extended", "corporate"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Per month, kopecks. */
  priceKopecks: number;
  description: string;
  /** Trips (orders) a month; -1 is unlimited. */
  maxShipments: number;
  features: string[];
  popular: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: "basic",
    name: "Базовый",
    priceKopecks: 990_00,
    description: "Для небольших перевозчиков: заказы с платформ и ЭДО в одном окне",
    maxShipments: 50,
    features: [
      "До 50 рейсов в месяц",
      "Заказы с платформ заказчиков",
      "Электронные транспортные накладные (ЭДО)",
      "Быстрая оплата рейсов",
      "Поддержка по email",
    ],
    popular: false,
  },
  {
    id: "extended",
    name: "Расширенный",
    priceKopecks: 2990_00,
    description: "Для растущего автопарка: больше рейсов, аналитика и карта перевозок",
    maxShipments: 200,
    features: [
      "До 200 рейсов в месяц",
      "Всё из тарифа «Базовый»",
      "Аналитика и карта перевозок",
      "CRM и клиенты из ЭДО",
      "Приоритетная поддержка",
    ],
    popular: true,
  },
  {
    id: "corporate",
    name: "Корпоративный",
    priceKopecks: 9990_00,
    description: "Для крупных перевозчиков: без ограничений по рейсам, доступ к API",
    maxShipments: -1,
    features: [
      "Безлимитное количество рейсов",
      "Всё из тарифа «Расширенный»",
      "Доступ к API",
      "Персональный менеджер",
      "Поддержка 24/7",
    ],
    popular: false,
  },
];

/**
 * What a trial gives: everything, with no limit on trips, so a new carrier sees all its orders
 * while deciding (decision 0031).
 */
export const TRIAL_PLAN_ID: PlanId = "corporate";

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function planById(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** A plan as GET /api/payments/plans answers it (spec 1 §3 «Subscription plan»): price in rubles. */
export type PlanView = {
  id: PlanId;
  name: string;
  price: number;
  currency: "RUB";
  description: string;
  maxShipments: number;
  features: string[];
  popular: boolean;
};

export function planView(plan: Plan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    price: plan.priceKopecks / 100,
    currency: "RUB",
    description: plan.description,
    maxShipments: plan.maxShipments,
    features: [...plan.features],
    popular: plan.popular,
  };
}
