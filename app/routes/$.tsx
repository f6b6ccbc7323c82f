import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isSignedInRoute } from "~/components/layout/navigation";

/**
 * Any path the product does not know goes to the landing page (spec 1 §2). Signed-in
 * sections that are not built yet still go through the guard: a signed-out visitor is
 * asked to sign in first, a signed-in one lands on the dashboard.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isSignedInRoute(url.pathname)) {
    if (context.caller) return redirect("/dashboard");
    return redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
  }
  return redirect("/");
}

export const action = () => redirect("/");
