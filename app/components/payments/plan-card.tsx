import type { PlanView } from "../../../workers/core/billing/plans";
import { formatNumber } from "~/lib/format";

/** «2 990 ₽»: plan prices are whole rubles (spec 2 §9: no decimals). */
export const formatPlanPrice = (rubles: number) => `${formatNumber(Math.round(rubles))} ₽`;

/** «До 200 рейсов в месяц» or «Без ограничений по рейсам» (spec 2 §9). */
export function shipmentsText(maxShipments: number): string {
  return maxShipments < 0 ? "Без ограничений по рейсам" : `До ${formatNumber(maxShipments)} рейсов в месяц`;
}

/**
 * One plan of the /payment page (spec 2 §2.6): a radio card with name, monthly price (with the
 * partner's price beside it when there is a discount), trips, features and the popular badge.
 */
export function PlanCard({
  plan,
  discountedPrice,
  selected,
  onSelect,
}: {
  plan: PlanView;
  /** Rubles after the partner discount; null without one. */
  discountedPrice: number | null;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={`relative flex cursor-pointer flex-col rounded-2xl bg-white p-5 shadow-sm ring-2 transition ${
        selected ? "ring-brand-600" : "ring-slate-200 hover:ring-slate-300"
      }`}
      data-testid={`plan-${plan.id}`}
    >
      <input
        type="radio"
        name="planId"
        value={plan.id}
        checked={selected}
        onChange={onSelect}
        className="sr-only"
        aria-label={plan.name}
        aria-describedby={`plan-${plan.id}-price`}
      />
      {plan.popular ? (
        <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Популярный
        </span>
      ) : null}
      <span className="flex items-start justify-between gap-2">
        <span className="text-lg font-semibold">{plan.name}</span>
        <span
          aria-hidden
          className={`mt-1 grid size-5 place-items-center rounded-full ring-2 ${
            selected ? "bg-brand-600 ring-brand-600" : "ring-slate-300"
          }`}
        >
          {selected ? <span className="size-2 rounded-full bg-white" /> : null}
        </span>
      </span>
      <span className="mt-1 text-sm text-slate-600">{plan.description}</span>
      <span id={`plan-${plan.id}-price`} className="mt-4 flex flex-wrap items-baseline gap-x-2">
        {discountedPrice !== null ? (
          <>
            <span className="text-3xl font-bold">{formatPlanPrice(discountedPrice)}</span>
            <s className="text-slate-500">{formatPlanPrice(plan.price)}</s>
          </>
        ) : (
          <span className="text-3xl font-bold">{formatPlanPrice(plan.price)}</span>
        )}
        <span className="text-slate-600">/ месяц</span>
      </span>
      <span className="mt-1 text-sm font-medium text-slate-800">{shipmentsText(plan.maxShipments)}</span>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden className="text-brand-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
    </label>
  );
}
