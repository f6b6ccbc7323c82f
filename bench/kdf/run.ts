// `npx tsx bench/kdf/run.ts`: CPU time of password KDF candidates inside workerd (Miniflare),
// measured from outside as wall time of a request on an idle loopback.
import { build } from "esbuild";
import { Miniflare } from "miniflare";

const bundle = await build({
  entryPoints: [new URL("./worker.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  write: false,
  platform: "neutral",
  mainFields: ["module", "main"],
});
const mf = new Miniflare({
  modules: true,
  script: bundle.outputFiles[0].text,
  compatibilityDate: "2026-04-20",
});

const candidates = [
  "kind=pbkdf2&iterations=100000",
  "kind=pbkdf2&iterations=600000",
  "kind=scrypt&N=16384&r=8&p=1",
  "kind=scrypt&N=16384&r=8&p=5",
  "kind=scrypt&N=65536&r=8&p=1",
  "kind=scrypt&N=131072&r=8&p=1",
];
const ROUNDS = Number(process.env.KDF_ROUNDS ?? 5);

console.log("candidate".padEnd(34), "median ms", "min ms");
for (const query of candidates) {
  await mf.dispatchFetch(`http://kdf/?${query}`);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const response = await mf.dispatchFetch(`http://kdf/?${query}`);
    await response.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    query.padEnd(34),
    times[Math.floor(times.length / 2)].toFixed(0).padStart(9),
    times[0].toFixed(0).padStart(6),
  );
}
await mf.dispose();
