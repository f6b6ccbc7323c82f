import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** How often a page asks for fresh progress while a job of its runs. */
const POLL_MS = 2000;

/**
 * Reloads the page's data every 2 s (or `intervalMs`) while `active` (a sync or refresh job
 * runs, a payment is pending), skipping a beat while a navigation or another reload is under way.
 */
export function usePollWhile(active: boolean, intervalMs = POLL_MS): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const idle = useRef(true);
  idle.current = revalidator.state === "idle" && navigation.state === "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (idle.current) void revalidate.current();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
