import { useId, useState } from "react";
import { factoringSavings, SAVINGS_INPUTS, type SavingsInput } from "~/lib/factoring-savings";

const rubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 0,
});

/**
 * How much money a 24-hour payout frees compared with waiting 30–60 days for customers, and
 * what the 2 % commission costs (decision 0034 has the formula).
 */
export function SavingsCalculator() {
  const id = useId();
  // What the user typed, kept as typed: a field being cleared shows empty, not a default.
  const [input, setInput] = useState<Record<keyof SavingsInput, string>>({
    tripsPerMonth: String(SAVINGS_INPUTS.tripsPerMonth.default),
    averageTripPrice: String(SAVINGS_INPUTS.averageTripPrice.default),
  });
  const savings = factoringSavings({
    tripsPerMonth: Number(input.tripsPerMonth || Number.NaN),
    averageTripPrice: Number(input.averageTripPrice || Number.NaN),
  });
  const numberInput = (name: keyof SavingsInput, label: string) => {
    const range = SAVINGS_INPUTS[name];
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={range.step}
          value={input[name]}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setInput((current) => ({ ...current, [name]: value }));
          }}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
        />
      </div>
    );
  };
  const results: [string, string, string][] = [
    ["revenue", "Выручка за месяц", rubles.format(savings.monthlyRevenue)],
    ["payout", "Придёт за 24 часа после рейса", rubles.format(savings.monthlyPayout)],
    ["commission", "Комиссия 2%", rubles.format(savings.monthlyCommission)],
  ];
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="savings-calculator"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Калькулятор экономии
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Оплата за рейс через 24 часа с комиссией 2% вместо ожидания 30–60 дней.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {numberInput("tripsPerMonth", "Рейсов в месяц")}
        {numberInput("averageTripPrice", "Средняя стоимость рейса, ₽")}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3" aria-live="polite">
        {results.map(([key, label, value]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold" data-savings={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 rounded-xl bg-brand-50 p-4 text-slate-800" data-savings="freed">
        Освободится оборотных средств: от <strong>{rubles.format(savings.freedMin)}</strong> до{" "}
        <strong>{rubles.format(savings.freedMax)}</strong> — деньги приходят на {savings.daysSavedMin}–
        {savings.daysSavedMax} дней раньше.
      </p>
    </section>
  );
}
