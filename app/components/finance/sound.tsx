import { useCallback, useEffect, useState } from "react";

/** The user's choice, kept in this browser: the celebration is silent unless it says "on". */
const SOUND_KEY = "reys.finance.sound";

export function useSoundPreference(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      setOn(localStorage.getItem(SOUND_KEY) === "on");
    } catch {
      setOn(false);
    }
  }, []);
  const choose = useCallback((value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(SOUND_KEY, value ? "on" : "off");
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }, []);
  return [on, choose];
}

/** A short rising chime (C–E–G–C), made in the browser: no sound file to load. */
export function playChime(): void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  const start = audio.currentTime;
  [523.25, 659.25, 783.99, 1046.5].forEach((frequency, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const at = start + i * 0.12;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.55);
  });
  setTimeout(() => void audio.close(), 1_500);
}

/** «Звук»: off until the user turns it on; the choice is remembered. */
export function SoundToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
        <path d="M9.4 3.2a1 1 0 011.6.8v12a1 1 0 01-1.6.8L5.7 14H3a1 1 0 01-1-1V7a1 1 0 011-1h2.7l3.7-2.8z" />
        {on ? (
          <path d="M13.5 6.5a1 1 0 011.4 0 5 5 0 010 7 1 1 0 11-1.4-1.4 3 3 0 000-4.2 1 1 0 010-1.4z" />
        ) : (
          <path d="M13.3 7.3a1 1 0 011.4 0L16 8.6l1.3-1.3a1 1 0 111.4 1.4L17.4 10l1.3 1.3a1 1 0 01-1.4 1.4L16 11.4l-1.3 1.3a1 1 0 01-1.4-1.4l1.3-1.3-1.3-1.3a1 1 0 010-1.4z" />
        )}
      </svg>
      {on ? "Звук включён" : "Звук выключен"}
    </button>
  );
}
