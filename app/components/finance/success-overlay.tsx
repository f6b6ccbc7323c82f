import { useEffect, useRef, useState } from "react";
import { formatNumber, formatRub } from "~/lib/format";
import { playChime, SoundToggle, useSoundPreference } from "./sound";
import { ANIMATION_TIMING, animationFrameAt, type AnimationPhase } from "./success-animation";

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

const PHASE_TEXT: Record<Exclude<AnimationPhase, "closed">, string> = {
  processing: "Оформляем быструю оплату…",
  success: "Запрос принят",
  celebration: "Запрос принят",
  complete: "Запрос принят",
};

/** Confetti bursts over the celebration's 3 s; canvas-confetti is loaded only when it is needed. */
async function celebrate(stop: { stopped: boolean }) {
  const confetti = (await import("canvas-confetti")).default;
  const until = Date.now() + ANIMATION_TIMING.celebrationMs;
  const burst = () => {
    if (stop.stopped) return;
    void confetti({
      particleCount: 60,
      spread: 75,
      startVelocity: 40,
      origin: { x: 0.2 + Math.random() * 0.6, y: 0.55 },
      zIndex: 60,
      disableForReducedMotion: true,
    });
    if (Date.now() + 400 < until) setTimeout(burst, 400);
  };
  burst();
  return confetti;
}

/**
 * The full-screen success animation (spec 3 §4): the bar, success, the celebration with confetti
 * (and the chime when the user turned sound on), complete, then it closes by itself. It states
 * the server's rate and what comes next; Escape or «Закрыть» closes it at any moment.
 */
export function SuccessOverlay({
  orderLabel,
  netAmount,
  feeRate,
  onClose,
}: {
  orderLabel: string;
  netAmount: number;
  feeRate: number;
  onClose: () => void;
}) {
  const [reduced] = useState(reducedMotion);
  const [elapsed, setElapsed] = useState(0);
  const [soundOn, setSoundOn] = useSoundPreference();
  const soundRef = useRef(soundOn);
  soundRef.current = soundOn;
  const close = useRef(onClose);
  close.current = onClose;
  const closeButton = useRef<HTMLButtonElement>(null);
  const frame = animationFrameAt(elapsed, reduced);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const started = performance.now();
    const timer = setInterval(() => setElapsed(performance.now() - started), ANIMATION_TIMING.tickMs);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      clearInterval(timer);
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (frame.phase === "closed") close.current();
    if (frame.phase !== "celebration") return;
    if (soundRef.current) playChime();
    const stop = { stopped: false };
    const loaded = celebrate(stop).catch(() => null);
    return () => {
      stop.stopped = true;
      void loaded.then((confetti) => confetti?.reset());
    };
  }, [frame.phase]);

  if (frame.phase === "closed") return null;
  const done = frame.phase !== "processing";
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="quick-payment-success-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/70 p-4"
      data-testid="quick-payment-success"
      data-phase={frame.phase}
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl">
        <div
          className={`mx-auto flex size-16 items-center justify-center rounded-full ${done ? "bg-emerald-100 text-emerald-600" : "bg-brand-50 text-brand-600"}`}
          aria-hidden
        >
          {done ? (
            <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : (
            <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
          )}
        </div>
        <h2 id="quick-payment-success-title" className="mt-4 text-xl font-semibold" aria-live="polite">
          {PHASE_TEXT[frame.phase]}
        </h2>
        <div
          role="progressbar"
          aria-label="Оформление быстрой оплаты"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={frame.progress}
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${frame.progress}%` }} />
        </div>
        <p className="mt-4 text-slate-700">
          Заказ {orderLabel}: к выплате <strong>{formatRub(Math.round(netAmount * 100))}</strong>, комиссия{" "}
          {formatNumber(feeRate)} %.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Деньги придут на расчётный счёт в течение 24 часов после проверки документов. Статус — в разделе
          «Финансы».
        </p>
        <div className="mt-5 flex items-center justify-between gap-2">
          <SoundToggle on={soundOn} onChange={setSoundOn} />
          <button
            ref={closeButton}
            type="button"
            onClick={() => close.current()}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Закрыть
          </button>
        </div>
      </div>
    </div>
  );
}
