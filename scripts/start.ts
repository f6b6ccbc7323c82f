// `npm start`: the whole product on this machine (see README "Quick start").
import { resolve } from "node:path";
import { ROOT, startStack } from "./lib/stack";

const env = process.env;
const stack = await startStack({
  port: Number(env.PORT ?? 8787),
  sandboxPort: Number(env.SANDBOX_PORT ?? 8790),
  sqldPort: Number(env.SQLD_PORT ?? 8081),
  dataDir: resolve(ROOT, env.DATA_DIR ?? ".data"),
  cronTickSeconds: Number(env.CRON_TICK_SECONDS ?? 60),
  watch: true,
}).catch((error: unknown) => {
  console.error(`Не удалось запустить Рейс: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

console.log(`
Рейс is running:
  web       ${stack.urls.web}
  api       ${stack.urls.web}/api/health
  sandbox   ${stack.urls.sandbox}
  database  ${stack.urls.database}
Ctrl-C stops everything; data stays in ${env.DATA_DIR ?? ".data"}/.
`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping…");
    void stack.stop().then(() => process.exit(0));
  });
}
