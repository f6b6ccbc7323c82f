const PERSONAS = [
  {
    id: "director",
    title: "Директору",
    points: [
      "Деньги за рейсы через 24 часа вместо кассовых разрывов",
      "Выручка, маржа и загрузка парка на одном экране",
      "Прозрачные расходы: тариф от 990 ₽ в месяц и 2 % за быструю оплату",
    ],
  },
  {
    id: "dispatcher",
    title: "Диспетчеру",
    points: [
      "Заказы всех платформ в одном списке с поиском и фильтрами",
      "Статусы рейсов и документов без звонков и таблиц",
      "Карта перевозок и клиенты из ЭДО под рукой",
    ],
  },
  {
    id: "driver",
    title: "Водителю",
    points: [
      "Электронная накладная вместо бумажных оригиналов",
      "Меньше простоев на разгрузке: документы подписываются в ЭДО",
      "Зарплата вовремя: у перевозчика есть деньги сразу после рейса",
    ],
  },
];

/** Marketing sections for the three personas (spec 1 §1): they create no roles. */
export function Personas() {
  return (
    <section id="roles" aria-labelledby="roles-title" className="bg-white py-14">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="roles-title" className="text-3xl font-bold">
          Удобно каждому в компании
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {PERSONAS.map((persona) => (
            <section
              key={persona.id}
              id={persona.id}
              aria-labelledby={`${persona.id}-title`}
              className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200"
            >
              <h3 id={`${persona.id}-title`} className="text-xl font-semibold">
                {persona.title}
              </h3>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
                {persona.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
