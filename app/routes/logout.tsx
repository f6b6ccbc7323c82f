import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "../../workers/core/auth/accounts";
import { invalidateSession } from "../../workers/core/auth/sessions";
import { clearSessionCookie } from "~/lib/session.server";
import { setToast } from "~/lib/toast.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.caller) await invalidateSession(context.db, context.caller.session.id);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(context, request));
  headers.append("Set-Cookie", await setToast({ type: "success", message: AUTH_MESSAGES.loggedOut }));
  return redirect("/login", { headers });
}

export const loader = () => redirect("/");
