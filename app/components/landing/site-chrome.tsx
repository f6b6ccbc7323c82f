import { telHref, type OperatorDetails } from "../../../workers/core/operator";

/** The public pages' header: the brand, section links and the main button (spec 1 §2). */
export function PublicHeader({
  signedIn,
  registerHref,
  sectionLinks = false,
}: {
  signedIn: boolean;
  registerHref: string;
  sectionLinks?: boolean;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <a href="/" className="text-xl font-bold text-brand-700">
          Рейс
        </a>
        {sectionLinks ? (
          <nav aria-label="Разделы" className="hidden gap-6 text-sm font-medium text-slate-700 md:flex">
            <a href="#problems" className="hover:text-brand-700">
              Возможности
            </a>
            <a href="#roi" className="hover:text-brand-700">
              Калькулятор
            </a>
            <a href="#pricing" className="hover:text-brand-700">
              Тарифы
            </a>
            <a href="#roles" className="hover:text-brand-700">
              Для кого
            </a>
          </nav>
        ) : null}
        <div className="flex items-center gap-2">
          {signedIn ? null : (
            <a
              href={registerHref}
              className="hidden rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:inline-block"
            >
              Регистрация
            </a>
          )}
          <MainButton signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}

/** «Перейти в кабинет» for a signed-in visitor, «Войти» otherwise. */
export function MainButton({ signedIn, large = false }: { signedIn: boolean; large?: boolean }) {
  return (
    <a
      href={signedIn ? "/dashboard" : "/login"}
      data-testid="main-button"
      className={`inline-block rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700 ${large ? "px-6 py-3 text-lg" : "px-4 py-2"}`}
    >
      {signedIn ? "Перейти в кабинет" : "Войти"}
    </a>
  );
}

/** The public pages' footer: legal pages, contacts and the operator's requisites. */
export function PublicFooter({ operator }: { operator: OperatorDetails }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-slate-700 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-lg font-bold text-brand-700">Рейс</p>
          <p className="mt-1">Финансы и операции для перевозчиков.</p>
        </div>
        <nav aria-label="Документы и контакты">
          <ul className="space-y-2">
            <li>
              <a href="/terms" className="underline hover:text-brand-700">
                Пользовательское соглашение
              </a>
            </li>
            <li>
              <a href="/privacy" className="underline hover:text-brand-700">
                Политика обработки персональных данных
              </a>
            </li>
            <li>
              <a href="/contact" className="underline hover:text-brand-700">
                Контакты и реквизиты
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-1">
          <p>{operator.name}</p>
          <p>
            ИНН {operator.inn}, ОГРН {operator.ogrn}
          </p>
          <p>
            <a href={`mailto:${operator.supportEmail}`} className="underline hover:text-brand-700">
              {operator.supportEmail}
            </a>
            {", "}
            <a href={telHref(operator.supportPhone)} className="underline hover:text-brand-700">
              {operator.supportPhone}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
