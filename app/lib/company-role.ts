import { useRouteLoaderData } from "@remix-run/react";
import { pageRoles, roleAllows } from "../../workers/core/members/roles";
import type { loader as appLoader } from "~/routes/_app";

/**
 * Whether the signed-in member's role may open a page (decision 0077), by the same table the
 * pages' guard reads: links and buttons to what a role cannot do are left out, not shown to fail.
 */
export function useMayOpen(): (href: string) => boolean {
  const role = useRouteLoaderData<typeof appLoader>("routes/_app")?.user.companyRole;
  return (href) =>
    role !== undefined && roleAllows(pageRoles(new URL(href, "https://reys.invalid").pathname), role);
}
