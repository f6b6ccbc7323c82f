import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { sandboxProviderVars } from "./sandbox/vars";

/**
 * `npm test` runs three projects:
 * - unit: Node, tests beside their code, real libSQL (a temp-file database)
 * - workers: the Workers' handlers inside workerd, against a real sqld
 * - e2e: Debian's Chromium (playwright-core) against the stack started as `npm start` starts it
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // Password hashing costs ~0.5 s of CPU per call by design (OWASP scrypt).
          testTimeout: 30_000,
          include: ["{app,workers,db,scripts,sandbox}/**/*.test.{ts,tsx}"],
        },
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
      },
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                DATABASE_URL: inject("databaseUrl"),
                DATABASE_AUTH_TOKEN: "",
                APP_ENV: "test",
                SESSION_SECRET: "workers-test-secret-of-at-least-32-chars",
                CREDENTIALS_KEY: "dGVzdC1jcmVkZW50aWFscy1rZXktMzItYnl0ZXMhISE=",
                ...sandboxProviderVars(inject("sandboxUrl")),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // Sign-in tests hash passwords (scrypt, ~0.5 s of CPU each by design) while the e2e
          // project shares the same two cores.
          testTimeout: 180_000,
          // Their hooks make users the same way (a password hashed): 10 s was exceeded once in CI.
          hookTimeout: 180_000,
          include: ["tests/workers/**/*.test.ts"],
          globalSetup: ["tests/workers/global-setup.ts"],
        },
        ssr: {
          optimizeDeps: {
            include: [
              "@remix-run/cloudflare",
              "@remix-run/react",
              "react",
              "react-dom/server",
              "react/jsx-runtime",
              "isbot",
            ],
          },
        },
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 150_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
