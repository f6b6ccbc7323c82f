import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./migrations",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "http://127.0.0.1:8081",
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
