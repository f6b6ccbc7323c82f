import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import {
  filterStateFromParams,
  filterStateParams,
  parseSavedFilterState,
  SAVED_FILTERS_KEY,
  type EdoFilterState,
} from "./filter-state";

// Storage may be unavailable (private mode, disabled by policy): the page then simply forgets.
function readSavedFilterState(): EdoFilterState | null {
  try {
    return parseSavedFilterState(window.localStorage.getItem(SAVED_FILTERS_KEY));
  } catch {
    return null;
  }
}

export function saveFilterState(state: EdoFilterState): void {
  try {
    window.localStorage.setItem(SAVED_FILTERS_KEY, JSON.stringify(state));
  } catch {
    // Nothing to do: the filters still work, they are just not remembered.
  }
}

/**
 * Remembers the documents list's filters and page (spec 2 §3 «Saved EDO filter state»): every
 * list the URL asks for is saved, and the plain /edo brings the saved one back.
 */
export function useSavedFilters(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if ([...params.keys()].length === 0) {
      const saved = readSavedFilterState();
      const restored = saved ? filterStateParams(saved).toString() : "";
      if (restored) {
        navigate({ search: `?${restored}` }, { replace: true, preventScrollReset: true });
        return;
      }
    }
    saveFilterState(filterStateFromParams(params));
  }, [location.search, navigate]);
}
