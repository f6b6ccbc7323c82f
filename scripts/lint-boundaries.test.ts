// The layers' import boundaries (eslint.config.js, import-x/no-restricted-paths) as CI's lint run
// sees them: ESLint's Node API lints small snippets at paths inside each layer, with the
// repository's own config. A forbidden import must be reported by the rule, an allowed one must
// not. The rule resolves each import to a file, so every import here names a file that exists.
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

/** What the boundary rule, or the check that an import resolves, reports for `code` at `path`. */
async function restrictions(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  const rules = ["import-x/no-restricted-paths", "import-x/no-unresolved"];
  return result.messages.filter((m) => rules.includes(m.ruleId ?? "")).map((m) => m.message);
}

type Case = [path: string, code: string];

/** Each case is one import; `forbidden` ones must be reported (and say what to do), `allowed` ones not. */
function layer(name: string, cases: { forbidden: Case[]; allowed: Case[] }) {
  describe(name, () => {
    it.each(cases.forbidden)("reports %s: %s", async (path, code) => {
      const messages = await restrictions(path, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/imported in restricted zone\. \S/);
    });
    it.each(cases.allowed)("allows %s: %s", async (path, code) => {
      expect(await restrictions(path, code)).toEqual([]);
    });
  });
}

layer("db/", {
  forbidden: [
    ["db/schema/platforms.ts", `import { PLATFORM_IDS } from "../../workers/providers/customer-platform";`],
    ["db/schema/edo.ts", `import type { WireDocument } from "../../workers/providers/edo-operator";`],
    ["db/seed.ts", `import { registerAccount } from "../workers/core/auth/accounts";`],
    ["db/client.ts", `import { formatNumber } from "../app/lib/format";`],
    ["db/client.ts", `import { formatNumber } from "~/lib/format";`],
    ["db/client.ts", `import { createSandboxApp } from "../sandbox/app";`],
    ["db/client.ts", `import { seedDemoData } from "../scripts/seed/demo";`],
    ["db/schema/index.ts", `export * from "../../workers/core/jobs/messages";`],
  ],
  allowed: [
    ["db/schema/platforms.ts", `import { ORDER_STATUSES } from "../vocabulary";`],
    ["db/schema/platforms.ts", `import { companies } from "./auth";`],
    ["db/client.ts", `import * as schema from "./schema";`],
    ["db/client.ts", `import { drizzle } from "drizzle-orm/libsql";`],
  ],
});

layer("workers/core", {
  forbidden: [
    ["workers/core/operator.ts", `import { statusOf } from "../web/outcomes";`],
    // From workers/core itself, "../jobs" is the jobs Worker.
    ["workers/core/operator.ts", `import { processJob } from "../jobs/process";`],
    ["workers/core/operator.ts", `import { jobsForTick } from "../cron/tick";`],
    ["workers/core/edo/sync.ts", `import type { ServiceDeps } from "../../web/deps";`],
    ["workers/core/edo/sync.ts", `import { processJob } from "../../jobs/process";`],
    ["workers/core/edo/sync.ts", `import { formatNumber } from "../../../app/lib/format";`],
    ["workers/core/edo/sync.ts", `import { formatNumber } from "~/lib/format";`],
    // tsconfig.json's baseUrl is the root, so TypeScript and esbuild accept a path from it.
    ["workers/core/edo/sync.ts", `import { formatNumber } from "app/lib/format";`],
    ["workers/core/edo/sync.ts", `const { statusOf } = await import("../../web/outcomes");`],
    ["workers/core/geo/gazetteer.ts", `import { CITIES } from "../../../sandbox/platforms/data/cities";`],
    ["workers/core/geo/gazetteer.test.ts", `import { statusOf } from "../../web/outcomes";`],
  ],
  allowed: [
    // From a folder of workers/core, "../jobs" is workers/core/jobs.
    ["workers/core/edo/sync.ts", `import { runPages } from "../jobs/runs";`],
    ["workers/core/edo/sync.ts", `import { EdoTokenError } from "../../providers/edo-operator";`],
    ["workers/core/edo/sync.ts", `import { edoConnections } from "../../../db/schema";`],
    ["workers/core/operator.ts", `import { isLive } from "./jobs/runs";`],
    // Tests beside core code may read the sandbox's data sets.
    [
      "workers/core/geo/gazetteer.test.ts",
      `import { CITIES } from "../../../sandbox/platforms/data/cities";`,
    ],
  ],
});

layer("workers/providers", {
  forbidden: [
    ["workers/providers/edo-api.ts", `import type { Caller } from "../web/bindings";`],
    ["workers/providers/edo-api.ts", `import { processJob } from "../jobs/process";`],
    ["workers/providers/edo-api.ts", `import { jobsForTick } from "../cron/tick";`],
    ["workers/providers/edo-api.ts", `import { formatNumber } from "../../app/lib/format";`],
    ["workers/providers/edo-api.ts", `import type { WireOrder } from "../../sandbox/platforms/orders";`],
    ["workers/providers/dadata.test.ts", `import { statusOf } from "../web/outcomes";`],
  ],
  allowed: [
    ["workers/providers/edo-operator.ts", `import type { EdoCategory } from "../../db/vocabulary";`],
    ["workers/providers/edo-api.ts", `import { fileNameOf } from "./content-disposition";`],
    ["workers/providers/dadata.test.ts", `import { createSandboxApp } from "../../sandbox/app";`],
  ],
});

