import type { Handler } from "hono";
import { isbot } from "isbot";
import { followShortCode, recordClick, shortLinkTarget } from "../core/partners/links";
import type { AppBindings } from "./bindings";
import { clientIp } from "./lib/auth";

const NOT_FOUND_PAGE = `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Ссылка не найдена — Рейс</title><h1>Ссылка не найдена</h1><p>Такой короткой ссылки нет. Проверьте адрес или попросите партнера прислать ссылку ещё раз.</p><p><a href="/">На главную</a></p></html>`;

const tooManyMissesPage = (minutes: number) =>
  `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Слишком много запросов — Рейс</title><h1>Слишком много запросов</h1><p>С вашего адреса открывали слишком много несуществующих коротких ссылок. Попробуйте снова через ${minutes} мин.</p><p><a href="/">На главную</a></p></html>`;

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
 * never cached, so every visit reaches the Worker and a person's click is counted. An address
 * that followed too many unknown codes gets 429 for any code (decision 0043).
 */
export const followShortLink: Handler<AppBindings> = async (c) => {
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  const db = c.get("db");
  const now = Date.now();
  const found = await followShortCode(db, c.req.param("code") ?? "", { ip: clientIp(c), now });
  if (!found.ok) {
    if (found.reason === "not_found") return c.html(NOT_FOUND_PAGE, 404);
    c.header("Retry-After", String(found.retryAfterSeconds));
    return c.html(tooManyMissesPage(Math.ceil(found.retryAfterSeconds / 60)), 429);
  }
  if (isHumanVisit(c.req.raw)) await recordClick(db, found.link.id, now);
  return c.redirect(shortLinkTarget(found.link), 302);
};
