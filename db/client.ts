import { createClient, type Client } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

export type DbConfig = { url: string; authToken?: string };

/** One factory for every Worker: sqld over HTTP locally, Turso in production. */
export function createDb(config: DbConfig): Db {
  const client = createClient({ url: config.url, authToken: config.authToken || undefined });
  return drizzle(client, { schema });
}

/** Drizzle over libSQL; `$client` is the client itself, for the few writes sent as plain statements. */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export { schema };
