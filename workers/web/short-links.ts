import type { Handler } from "hono";
import { isbot } from "isbot";
import { findByShortCode, recordClick, shortLinkTarget } from "../core/partners/links";
import type { AppBindings } from "./bindings";

const NOT_FOUND_PAGE = `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Ссылка не найдена — Рейс</title><h1>Ссылка не найдена</h1><p>Такой короткой ссылки нет. Проверьте адрес или попросите партнера прислать ссылку ещё раз.</p><p><a href="/">На главную</a></p></html>`;

/**
 * Whether the request is a person following the link: not a crawler or link preview (isbot,
 * or no User-Agent at all), not a HEAD probe, not a browser's speculative prefetch.
 */
function isHumanVisit(request: Request): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.headers.get("user-agent");
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return !purpose.includes("prefetch");
}

/**
 * GET /s/:code (decision 0033): the partner landing of the link with its UTM labels, 302 and
 * never cached, so every visit reaches the Worker and a person's click is counted.
 */
export const followShortLink: Handler<AppBindings> = async (c) => {
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  const db = c.get("db");
  const link = await findByShortCode(db, c.req.param("code") ?? "");
  if (!link) return c.html(NOT_FOUND_PAGE, 404);
  if (isHumanVisit(c.req.raw)) await recordClick(db, link.id, Date.now());
  return c.redirect(shortLinkTarget(link), 302);
};
