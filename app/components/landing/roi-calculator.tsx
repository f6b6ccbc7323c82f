import { useNonce } from "~/lib/nonce";
import type { LandingQuery } from "~/lib/landing-query";
import { describeRoi, ROI_RULES, type RoiInputName, type RoiResult, type RoiTexts } from "~/lib/roi";
import { roiIslandScript } from "./roi-island";

const FORM_ID = "roi-form";

const SLIDERS: { name: RoiInputName; label: string; hint: string }[] = [
  { name: "vehicles", label: "Машин в парке", hint: "от 1 до 20" },
  { name: "tripsPerVehicle", label: "Рейсов в месяц на машину", hint: "от 10 до 40" },
  { name: "tripCost", label: "Средняя стоимость рейса", hint: "от 5 000 до 50 000 ₽" },
  { name: "margin", label: "Ваша маржа сейчас", hint: "от 5 до 30 %" },
];

const Out = ({ name, texts }: { name: keyof RoiTexts; texts: RoiTexts }) => (
  <span data-roi={name}>{texts[name]}</span>
);

/**
 * The ROI calculator (spec 1 §9; formula in decision 0032). A GET form the server computes,
 * so it works without scripts; with them, a few lines recompute it as the sliders move.
 */
export function RoiCalculator({ result, query }: { result: RoiResult; query: LandingQuery }) {
  const nonce = useNonce();
  const texts = describeRoi(result);
  return (
    <section id="roi" aria-labelledby="roi-title" className="py-14">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="roi-title" className="text-3xl font-bold">
          Калькулятор окупаемости
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">
          Рейс добавляет к марже до 12 процентных пунктов (но не выше 35 %) за счёт быстрой оплаты, меньшего
          числа пустых пробегов и простоев. Расходы на сервис — 120 000 ₽ в год.
        </p>
        <form id={FORM_ID} method="get" action="/#roi" className="group mt-8 grid gap-8 lg:grid-cols-2">
          {query.partner ? (
            <>
              <input type="hidden" name="partner" value={query.partner.code} />
              <input type="hidden" name="discount" value={query.partner.discountPercent} />
            </>
          ) : null}
          {query.campaign ? <input type="hidden" name="campaign" value={query.campaign} /> : null}
          {query.plan ? <input type="hidden" name="plan" value={query.plan} /> : null}
          <fieldset className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <legend className="sr-only">Ваш парк</legend>
            {SLIDERS.map(({ name, label, hint }) => {
              const range = ROI_RULES[name];
              return (
                <div key={name}>
                  <div className="flex items-baseline justify-between gap-4">
                    <label htmlFor={`roi-${name}`} className="font-medium">
                      {label}
                    </label>
                    <output htmlFor={`roi-${name}`} className="font-semibold text-brand-700">
                      <Out name={name} texts={texts} />
                    </output>
                  </div>
                  <input
                    id={`roi-${name}`}
                    type="range"
                    name={name}
                    min={range.min}
                    max={range.max}
                    step={range.step}
                    defaultValue={result.input[name]}
                    aria-describedby={`roi-${name}-hint`}
                    className="mt-2 w-full accent-brand-600"
                  />
                  <p id={`roi-${name}-hint`} className="text-xs text-slate-600">
                    {hint}
                  </p>
                </div>
              );
            })}
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 group-data-[live=true]:hidden"
            >
              Пересчитать
            </button>
          </fieldset>
          <div
            className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            data-testid="roi-result"
            aria-live="polite"
          >
            <dl className="grid grid-cols-2 gap-4">
              <div>
                <dt className="text-sm text-slate-600">Выручка в месяц</dt>
                <dd className="text-lg font-semibold">
                  <Out name="monthlyRevenue" texts={texts} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Маржа сейчас → с Рейсом</dt>
                <dd className="text-lg font-semibold">
                  <Out name="margins" texts={texts} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Прибыль в месяц сейчас</dt>
                <dd className="text-lg font-semibold">
                  <Out name="currentProfit" texts={texts} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Прибыль в месяц с Рейсом</dt>
                <dd className="text-lg font-semibold">
                  <Out name="improvedProfit" texts={texts} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Дополнительная прибыль в год</dt>
                <dd className="text-lg font-semibold text-emerald-800">
                  <Out name="extraYearlyProfit" texts={texts} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Окупаемость</dt>
                <dd className="text-lg font-semibold">
                  <Out name="payback" texts={texts} />
                </dd>
              </div>
            </dl>
            <p className="mt-6 text-sm text-slate-600">Окупаемость вложений (ROI) за год</p>
            <p className="text-4xl font-bold text-brand-700" data-testid="roi-percent">
              <Out name="roi" texts={texts} />
            </p>
            <p className="mt-1 text-lg font-semibold" data-testid="roi-band">
              <Out name="band" texts={texts} />
            </p>
          </div>
        </form>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: roiIslandScript(FORM_ID) }} />
    </section>
  );
}
