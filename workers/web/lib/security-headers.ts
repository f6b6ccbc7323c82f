import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "../bindings";

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.mapbox.com",
    "font-src 'self' data:",
    "connect-src 'self' https://*.mapbox.com https://events.mapbox.com",
    "worker-src 'self' blob:",
    "child-src blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** A fresh CSP nonce per request (Remix's inline scripts carry it) and the security headers. */
export const securityHeaders: MiddlewareHandler<AppBindings> = async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.set("cspNonce", nonce);
  await next();
  c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  // A page served from the page cache carries the nonce it was rendered with (page-cache.ts).
  headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("cspNonce") ?? nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
};
