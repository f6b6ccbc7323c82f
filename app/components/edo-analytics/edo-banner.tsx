import { Link } from "@remix-run/react";
import { EDO_MESSAGES } from "../../../workers/core/edo/schemas";

/**
 * The EDO connection banner of the pages built from the mirror (analytics, fleet): connected, or
 * «ЭДО не подключено» with what connecting gives (`purpose`) and the way to /edo.
 */
export function EdoMirrorBanner({ connected, purpose }: { connected: boolean; purpose: string }) {
  if (!connected) {
    return (
      <section
        aria-label="Подключение к ЭДО"
        className="rounded-xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200"
        data-testid="edo-banner"
      >
        <p className="font-medium">{EDO_MESSAGES.notConnected}</p>
        <p className="mt-1 text-sm">Подключите ЭДО, чтобы видеть {purpose}.</p>
        <Link
          to="/edo"
          className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Подключить ЭДО
        </Link>
      </section>
    );
  }
  return (
    <section
      aria-label="Подключение к ЭДО"
      className="rounded-xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200"
      data-testid="edo-banner"
    >
      <span className="font-medium">ЭДО подключено</span> · данные из зеркала документов
    </section>
  );
}
