import { redirect } from "@remix-run/cloudflare";

/** Any path the product does not know goes to the landing page (spec 1 §2). */
export const loader = () => redirect("/");
export const action = () => redirect("/");
