import { PLANS, type PlanId } from "../../../workers/core/billing/plans";
import { formatNumber } from "~/lib/format";

/** The landing's fleet tiers (spec 1 §9) over the plans they correspond to. */
const TIERS: Record<PlanId, { name: string; fleet: string }> = {
  basic: { name: "Старт", fleet: "3–5 машин" },
  extended: { name: "Профессиональный", fleet: "6–15 машин" },
  corporate: { name: "Корпоративный", fleet: "от 15 машин" },
};

const trips = (maxShipments: number) =>
  maxShipments < 0 ? "Без ограничений по рейсам" : `До ${maxShipments} рейсов в месяц`;

export function Pricing({
  selectedPlan,
  hrefFor,
}: {
  selectedPlan: PlanId | null;
  hrefFor: (plan: PlanId) => string;
}) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-14">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="pricing-title" className="text-3xl font-bold">
          Тарифы
        </h2>
        <p className="mt-3 text-slate-700">
          14 дней бесплатно со всеми возможностями. Потом — тариф по размеру парка, оплата помесячно.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => {
            const tier = TIERS[plan.id];
            const highlighted = selectedPlan ? selectedPlan === plan.id : plan.popular;
            return (
              <li
                key={plan.id}
                data-testid={`landing-plan-${plan.id}`}
                className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${highlighted ? "ring-2 ring-brand-600" : "ring-1 ring-slate-200"}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-xl font-semibold">{tier.name}</h3>
                  {plan.popular ? (
                    <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700">
                      Популярный
                    </span>
                  ) : null}
                </div>
                <p className="text-sm text-slate-600">
                  {tier.fleet} · тариф «{plan.name}»
                </p>
                <p className="mt-4">
                  <span className="text-3xl font-bold">{formatNumber(plan.priceKopecks / 100)} ₽</span>
                  <span className="text-slate-600"> в месяц</span>
                </p>
                <p className="mt-2 font-medium">{trips(plan.maxShipments)}</p>
                <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <a
                  href={hrefFor(plan.id)}
                  className={`mt-6 inline-block rounded-lg px-4 py-2 text-center font-medium ${highlighted ? "bg-brand-600 text-white hover:bg-brand-700" : "text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"}`}
                >
                  Начать с тарифа «{tier.name}»
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
