/**
 * The quick-payment success animation's clock (spec 3 §4): processing — the bar grows 2 % every
 * 40 ms; success at 100 %; celebration 2 s later (sound and confetti, 3 s); complete; closed 2 s
 * after that. With reduced motion the final state shows at once and closes after the same 2 s.
 * A pure function of the time since the overlay opened, so a test can read any moment of it.
 */
export const ANIMATION_TIMING = {
  tickMs: 40,
  stepPercent: 2,
  celebrationDelayMs: 2_000,
  celebrationMs: 3_000,
  closeDelayMs: 2_000,
} as const;

export type AnimationPhase = "processing" | "success" | "celebration" | "complete" | "closed";

export type AnimationFrame = { phase: AnimationPhase; progress: number };

const { tickMs, stepPercent, celebrationDelayMs, celebrationMs, closeDelayMs } = ANIMATION_TIMING;

/** When each phase begins, ms after the overlay opened. */
export const PHASE_STARTS = (() => {
  const success = (100 / stepPercent) * tickMs;
  const celebration = success + celebrationDelayMs;
  const complete = celebration + celebrationMs;
  return { success, celebration, complete, closed: complete + closeDelayMs };
})();

export function animationFrameAt(elapsedMs: number, reducedMotion: boolean): AnimationFrame {
  const t = Math.max(0, elapsedMs);
  if (reducedMotion) return { phase: t < closeDelayMs ? "complete" : "closed", progress: 100 };
  if (t < PHASE_STARTS.success)
    return { phase: "processing", progress: Math.min(100, Math.floor(t / tickMs) * stepPercent) };
  if (t < PHASE_STARTS.celebration) return { phase: "success", progress: 100 };
  if (t < PHASE_STARTS.complete) return { phase: "celebration", progress: 100 };
  if (t < PHASE_STARTS.closed) return { phase: "complete", progress: 100 };
  return { phase: "closed", progress: 100 };
}
