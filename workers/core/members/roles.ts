// What each role in a company may do (issue 25 item 4, decision 0077): the API operations state
// their roles with these sets, the signed-in pages are guarded by PAGE_ROLES, and the sidebar
// shows only the pages a role may open. The platform's admin (users.role) is a separate matter.
import { COMPANY_ROLES, type CompanyRole } from "../../../db/schema/auth";

export type { CompanyRole };

export const ROLES = {
  /** Every member: their own account, sessions, settings, onboarding, feedback, help. */
  all: COMPANY_ROLES,
  /**
   * The office: orders, platforms, X5, EDO, the mirror's analytics, map, clients, transport, CRM.
   * No money: finance, quick payment, payouts, the ledger, plans, requisites, partners, members.
   */
  office: ["director", "dispatcher"],
  /** The company's money and people: only its director. */
  director: ["director"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type RoleSet = (typeof ROLES)[keyof typeof ROLES];

/** The one answer to a member whose role may not do what they asked (API 403 and the pages). */
export const ROLE_REFUSAL = {
  error: "Недостаточно прав",
  message: "Это действие недоступно для вашей роли в компании. Обратитесь к руководителю.",
} as const;

export const roleAllows = (roles: readonly CompanyRole[], role: CompanyRole) => roles.includes(role);

/**
 * The signed-in pages by path, longest prefix first wins. A page not listed is the office's:
 * a new page is closed to drivers until someone opens it on purpose.
 */
const PAGE_ROLES: readonly (readonly [string, readonly CompanyRole[]])[] = [
  ["/edo-clients", ROLES.office],
  ["/edo", ROLES.all],
  ["/help", ROLES.all],
  ["/sessions", ROLES.all],
  ["/profile", ROLES.all],
  // The signed-in banner's «send the confirmation again» posts here.
  ["/confirm-email", ROLES.all],
  // The platform's admin pages have their own guard (users.role); every company role passes here.
  ["/admin", ROLES.all],
  ["/finance", ROLES.director],
  ["/factoring", ROLES.director],
  ["/payment", ROLES.director],
  ["/partners", ROLES.director],
  ["/members", ROLES.director],
  ["/company", ROLES.director],
];

/** Whether `pathname` is `prefix` or a page under it (`/edo` covers `/edo/x`, not `/edo-clients`). */
const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The roles that may open a signed-in page. */
export function pageRoles(pathname: string): readonly CompanyRole[] {
  return PAGE_ROLES.find(([prefix]) => under(pathname, prefix))?.[1] ?? ROLES.office;
}

/** Where a driver lands instead of the office's home page (/dashboard): their documents. */
export const DRIVER_HOME = "/edo";

/**
 * A driver's own trips (decision 0077): the EDO documents whose driver, as the first title names
 * them («Фамилия Имя Отчество», kept lower-cased in edo_documents.driver), begins with the
 * member's last and first name. Null for the office, who see every document of the company.
 */
export type DriverScope = { driverName: string } | null;

export function driverScopeOf(role: CompanyRole, user: { lastName: string; firstName: string }): DriverScope {
  if (role !== "driver") return null;
  return { driverName: `${user.lastName.trim()} ${user.firstName.trim()}`.toLowerCase() };
}

/** The same rule on a document's driver as the mirror row keeps it. */
export function namesDriver(driver: string | null, scope: { driverName: string }): boolean {
  return driver === scope.driverName || (driver?.startsWith(`${scope.driverName} `) ?? false);
}
