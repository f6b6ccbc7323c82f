import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Рейс — выплата за рейс за 24 часа" }];

const highlights = [
  { value: "24 часа", label: "выплата за выполненный рейс" },
  { value: "2%", label: "комиссия за быструю оплату" },
  { value: "30–60 дней", label: "ожидания оплаты экономите" },
];

export function loader({ context }: LoaderFunctionArgs) {
  return { signedIn: context.caller !== null };
}

export default function Landing() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col gap-12 px-6 py-10">
      <header className="flex items-center justify-between">
        <span className="text-xl font-bold text-brand-700">Рейс</span>
        <Link
          to={signedIn ? "/dashboard" : "/login"}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {signedIn ? "Перейти в кабинет" : "Войти"}
        </Link>
      </header>
      <section className="flex flex-col gap-6">
        <h1 className="text-4xl font-bold leading-tight sm:text-5xl">
          Деньги за рейс — через 24 часа, а не через два месяца
        </h1>
        <p className="max-w-2xl text-lg text-slate-600">
          Заказы с платформ X5, Магнит, Pepsi, Mars и Сбер Логистики, электронные транспортные накладные и
          быстрая оплата выполненных рейсов — в одном кабинете перевозчика.
        </p>
        <div>
          <Link
            to="/register"
            className="inline-block rounded-lg bg-brand-600 px-6 py-3 text-lg font-medium text-white hover:bg-brand-700"
          >
            Попробовать 14 дней бесплатно
          </Link>
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {highlights.map((item) => (
          <div key={item.value} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="text-3xl font-bold text-brand-700">{item.value}</div>
            <div className="mt-1 text-slate-600">{item.label}</div>
          </div>
        ))}
      </section>
    </main>
  );
}
