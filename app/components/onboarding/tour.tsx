// The guided tour (spec 1 §4 «Onboarding tour», §9: starts 0.5 s after the first visit, a 400×200
// card; decision 0071) with driver.js, loaded only when a tour is about to run. Each step points at
// an element marked `data-tour="…"`; a step whose element is absent or hidden (the sidebar on a
// phone, a header part not yet there) is left out rather than shown over nothing.
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { markTour, requestTour, trackOnboarding, useTourRequests } from "./store";

/** Spec 1 §9: the tour starts 0.5 s after the dashboard opens, on a 400×200 card. */
export const TOUR_DELAY_MS = 500;
const CARD = { width: 400, height: 200 };

export const TOUR_STEPS: readonly { target: string; title: string; description: string }[] = [
  {
    target: "sidebar",
    title: "Разделы",
    description:
      "Здесь все разделы Рейса: платформы и заказы, транспорт, финансы и быстрая оплата, аналитика, CRM, карта перевозок и ЭДО.",
  },
  {
    target: "dashboard-cards",
    title: "Главные цифры",
    description:
      "Активные рейсы, клиенты, доход за месяц и эффективность — всё считается по вашим заказам и документам ЭДО.",
  },
  {
    target: "checklist",
    title: "Первые шаги",
    description: "Шесть шагов, чтобы начать работу. Пункт отмечается сам, когда вы выполните действие.",
  },
  {
    target: "achievements",
    title: "Достижения",
    description: "Заказы, эффективность, рост дохода и регулярная работа открывают достижения.",
  },
  {
    target: "edo-status",
    title: "Статус ЭДО",
    description: "Подключено ли ЭДО и когда документы синхронизировались в последний раз.",
  },
  {
    target: "help",
    title: "Помощь",
    description: "Статьи и видео о работе в Рейсе: подключение платформ и ЭДО, быстрая оплата, тарифы.",
  },
  {
    target: "feedback",
    title: "Обратная связь",
    description: "Напишите нам с любого экрана: что неудобно, чего не хватает. Мы читаем каждое сообщение.",
  },
  {
    target: "tour-restart",
    title: "Тур можно повторить",
    description: "Эта кнопка в шапке запустит тур снова в любой момент.",
  },
];

function visible(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
}

/** The steps whose elements are on the screen now, in order. */
export function presentSteps(root: ParentNode = document) {
  return TOUR_STEPS.flatMap((step) => {
    const element = [...root.querySelectorAll(`[data-tour="${step.target}"]`)].find(visible);
    return element ? [{ ...step, element }] : [];
  });
}

type Tour = { destroy: () => void; isActive: () => boolean };

async function runTour(onEnd: (outcome: "finished" | "skipped") => void): Promise<Tour | null> {
  const steps = presentSteps();
  if (steps.length === 0) return null;
  const [{ driver }] = await Promise.all([import("driver.js"), import("driver.js/dist/driver.css")]);
  // Every way out ends here once: «Готово» finishes, «Пропустить», the close button, a click on
  // the overlay and Escape skip. destroy() itself calls no hook, so leaving the page is neither.
  let ended = false;
  const end = (outcome: "finished" | "skipped") => {
    if (ended) return;
    ended = true;
    tour.destroy();
    onEnd(outcome);
  };
  const tour = driver({
    showProgress: true,
    progressText: "{{current}} из {{total}}",
    nextBtnText: "Далее",
    prevBtnText: "Назад",
    doneBtnText: "Готово",
    allowClose: true,
    popoverClass: "reys-tour",
    steps: steps.map((step) => ({
      element: step.element,
      popover: { title: step.title, description: step.description },
    })),
    onPopoverRender: (popover) => {
      Object.assign(popover.wrapper.style, {
        width: `${CARD.width}px`,
        maxWidth: "calc(100vw - 24px)",
        minHeight: `${CARD.height}px`,
        display: "flex",
        flexDirection: "column",
      });
      popover.wrapper.dataset.testid = "tour-card";
      popover.footer.style.marginTop = "auto";
      const skip = document.createElement("button");
      skip.type = "button";
      skip.textContent = "Пропустить";
      skip.className = "reys-tour-skip";
      Object.assign(skip.style, { marginRight: "auto", color: "#64748b", fontSize: "13px" });
      skip.addEventListener("click", () => end("skipped"));
      popover.footer.insertBefore(skip, popover.footer.firstChild);
    },
    onDoneClick: () => end("finished"),
    onDestroyStarted: () => end("skipped"),
  });
  tour.drive();
  return tour;
}

/**
 * Mounted on the dashboard: starts the tour 0.5 s after the page opens unless the user has
 * finished or skipped it, and at once when the header's restart asks for it.
 */
export function OnboardingTour({ autoStart }: { autoStart: boolean }) {
  const requests = useTourRequests();
  const location = useLocation();
  const navigate = useNavigate();
  const running = useRef(false);
  const active = useRef<{ tour: Tour | null; leaving: boolean }>({ tour: null, leaving: false });

  // Leaving the dashboard mid-tour closes it without counting as a skip.
  useEffect(
    () => () => {
      active.current.leaving = true;
      active.current.tour?.destroy();
    },
    [],
  );
  const askedByLink = (location.state as { tour?: boolean } | null)?.tour === true;

  // Restarts asked for before this dashboard was opened are not asked of it.
  const requestsSeen = useRef(requests);

  useEffect(() => {
    const restarted = requests > requestsSeen.current;
    requestsSeen.current = requests;
    const wanted = restarted || askedByLink;
    if (!wanted && !autoStart) return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        if (cancelled || running.current) return;
        running.current = true;
        if (askedByLink) navigate(".", { replace: true, state: null, preventScrollReset: true });
        trackOnboarding("tour_started", wanted ? "restart" : "first_visit");
        void runTour((outcome) => {
          running.current = false;
          active.current.tour = null;
          if (active.current.leaving) return;
          trackOnboarding(outcome === "finished" ? "tour_finished" : "tour_skipped");
          void markTour(outcome);
        }).then((tour) => {
          if (active.current.leaving) return tour?.destroy();
          active.current.tour = tour;
          if (!tour) running.current = false;
        });
      },
      wanted ? 0 : TOUR_DELAY_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The tour starts on the page's first render and on each request; a state change made by
    // the tour itself (done, skipped) must not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requests, askedByLink]);
  return null;
}

/** The header's «Пройти тур»: on the dashboard it starts at once, elsewhere it opens the dashboard first. */
export function TourRestartButton({ className = "" }: { className?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      data-tour="tour-restart"
      title="Пройти тур по Рейсу ещё раз"
      onClick={() => {
        if (pathname === "/dashboard") requestTour();
        else navigate("/dashboard", { state: { tour: true } });
      }}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden>
        <path d="M10 2a8 8 0 100 16 8 8 0 000-16zM8.5 6.6a.75.75 0 011.1-.6l4 2.7a.75.75 0 010 1.2l-4 2.7a.75.75 0 01-1.1-.6V6.6z" />
      </svg>
      Тур
    </button>
  );
}
