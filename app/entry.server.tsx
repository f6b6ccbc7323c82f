import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { RenderMemo, renderKey, takeHandoff } from "~/lib/render-memo.server";

const STREAM_TIMEOUT_MS = 5_000;

/** This isolate's recently rendered documents (decision 0085). */
const memo = new RenderMemo();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A GET answered 200 whose data is all there: the same URL and data render the same page.
  let key: string | undefined;
  if (request.method === "GET" && responseStatusCode === 200 && remixContext.serverHandoffStream) {
    const handoff = await takeHandoff(remixContext.serverHandoffStream);
    remixContext.serverHandoffStream = handoff.replay;
    if (handoff.complete) {
      key = await renderKey(request.url, responseStatusCode, handoff.chunks);
      const kept = memo.take(key, nonce);
      if (kept !== undefined) {
        await handoff.replay.cancel();
        responseHeaders.append("Server-Timing", 'render;desc="memo"');
        return new Response(kept, { headers: responseHeaders, status: responseStatusCode });
      }
    }
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), STREAM_TIMEOUT_MS);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={STREAM_TIMEOUT_MS} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error("render failed", error);
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  if (key === undefined) {
    if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
    return new Response(body, { headers: responseHeaders, status });
  }
  // Nothing is deferred, so the whole page renders at once: kept whole unless the render failed.
  const html = await new Response(body).text();
  if (status === 200 && !controller.signal.aborted) memo.keep(key, html, nonce);
  responseHeaders.append("Server-Timing", 'render;desc="fresh"');
  return new Response(html, { headers: responseHeaders, status });
}
