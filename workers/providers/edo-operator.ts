/**
 * The EDO operator (electronic transport documents, ЭТрН): its wire protocol and the adapter's
 * interface. The protocol is written down in docs/decisions/0021-edo-operator-protocol.md; the
 * sandbox (sandbox/edo/app.ts) serves it and workers/providers/edo-api.ts speaks it.
 *
 * A "document" in the operator's list is a docflow: one transport chain (or another kind of
 * document exchange) with its titles in `info.documents`; `statusCode` is where it stands.
 */

import type { EdoCategory, EdoRole } from "../../db/vocabulary";

// Document categories of spec 2 §9 (`docflowType`, the `category` filter) and the party roles of
// spec 2 §6 (`roleCode`: shipper, receiver, carrier) are stored in the mirror: db/ defines them.
export { EDO_CATEGORIES, EDO_ROLES, type EdoCategory, type EdoRole } from "../../db/vocabulary";
export const DEFAULT_EDO_CATEGORY: EdoCategory = "ETRN";

/** Status codes of spec 2 §4 (a docflow's `statusCode`; titles' `type` use the title codes). */
export const EDO_STATUS_CODES = [
  "ON_TRNACLGROT",
  "ON_TRNACLPPRIN",
  "ON_TRNACLGRPO",
  "ON_TRNACLPVYN",
  "ON_TRNACLZAKR",
  "ON_TRNACLOTKL",
  "ON_TRNAPERAK",
  "ON_TRNAPERAK_GIS_LOAD",
  "ON_TRNAPERAK_GIS_COMPLETE",
  "ON_TRNAPERAK_QRCODE",
  "ON_TRN",
] as const;
export type EdoStatusCode = (typeof EDO_STATUS_CODES)[number];

/** Title types a transport chain is made of (spec 3 §4), in the order they are signed. */
export const EDO_TITLE_TYPES = [
  "ON_TRNACLGROT",
  "ON_TRNACLPPRIN",
  "ON_TRNACLGRPO",
  "ON_TRNACLPVYN",
  "ON_TRNAPERAK",
  "ON_TRNAPERAK_GIS_LOAD",
  "ON_TRNAPERAK_GIS_COMPLETE",
  "ON_TRNAPERAK_QRCODE",
  "ON_TRN",
] as const;

/** Quarterly period codes (year × 10 + quarter) the operator knows; 0 means every period. */
export const EDO_PERIODS = [
  20231, 20232, 20233, 20234, 20241, 20242, 20243, 20244, 20251, 20252, 20253, 20254,
] as const;

/** Largest page the operator serves, for the list and for the change feed alike. */
export const EDO_MAX_PAGE = 1000;

export type WireParty = { accName: string; inn: string; kpp: string | null };

/** One signed title of a docflow. `contentSize` is its archive's size in bytes (0: no content). */
export type WireTitle = { id: string; type: string; dateTime: string; contentSize: number };

/** A docflow as the operator lists it: the shape of spec 2 §3 «EDO document», plus flags. */
export type WireDocument = {
  id: string;
  docflowType: EdoCategory;
  /** ISO 8601 with the operator's offset (+03:00). */
  createDate: string;
  updateDate: string;
  read: boolean;
  statusCode: string;
  /** The account's own role in this docflow. */
  roleCode: EdoRole;
  /** Past its deadline without being finished. */
  expired: boolean;
  /** Moved to the bin by the account. */
  deleted: boolean;
  info: {
    doc: {
      num: string;
      /** YYYY-MM-DD */
      date: string;
      /** The operator's transaction number of the docflow. */
      trns: string;
      /** The driver's name as the first title gives it (null: not a transport document). */
      driver: string | null;
      chainId: string;
      /** The carrier's trip number, when the docflow belongs to a trip. */
      trip: string | null;
    };
    go: WireParty | null;
    gp: WireParty | null;
    tk: WireParty | null;
    driver: { accName: string } | null;
    ts: { num: string } | null;
    loading: { addr: string } | null;
    unloading: { addr: string } | null;
    cargo: { name: string; weightKg: number; pallets: number | null } | null;
    documents: WireTitle[];
    lastdoc: { type: string; dateTime: string } | null;
  };
};

/** `GET /api/v1/documents`: a filtered page. */
export type WireDocumentsPage = { docs: WireDocument[]; total: number };

/** `GET /api/v1/documents/changes`: documents changed after a cursor, oldest change first. */
export type WireChangesPage = { docs: WireDocument[]; cursor: string; hasMore: boolean };

/** `POST /api/v1/auth` */
export type WireAuth = { token: string; expiresAt: string };

/** `GET /api/v1/user` */
export type WireUser = {
  login: string;
  userName: string;
  shortName: string;
  companyName: string;
  inn: string;
  kpp: string | null;
};

/** `{error: {code, message}}` with 400, 401, 404. */
export type WireError = { error: { code: string; message: string } };

/** Filters of `GET /api/v1/documents`, as spec 2 §7 names them. */
export type EdoDocumentFilters = {
  limit: number;
  offset: number;
  period: number;
  /** "0" or absent: every status. */
  status?: string;
  category: EdoCategory;
  /** true: only expired docflows; false: only those not expired. */
  expired: boolean;
  /** true: only deleted docflows; false: only those not deleted. */
  deleted: boolean;
  goInn?: string;
  gpInn?: string;
  tkInn?: string;
  transport?: string;
  driver?: string;
  trip?: string;
  docNum?: string;
  docType?: string;
  /** YYYY-MM-DD, inclusive, a Moscow day. */
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  hasRoute?: boolean;
  hasCargo?: boolean;
};

/** The product's session with the operator. */
export type EdoSession = { token: string; expiresAt: number };

/** Login or password refused (not retried). */
export class EdoAuthError extends Error {
  override name = "EdoAuthError";
}

/** The token is unknown to the operator or has expired: the user must sign in again. */
export class EdoTokenError extends Error {
  override name = "EdoTokenError";
}

/** The operator does not know the docflow or title (gone from its side, or never this account's). */
export class EdoNotFoundError extends Error {
  override name = "EdoNotFoundError";
}

/** The operator failed, timed out or answered something unreadable: worth retrying later. */
export class EdoUnavailableError extends Error {
  override name = "EdoUnavailableError";
}

export interface EdoOperator {
  signIn(login: string, password: string): Promise<EdoSession>;
  user(token: string): Promise<WireUser>;
  documents(token: string, filters: EdoDocumentFilters): Promise<WireDocumentsPage>;
  /** Documents changed after `cursor` ("0": from the beginning), at most `limit`. */
  changes(token: string, cursor: string, limit: number): Promise<WireChangesPage>;
  /** A title's archive (zip of its XML and detached signature); null: the title has no content. */
  titleArchive(token: string, docflowId: string, titleId: string): Promise<EdoFile | null>;
  /** The print form (PDF) of one title, or of the whole docflow without `titleId`. */
  print(token: string, docflowId: string, titleId?: string): Promise<EdoFile | null>;
}

/** A file the operator hands over, with the name it gave it. */
export type EdoFile = { bytes: Uint8Array; fileName: string | null };
