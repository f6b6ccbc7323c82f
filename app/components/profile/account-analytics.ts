import { useEffect } from "react";
import { track } from "~/lib/analytics";

/**
 * One event of the profile and company pages through the batched client: the section names the
 * page, the action what happened (page_viewed, profile_saved, password_changed,
 * password_refused, session_ended, other_sessions_ended, company_saved, company_refused,
 * requisites_saved).
 */
export function trackAccount(section: "profile" | "company", action: string, label?: string): void {
  track({ eventType: section, eventCategory: section, eventAction: action, eventLabel: label });
}

/** The page's view, once it is on screen. */
export function useAccountPageView(section: "profile" | "company"): void {
  useEffect(() => trackAccount(section, "page_viewed"), [section]);
}

/**
 * A form's answer once it arrives: `done` when it was accepted (`ok`, or `saved` for the
 * requisites form), `refused` when not. Each answer object is reported once.
 */
export function useAnswerTracking(
  section: "profile" | "company",
  answer: { ok: boolean } | { saved: boolean } | undefined,
  done: string,
  refused?: string,
): void {
  useEffect(() => {
    if (!answer) return;
    if ("ok" in answer ? answer.ok : answer.saved) trackAccount(section, done);
    else if (refused) trackAccount(section, refused);
  }, [answer, section, done, refused]);
}
