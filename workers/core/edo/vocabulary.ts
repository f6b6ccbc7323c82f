// The EDO words the pages filter and label by, and the mirror's document they show: what app/
// needs from below the core (it imports neither db/ nor workers/providers), in one browser-safe
// module (no database code). Categories and roles are stored in the mirror, so db/ defines them;
// periods and title types are the operator's.
export { EDO_CATEGORIES, EDO_ROLES, type EdoCategory, type EdoRole } from "../../../db/vocabulary";
export type { EdoDocument, EdoParty, EdoTitle } from "../../../db/schema";
export { DEFAULT_EDO_CATEGORY, EDO_PERIODS, EDO_TITLE_TYPES } from "../../providers/edo-operator";