layer("app/", {
  forbidden: [
    [
      "app/routes/_app.orders.tsx",
      `import { ORDER_STATUSES } from "../../workers/providers/customer-platform";`,
    ],
    ["app/routes/_app.orders.tsx", `import { sessionCookieName } from "../../workers/web/lib/auth";`],
    ["app/routes/_app.orders.tsx", `import type { Envelope } from "../../workers/web/api/types";`],
    ["app/routes/_app.orders.tsx", `import type { Caller } from "../../workers/web/bindings";`],
    ["app/routes/_app.orders.tsx", `import { processJob } from "../../workers/jobs/process";`],
    ["app/routes/_app.orders.tsx", `import { jobsForTick } from "../../workers/cron/tick";`],
    ["app/routes/_app.orders.tsx", `import type { Db } from "../../db/client";`],
    // TypeScript reads "client.js" as client.ts, and so must the rule: no-unresolved skips type imports.
    ["app/routes/_app.orders.tsx", `import type { Db } from "../../db/client.js";`],
    ["app/routes/_app.orders.tsx", `import { platformOrders } from "../../db/schema";`],
    ["app/routes/_app.orders.tsx", `import { createSandboxApp } from "../../sandbox/app";`],
    ["app/routes/_app.orders.tsx", `import { DEMO_ACCOUNTS } from "../../scripts/seed/demo";`],
    ["app/load-context.ts", `import type { ServiceDeps } from "../workers/web/deps";`],
    ["app/load-context.ts", `import type { Db } from "../db/client";`],
    ["app/lib/format.ts", `export type { WireParty } from "../../workers/providers/edo-operator";`],
  ],
  allowed: [
    ["app/load-context.ts", `import type { Caller, Db, ServiceDeps } from "../workers/web/wiring";`],
    ["app/routes/_app.orders.tsx", `import { statusOf } from "../../workers/web/wiring";`],
    ["app/routes/_app.orders.tsx", `import { statusOf } from "../../workers/web/wiring.ts";`],
    ["app/routes/_app.orders.tsx", `import { listOrders } from "../../workers/core/orders/orders";`],
    ["app/routes/_app.orders.tsx", `import { OrderCard } from "~/components/orders/order-card";`],
    ["app/routes/_app.orders.tsx", `import { data } from "@remix-run/cloudflare";`],
  ],
});

layer("app/components", {
  forbidden: [
    ["app/components/x5/x5-token-panel.tsx", `import type { action } from "~/routes/_app.x5";`],
    ["app/components/x5/x5-token-panel.tsx", `import type { action } from "../../routes/_app.x5";`],
    ["app/components/layout.tsx", `import type { loader } from "../routes/_app";`],
    // The app's own rules hold in components too.
    [
      "app/components/edo/presentation.ts",
      `import { EDO_PERIODS } from "../../../workers/providers/edo-operator";`,
    ],
    ["app/components/edo/presentation.ts", `import type { Db } from "../../../db/client";`],
  ],
  allowed: [
    [
      "app/components/edo/presentation.ts",
      `import { EDO_PERIODS } from "../../../workers/core/edo/vocabulary";`,
    ],
    ["app/components/edo/presentation.ts", `import { formatNumber } from "~/lib/format";`],
    ["app/components/edo/document-card.tsx", `import { roleLabel } from "./presentation";`],
    ["app/components/orders/order-card.tsx", `import { Button } from "../ui/button";`],
  ],
});

layer("sandbox/", {
  forbidden: [
    ["sandbox/edo/documents.ts", `import { app } from "../../workers/web/app";`],
    ["sandbox/edo/documents.ts", `import { processJob } from "../../workers/jobs/process";`],
    ["sandbox/edo/documents.ts", `import { jobsForTick } from "../../workers/cron/tick";`],
    ["sandbox/edo/documents.ts", `import { formatNumber } from "../../app/lib/format";`],
    ["sandbox/app.ts", `import { formatNumber } from "~/lib/format";`],
  ],
  allowed: [
    ["sandbox/edo/documents.ts", `import type { WireDocument } from "../../workers/providers/edo-operator";`],
    [
      "sandbox/edo/documents.ts",
      `import { legalEntityInn } from "../../workers/core/validation/russian-ids";`,
    ],
    ["sandbox/edo/documents.ts", `import { failureFor } from "../failures";`],
  ],
});

describe("resolution", () => {
  it("covers a file however deep in its layer", async () => {
    const deep = `app/${"nested/".repeat(12)}x.ts`;
    const up = "../".repeat(13);
    expect(await restrictions(deep, `import "${up}workers/providers/edo-operator";`)).toHaveLength(1);
    expect(await restrictions(deep, `import "${up}workers/core/edo/vocabulary";`)).toEqual([]);
  });

  // no-restricted-paths passes over an import it cannot resolve; no-unresolved reports it.
  it("reports a forbidden import that names no file", async () => {
    for (const code of [`import "../../app/no-such-module";`, `import { x } from "~/no-such-module";`]) {
      const messages = await restrictions("workers/core/edo/sync.ts", code);
      expect(messages).toEqual([expect.stringMatching(/^Unable to resolve path to module /)]);
    }
  });
});
