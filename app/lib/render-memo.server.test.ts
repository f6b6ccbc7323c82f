import { describe, expect, it } from "vitest";
import { RenderMemo, renderKey, takeHandoff } from "./render-memo.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const decoded = (page: Uint8Array | undefined) => (page ? new TextDecoder().decode(page) : undefined);

describe("takeHandoff", () => {
  it("reads data that is all there, and gives the render the same bytes", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('[{"_1":2},"Москва"]\n'));
        controller.close();
      },
    });
    const handoff = await takeHandoff(stream);
    expect(handoff.complete).toBe(true);
    expect(await text(handoff.replay)).toBe('[{"_1":2},"Москва"]\n');
  });

  it("leaves deferred data streaming: not complete, and the render still gets every chunk", async () => {
    let resolveLater!: () => void;
    const later = new Promise<void>((resolve) => (resolveLater = resolve));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("first\n"));
        await later;
        controller.enqueue(bytes("deferred\n"));
        controller.close();
      },
    });
    const handoff = await takeHandoff(stream);
    expect(handoff.complete).toBe(false);
    const rendered = text(handoff.replay);
    resolveLater();
    expect(await rendered).toBe("first\ndeferred\n");
  });
});

describe("renderKey", () => {
  it("differs with the URL, the status or any byte of the data, and not with how the data is cut", async () => {
    const key = await renderKey("http://x/dashboard", 200, [bytes("[1,2]")]);
    expect(await renderKey("http://x/dashboard", 200, [bytes("[1,"), bytes("2]")])).toBe(key);
    expect(await renderKey("http://x/dashboard?page=2", 200, [bytes("[1,2]")])).not.toBe(key);
    expect(await renderKey("http://x/dashboard", 404, [bytes("[1,2]")])).not.toBe(key);
    expect(await renderKey("http://x/dashboard", 200, [bytes("[1,3]")])).not.toBe(key);
  });
});

describe("RenderMemo", () => {
  it("serves a kept page with the new nonce wherever the old one stood", () => {
    const memo = new RenderMemo();
    memo.keep("k", '<script nonce="OLD">a</script><p>Рейс</p><script nonce="OLD">b</script>', "OLD");
    expect(decoded(memo.take("k", "NEW"))).toBe(
      '<script nonce="NEW">a</script><p>Рейс</p><script nonce="NEW">b</script>',
    );
    expect(memo.take("other", "NEW")).toBeUndefined();
  });

  it("forgets the least recently used page first, by count and by size", () => {
    const memo = new RenderMemo(2, 1_000);
    memo.keep("a", "A", "n");
    memo.keep("b", "B", "n");
    memo.take("a", "n");
    memo.keep("c", "C", "n");
    expect(decoded(memo.take("a", "n"))).toBe("A");
    expect(memo.take("b", "n")).toBeUndefined();
    expect(decoded(memo.take("c", "n"))).toBe("C");

    const small = new RenderMemo(10, 10);
    small.keep("x", "12345", "n");
    small.keep("y", "678901", "n");
    expect(small.take("x", "n")).toBeUndefined();
    expect(decoded(small.take("y", "n"))).toBe("678901");
    small.keep("huge", "x".repeat(11), "n");
    expect(small.take("huge", "n")).toBeUndefined();
    expect(small.entries).toBe(1);
  });
});
