import { scryptAsync } from "@noble/hashes/scrypt.js";

/** Times password KDF candidates inside workerd; see bench/kdf/run.ts. */
export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const kind = url.searchParams.get("kind");
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const started = performance.now();
    if (kind === "scrypt") {
      const N = Number(url.searchParams.get("N"));
      const r = Number(url.searchParams.get("r"));
      const p = Number(url.searchParams.get("p"));
      await scryptAsync("Reys2025demo", salt, { N, r, p, dkLen: 32 });
    } else {
      const iterations = Number(url.searchParams.get("iterations"));
      const key = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode("Reys2025demo"),
        "PBKDF2",
        false,
        ["deriveBits"],
      );
      await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
    }
    // workerd freezes timers during pure CPU work; Date.now() advances only on I/O, so the
    // wall clock is measured by the caller and this value is informative only.
    return Response.json({ elapsed: performance.now() - started });
  },
};
