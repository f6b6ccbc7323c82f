// Runs the sandbox emulators as a plain HTTP server for `npm start` and the e2e tests.
import { serve } from "@hono/node-server";
import { createSandboxApp } from "./app";

const port = Number(process.env.SANDBOX_PORT ?? 8790);
// YooKassa's notifications go to the web Worker's webhook (scripts/lib/stack.ts sets it).
const app = createSandboxApp({ yookassa: { webhookUrl: () => process.env.YOOKASSA_WEBHOOK_URL } });
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => {
  console.log(`sandbox listening on http://127.0.0.1:${port}`);
});
