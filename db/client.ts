import { createClient } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

export type DbConfig = { url: string; authToken?: string };

/** One factory for every Worker: sqld over HTTP locally, Turso in production. */
export function createDb(config: DbConfig): Db {
  const client = createClient({ url: config.url, authToken: config.authToken || undefined });
  return drizzle(client, { schema });
}

export type Db = LibSQLDatabase<typeof schema>;
export { schema };
