import { MainButton } from "./site-chrome";

export function FinalCallToAction({ signedIn, registerHref }: { signedIn: boolean; registerHref: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700 py-14 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold">
          Получайте деньги за рейсы через 24 часа
        </h2>
        <p className="max-w-2xl text-lg text-brand-50">
          14 дней бесплатно со всеми возможностями, без привязки карты. Подключение — за один вечер.
        </p>
        <div className="flex flex-wrap gap-3">
          <a
            href={registerHref}
            className="inline-block rounded-lg bg-white px-6 py-3 text-lg font-medium text-brand-700 hover:bg-brand-50"
          >
            Зарегистрироваться
          </a>
          {signedIn ? <MainButton signedIn large /> : null}
        </div>
      </div>
    </section>
  );
}
