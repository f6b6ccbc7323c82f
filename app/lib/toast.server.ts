import { createCookie } from "@remix-run/cloudflare";

export type Toast = { type: "success" | "error" | "info"; message: string };

/** A one-time message carried across a redirect and shown as a toast on the next page. */
const toastCookie = createCookie("reys_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export function setToast(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** The response headers that carry `toast` to the next page. */
export async function toastHeaders(toast: Toast): Promise<Record<string, string>> {
  return { "Set-Cookie": await setToast(toast) };
}

export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const toast = (await toastCookie.parse(request.headers.get("cookie"))) as Toast | null;
  if (!toast) return { toast: null, headers: {} };
  return { toast, headers: { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) } };
}
