// Runs the sandbox emulators as a plain HTTP server for `npm start` and the e2e tests.
import { serve } from "@hono/node-server";
import { join } from "node:path";
import { createSandboxApp } from "./app";

const port = Number(process.env.SANDBOX_PORT ?? 8790);
// Where the sandbox keeps what must outlive a restart (scripts/lib/stack.ts: <data dir>/sandbox).
// Unset: everything is in memory.
const dataDir = process.env.SANDBOX_DATA_DIR || undefined;
const app = createSandboxApp({
  yookassa: {
    // YooKassa's notifications go to the web Worker's webhook (scripts/lib/stack.ts sets it).
    webhookUrl: () => process.env.YOOKASSA_WEBHOOK_URL,
    dataFile: dataDir && join(dataDir, "yookassa.jsonl"),
  },
  bank: {
    dataFile: dataDir && join(dataDir, "bank.jsonl"),
    // How long the sandbox bank takes to execute a payment order (default 5 s).
    executionDelayMs: process.env.SANDBOX_BANK_EXECUTION_DELAY_MS
      ? Number(process.env.SANDBOX_BANK_EXECUTION_DELAY_MS)
      : undefined,
  },
});
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => {
  console.log(`sandbox listening on http://127.0.0.1:${port}`);
});
