import { DemoWalkthrough } from "./demo-walkthrough";
import { MainButton } from "./site-chrome";

const HIGHLIGHTS = [
  { value: "24 часа", label: "выплата за выполненный рейс" },
  { value: "2 %", label: "комиссия за быструю оплату" },
  { value: "30–60 дней", label: "ожидания оплаты экономите" },
];

export function Hero({ signedIn, registerHref }: { signedIn: boolean; registerHref: string }) {
  return (
    <section aria-labelledby="hero-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 id="hero-title" className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">
        Деньги за рейс — через 24 часа, а не через два месяца
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-slate-700">
        Заказы с платформ X5, Магнит, Pepsi, Mars и Сбер Логистики, электронные транспортные накладные и
        быстрая оплата выполненных рейсов — в одном кабинете перевозчика.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={registerHref}
          data-testid="register-button"
          className="inline-block rounded-lg bg-emerald-700 px-6 py-3 text-lg font-medium text-white hover:bg-emerald-800"
        >
          Попробовать 14 дней бесплатно
        </a>
        <MainButton signedIn={signedIn} large />
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {HIGHLIGHTS.map((item) => (
          <li key={item.value} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="block text-3xl font-bold text-brand-700">{item.value}</span>
            <span className="mt-1 block text-slate-700">{item.label}</span>
          </li>
        ))}
      </ul>
      <DemoWalkthrough />
    </section>
  );
}
