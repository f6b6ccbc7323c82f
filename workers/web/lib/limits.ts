import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppBindings } from "../bindings";
import { fail } from "./envelope";

/** The largest body any request may carry: JSON to /api and form posts to Remix actions alike. */
export const MAX_BODY_BYTES = 256 * 1024;
export const BODY_TOO_LARGE = "Слишком большой запрос";
const BODY_TOO_LARGE_DETAIL = "Размер отправленных данных больше 256 КБ.";

/**
 * Refuses a body over the limit before reading it when it declares its length (a chunked
 * one is counted while read, never past the limit): 413 with the envelope under /api, a
 * short Russian page elsewhere.
 */
export const limitBodies: MiddlewareHandler<AppBindings> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) =>
    c.req.path.startsWith("/api/")
      ? fail(c, 413, BODY_TOO_LARGE, BODY_TOO_LARGE_DETAIL)
      : refusalPage(
          c,
          413,
          BODY_TOO_LARGE,
          `${BODY_TOO_LARGE_DETAIL} Вернитесь назад и уменьшите объём данных.`,
        ),
});

/** A short Russian page for a request to a page refused before Remix sees it (pages have no envelope). */
export function refusalPage(c: Context, status: ContentfulStatusCode, title: string, detail: string) {
  return c.html(
    `<!doctype html><html lang="ru"><meta charset="utf-8"><title>${title} — Рейс</title><h1>${title}</h1><p>${detail}</p></html>`,
    status,
  );
}

/**
 * Private answers are never stored by a browser or a proxy: every /api answer (tokens, user
 * data), every answer to a signed-in caller (pages and their loader data) and every answer
 * that sets a cookie. Handlers that set their own Cache-Control keep it.
 */
export const noStorePrivate: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (headers.has("cache-control")) return;
  const isPrivate =
    c.req.path.startsWith("/api/") || Boolean(c.get("caller")) || headers.getSetCookie().length > 0;
  if (!isPrivate) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("Cache-Control", "no-store");
};
