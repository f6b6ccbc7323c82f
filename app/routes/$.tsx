import { redirect } from "@remix-run/cloudflare";

/**
 * Any path the product does not know goes to the landing page, signed in or not (spec 1 §2,
 * spec 3 §2), an unknown path under a signed-in section (/dashboard/…, /help/a/b) included:
 * the guard asks for a sign-in only on pages that exist.
 */
export const loader = () => redirect("/");

export const action = () => redirect("/");
