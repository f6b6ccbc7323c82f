// The Workers' process under `npm start` (scripts/lib/stack.ts starts and supervises it): the
// three Workers in one Miniflare. Its settings come as JSON in REYS_WORKERS_HOST.
import { hostWorkers, type WorkersHostOptions } from "./lib/workers-host";

const options = JSON.parse(process.env.REYS_WORKERS_HOST ?? "{}") as Omit<WorkersHostOptions, "log">;
const log = (line: string) => console.log(line);
const host = await hostWorkers({ ...options, log }).catch((error: unknown) => {
  console.error(`The Workers did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
log(`Workers ready on ${host.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void host.dispose().finally(() => process.exit(0));
  });
}
