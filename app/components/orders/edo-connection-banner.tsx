import { Link } from "@remix-run/react";

/** The EDO connection as the orders page knows it (spec 2 §2.1, §3 "EDO connection status"). */
export type EdoConnectionState =
  { status: "loading" } | { status: "connected"; login: string } | { status: "disconnected" };

const linkClass = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-medium";

/** Whether orders can be matched with EDO documents, and where to connect or manage EDO. */
export function EdoConnectionBanner({ connection }: { connection: EdoConnectionState }) {
  if (connection.status === "loading") {
    return (
      <section
        aria-label="Подключение к ЭДО"
        className="flex items-center gap-3 rounded-xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200"
      >
        <span
          className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
          aria-hidden
        />
        <span role="status">Проверяем подключение к ЭДО…</span>
      </section>
    );
  }
  if (connection.status === "connected") {
    return (
      <section
        aria-label="Подключение к ЭДО"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200"
        data-testid="edo-banner"
      >
        <p className="text-sm text-green-900">
          <span className="font-medium">ЭДО подключено</span> · {connection.login}
        </p>
        <Link
          to="/edo"
          className={`${linkClass} bg-white text-green-900 ring-1 ring-green-300 hover:bg-green-100`}
        >
          Управлять
        </Link>
      </section>
    );
  }
  return (
    <section
      aria-label="Подключение к ЭДО"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
      data-testid="edo-banner"
    >
      <div className="text-sm text-amber-900">
        <p className="font-medium">ЭДО не подключено</p>
        <p>Подключите ЭДО, чтобы сверять заказы с транспортными документами.</p>
      </div>
      <Link to="/edo" className={`${linkClass} bg-brand-600 text-white hover:bg-brand-700`}>
        Подключить ЭДО
      </Link>
    </section>
  );
}
