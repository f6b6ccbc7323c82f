// The server render of a document is a function of its URL, its status and the data its loaders
// returned (decision 0085): the same inputs give the same HTML, but for the CSP nonce. This memo
// keeps the HTML of recent renders per isolate under a digest of exactly those inputs, so a page
// whose data has not changed since it was last rendered (a dispatcher reloading the orders, the
// dashboard opened again) is not rendered again. The loaders still run on every request: nothing
// here is ever older than the database.

/** The bytes of a page's serialised data (Remix's single-fetch handoff stream), read whole. */
export type HandoffData = {
  /** Every chunk read, in order. */
  chunks: Uint8Array[];
  /** Whether the stream ended: false while deferred data was still pending. */
  complete: boolean;
  /** The same bytes again, then whatever the original stream still sends, for the render. */
  replay: ReadableStream<Uint8Array>;
};

/**
 * Reads what the handoff stream holds now. Data without promises is encoded at once, so the stream
 * has ended by the time the document renders; a page with deferred data has not, and is left to
 * stream as before (`complete` false).
 */
export async function takeHandoff(stream: ReadableStream<Uint8Array>): Promise<HandoffData> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise<"later">((resolve) => (timer = setTimeout(() => resolve("later"), 0)));
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let complete = false;
  for (;;) {
    pending = reader.read();
    const next = await Promise.race([pending, later]);
    if (next === "later") break;
    pending = undefined;
    if (next.done) {
      complete = true;
      break;
    }
    chunks.push(next.value);
  }
  clearTimeout(timer);
  let replayed = false;
  const replay = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!replayed) {
        replayed = true;
        for (const chunk of chunks) controller.enqueue(chunk);
        if (complete) controller.close();
        return;
      }
      const next = await (pending ?? reader.read());
      pending = undefined;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { chunks, complete, replay };
}

const encoder = new TextEncoder();

/** A digest of everything a document's render reads: URL, status and data. */
export async function renderKey(url: string, status: number, data: Uint8Array[]): Promise<string> {
  const whole = joined([encoder.encode(`${status} ${url}\n`), ...data]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", whole));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The parts one after another in one array, with `between` between each two. */
function joined(parts: Uint8Array[], between = new Uint8Array(0)): Uint8Array<ArrayBuffer> {
  const length = parts.reduce((sum, part) => sum + part.length, 0) + between.length * (parts.length - 1);
  const whole = new Uint8Array(Math.max(length, 0));
  let at = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      whole.set(between, at);
      at += between.length;
    }
    whole.set(part, at);
    at += part.length;
  });
  return whole;
}

type Entry = { parts: Uint8Array[]; size: number };

/**
 * Recently rendered pages, least recently used first out, bounded in entries and in bytes kept.
 * A page is kept as its UTF-8 bytes around its nonce (an ASCII string), and served with the
 * request's own nonce in those places.
 */
export class RenderMemo {
  readonly #entries = new Map<string, Entry>();
  #size = 0;

  constructor(
    readonly maxEntries = 256,
    readonly maxBytes = 16_000_000,
  ) {}

  get entries(): number {
    return this.#entries.size;
  }

  /** The page kept under `key`, with `nonce` wherever its render had its own; undefined if none. */
  take(key: string, nonce: string): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return joined(entry.parts, encoder.encode(nonce));
  }

  /** Keeps `html`, rendered with `nonce`, under `key` (a page bigger than the whole memo is not kept). */
  keep(key: string, html: string, nonce: string): void {
    const parts = (nonce ? html.split(nonce) : [html]).map((part) => encoder.encode(part));
    const size = parts.reduce((sum, part) => sum + part.length, 0);
    if (size > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#size -= old.size;
    }
    this.#entries.set(key, { parts, size });
    this.#size += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#size <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }
}
