// React's streaming render as the Workers use it (react-dom/server.browser), with the project's
// patch (decision 0082: encoded pieces reused, 2 KB writes): the bytes are the same as React's
// string render, render after render, for Russian text, repeated and long attributes.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { renderToReadableStream as RenderToReadableStream } from "react-dom/server";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

// The production build the Workers bundle (tests run React's development build otherwise).
const require = createRequire(import.meta.url);
const { renderToReadableStream } = require(
  join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.browser.production.min.js"),
) as { renderToReadableStream: typeof RenderToReadableStream };

function Page({ n }: { n: number }) {
  const rows = Array.from({ length: n }, (_, i) => i);
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 text-slate-900">
      <h1 title={`Заказы «${n}»`}>
        Заказы: {n} шт., сумма {(n * 1234.5).toLocaleString("ru-RU")} ₽
      </h1>
      <ul>
        {rows.map((i) => (
          <li
            key={i}
            className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
            data-row={i}
            aria-label={`Рейс № ${i}`}
          >
            <a
              href={`/dashboard/orders?page=${i}&q=${"молоко".repeat(i % 40)}`}
            >{`Москва → Санкт-Петербург ${"ё".repeat(i % 300)}`}</a>
            <span className={i % 2 ? "text-green-700" : "text-red-700"}>
              {i % 3 ? "Готов к оплате" : "В пути"}
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}

async function streamed(element: JSX.Element): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

describe("streaming render (patched react-dom/server.browser)", () => {
  it("writes exactly what the string render writes, again and again", async () => {
    for (const n of [0, 1, 7, 300, 7]) {
      expect(await streamed(<Page n={n} />)).toBe(renderToString(<Page n={n} />));
    }
  });

  it("keeps two renders in flight apart", async () => {
    const [a, b] = await Promise.all([streamed(<Page n={120} />), streamed(<Page n={45} />)]);
    expect(a).toBe(renderToString(<Page n={120} />));
    expect(b).toBe(renderToString(<Page n={45} />));
  });
});
