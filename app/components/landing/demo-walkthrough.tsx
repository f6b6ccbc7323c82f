/**
 * The 90-second demo (spec 1 §2): there is no recorded video, so instead of a player that plays
 * nothing this is an animated walkthrough of the product's real screens, six scenes of 15 s, in
 * CSS only, with a pause switch and the full transcript below (decision 0032). With reduced
 * motion every scene is shown at once.
 */
export const DEMO_SECONDS = 90;

const SCENES = [
  {
    title: "Заказы со всех платформ в одном списке",
    text: "Подключите X5, Магнит, Pepsi, Mars или Сбер Логистику — заказы загружаются сами.",
    rows: [
      "X5 · Москва → Тверь · 48 000 ₽",
      "Магнит · Краснодар → Ростов · 36 500 ₽",
      "Pepsi · Самара → Уфа · 41 200 ₽",
    ],
  },
  {
    title: "Рейс выполнен — ЭТрН подписана",
    text: "Электронные транспортные накладные приходят из ЭДО и сами связываются с заказами.",
    rows: [
      "ЭТрН № 2145 · подписана грузополучателем",
      "Титул перевозчика · подписан",
      "Статус заказа · доставлен",
    ],
  },
  {
    title: "Заявка на быструю оплату в один клик",
    text: "Выберите выполненные рейсы и отправьте заявку: комиссия 2 %, без залога и поручителей.",
    rows: ["3 рейса на 125 700 ₽", "Комиссия 2 % — 2 514 ₽", "К выплате 123 186 ₽"],
  },
  {
    title: "Деньги на счёте через 24 часа",
    text: "Не ждите оплаты 30–60 дней: выплата приходит на следующий день после заявки.",
    rows: ["Заявка · вчера, 16:40", "Выплата · сегодня, 11:05", "Сэкономлено · 45 дней ожидания"],
  },
  {
    title: "Финансы и аналитика без таблиц",
    text: "Выручка, маржа и загрузка машин по дням и клиентам — на одном экране.",
    rows: ["Выручка за месяц · 1 540 000 ₽", "Маржа · 27 %", "Загрузка парка · 86 %"],
  },
  {
    title: "Карта перевозок и клиенты",
    text: "Маршруты на карте, клиенты из ЭДО и история работы с каждым — готово к переговорам.",
    rows: ["Москва → Санкт-Петербург · 42 рейса", "Клиентов из ЭДО · 18", "Новых направлений · 3"],
  },
] as const;

const timestamp = (index: number) => {
  const seconds = (index * DEMO_SECONDS) / SCENES.length;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

export function DemoWalkthrough() {
  return (
    <details
      className="demo group mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="demo"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl px-5 py-4 font-medium text-brand-700 hover:bg-brand-50">
        <span
          aria-hidden
          className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 text-white"
        >
          ▶
        </span>
        <span className="group-open:hidden">Смотреть демо · 1:30</span>
        <span className="hidden group-open:inline">Скрыть демо</span>
      </summary>
      <div className="border-t border-slate-200 p-5">
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-slate-600">Как работает Рейс: шесть шагов за 90 секунд</p>
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" className="demo-pause size-4 accent-brand-600" />
            Пауза
          </label>
        </div>
        <div
          className="demo-stage relative mt-4 overflow-hidden rounded-xl bg-slate-900 text-white"
          aria-hidden
        >
          {SCENES.map((scene, index) => (
            <div
              key={scene.title}
              className="demo-scene p-6 sm:p-8"
              // A negative delay starts scene i part-way through its loop, so it shows at i × 15 s.
              style={{
                animationDelay: `${-((DEMO_SECONDS - (index * DEMO_SECONDS) / SCENES.length) % DEMO_SECONDS)}s`,
              }}
            >
              <p className="text-xs uppercase tracking-wide text-slate-300">
                Шаг {index + 1} из {SCENES.length} · {timestamp(index)}
              </p>
              <p className="mt-2 text-xl font-semibold">{scene.title}</p>
              <ul className="mt-4 space-y-2">
                {scene.rows.map((row) => (
                  <li key={row} className="demo-row rounded-lg bg-white/10 px-3 py-2 text-sm">
                    {row}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="demo-progress absolute inset-x-0 bottom-0 h-1 bg-brand-500" />
        </div>
        <p className="mt-5 font-semibold">Текст демо</p>
        <ol className="mt-2 space-y-2 text-sm text-slate-700">
          {SCENES.map((scene, index) => (
            <li key={scene.title}>
              <span className="font-mono text-slate-500">{timestamp(index)}</span>{" "}
              <strong>{scene.title}.</strong> {scene.text}
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}
