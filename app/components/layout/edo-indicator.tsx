import { Link } from "@remix-run/react";
import type { EdoIndicator } from "../../../workers/core/layout";

const LOOK: Record<EdoIndicator["state"], { dot: string; text: string; title: string }> = {
  connected: { dot: "bg-green-500", text: "ЭДО подключено", title: "ЭДО подключено" },
  expired: { dot: "bg-amber-500", text: "Войдите в ЭДО", title: "Срок действия токена ЭДО истёк" },
  disconnected: { dot: "bg-slate-300", text: "ЭДО не подключено", title: "ЭДО не подключено" },
  // Spec 2 §8 «EDO status»: the status could not be read.
  error: { dot: "bg-red-500", text: "Ошибка проверки статуса", title: "Ошибка проверки статуса" },
};

/** The header's EDO status indicator (spec 1 §2 «Main layout», spec 2 §8): a link to /edo. */
export function EdoStatusIndicator({ edo }: { edo: EdoIndicator }) {
  const look = LOOK[edo.state];
  const login = "login" in edo ? edo.login : null;
  return (
    <Link
      to="/edo"
      data-testid="edo-indicator"
      data-tour="edo-status"
      data-state={edo.state}
      title={login ? `${look.title}: ${login}` : look.title}
      className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
    >
      <span className={`size-2.5 rounded-full ${look.dot}`} aria-hidden />
      <span className="hidden md:inline">{look.text}</span>
      <span className="sr-only md:hidden">{look.text}</span>
      {login && edo.state === "connected" ? (
        <span className="hidden text-slate-500 xl:inline">{login}</span>
      ) : null}
    </Link>
  );
}
