const PROBLEMS = [
  {
    title: "Оплата через 30–60 дней",
    text: "Рейс выполнен, топливо и зарплата оплачены, а деньги от заказчика придут через месяц-два.",
    answer: "Быстрая оплата: деньги за выполненный рейс через 24 часа, комиссия 2 %.",
  },
  {
    title: "Заказы в пяти кабинетах",
    text: "У каждой торговой сети свой портал: диспетчер переключается между вкладками и переписывает данные.",
    answer: "Заказы X5, Магнита, Pepsi, Mars и Сбер Логистики приходят в один список.",
  },
  {
    title: "Бумажные накладные теряются",
    text: "Без подписанной накладной заказчик не платит, а оригиналы едут почтой неделями.",
    answer: "Электронные транспортные накладные (ЭТрН) из ЭДО сами связываются с заказами.",
  },
  {
    title: "Непонятно, сколько зарабатывает парк",
    text: "Выручка, расходы и загрузка машин разбросаны по таблицам и мессенджерам.",
    answer: "Финансы, аналитика и карта перевозок считаются из ваших заказов и документов.",
  },
];

export function Problems() {
  return (
    <section id="problems" aria-labelledby="problems-title" className="bg-white py-14">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="problems-title" className="text-3xl font-bold">
          Что мешает перевозчику зарабатывать
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {PROBLEMS.map((problem) => (
            <li key={problem.title} className="rounded-xl p-6 ring-1 ring-slate-200">
              <h3 className="text-lg font-semibold">{problem.title}</h3>
              <p className="mt-2 text-slate-700">{problem.text}</p>
              <p className="mt-3 font-medium text-emerald-800">{problem.answer}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
