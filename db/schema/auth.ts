import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A carrier company: every carrier-owned row hangs off one. */
/** Roles within a carrier company (decision 0076). */
export const COMPANY_ROLES = ["director", "dispatcher", "driver"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companies = sqliteTable(
  "companies",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    inn: text("inn"),
    kpp: text("kpp"),
    ogrn: text("ogrn"),
    address: text("address"),
    /** The partner code (workers/core/partners/codes.ts) the company registered through, if any. */
    partnerSource: text("partner_source"),
    /**
     * The partner came with a partner link's registration (/partner/<token>, decision 0042): only
     * then do its payments get the partner's discount. A partner named in a /register URL is
     * attribution for marketing, not a discount.
     */
    partnerViaLink: integer("partner_via_link", { mode: "boolean" }).notNull().default(false),
    /** The advertising campaign (landing `campaign` / `utm_campaign`) the company came with. */
    campaign: text("campaign"),
    /** The plan chosen on the landing before registering (workers/core/billing/plans.ts ids). */
    chosenPlan: text("chosen_plan"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * When its last member deleted their account (decision 0079): nobody can sign in to it any more,
     * and its personal data and credentials are erased by the retention sweep 30 days later.
     */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** When the retention sweep erased it; what accounting law keeps stays, without personal data. */
    erasedAt: integer("erased_at", { mode: "timestamp_ms" }),
  },
  // An INN names one open company; a closed one keeps it for the accounting records (decision
  // 0079, addendum) while the same INN may register again.
  (t) => [
    uniqueIndex("companies_inn_unique")
      .on(t.inn)
      .where(sql`closed_at is null`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Stored lower-cased: unique regardless of case. */
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The platform's own staff (`admin`) apart from carriers' users; not a role in the company. */
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    /**
     * The user's role in their company (decision 0076): a director runs it (members among all
     * else), a dispatcher and a driver are invited by one. Accounts registered with a company are
     * its directors.
     */
    companyRole: text("company_role", { enum: COMPANY_ROLES }).notNull().default("director"),
    passwordHash: text("password_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When the user followed the confirmation letter's link; null: the address is unconfirmed. */
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_company_idx").on(t.companyId)],
);

/**
 * Sessions as the Lucia authors recommend: the id is the SHA-256 of a random token only the
 * client holds. Browser sessions travel in a cookie; API sessions back the access/refresh pair.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["browser", "api"] }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Refresh tokens (hashed) of an API session; each is usable once, a reused one revokes the session. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/**
 * Hits counted by the throttles (sign-in attempts per e-mail and per IP, accounts created per
 * IP). A hit is taken before the work it limits, in one statement that also counts, so a
 * burst of parallel requests can never pass a limit; see workers/core/throttle.ts.
 */
export const throttleHits = sqliteTable(
  "throttle_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("throttle_hits_key_idx").on(t.key, t.createdAt)],
);
