import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies, users } from "./auth";

/**
 * A partner link (spec 1 §2 «Partner links management», §3 «Partner link», decision 0033): a
 * carrier invites a lead company with a prefilled quick registration at /partner/<unique_token>,
 * also reachable as /s/<short_code>. Active until a registration claims it (`used_at` set).
 */
export const partnerLinks = sqliteTable(
  "partner_links",
  {
    id: text("id").primaryKey(),
    /** The carrier that made the link; only it sees the link and its lead. */
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The /partner/:hash token: 32 base32 characters (160 random bits). */
    uniqueToken: text("unique_token").notNull(),
    /** The /s/:code code: 12 characters of an alphabet without look-alikes (8 before decision 0043). */
    shortCode: text("short_code").notNull(),
    /** Where the link was made (spec 1 §3: "web_dashboard" from /partners). */
    source: text("source").notNull(),
    /** A retail partner's code (workers/core/partners/codes.ts) when the link is that partner's; null for a carrier's own. */
    partnerCode: text("partner_code"),
    /** «partner_source.name»: who invites, shown in the table and on the partner landing. */
    partnerSourceName: text("partner_source_name").notNull(),
    companyName: text("company_name").notNull(),
    companyInn: text("company_inn").notNull(),
    companyAddress: text("company_address").notNull(),
    companyPhone: text("company_phone"),
    companyEmail: text("company_email"),
    contactFirstName: text("contact_first_name").notNull(),
    contactLastName: text("contact_last_name").notNull(),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email").notNull(),
    /** The discount the partner landing shows: a percentage (0–50) or a fixed sum in kopecks. */
    discountValue: integer("discount_value").notNull(),
    discountType: text("discount_type", { enum: ["percentage", "fixed"] })
      .notNull()
      .default("percentage"),
    discountDescription: text("discount_description"),
    discountValidUntil: integer("discount_valid_until", { mode: "timestamp_ms" }),
    /** Human clicks on the short link (bots are not counted). */
    clicks: integer("clicks").notNull().default(0),
    lastClickedAt: integer("last_clicked_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Set once, by the registration that claimed the link (claimLink). */
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    registeredCompanyId: text("registered_company_id").references(() => companies.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    // The company's list, newest first, and its stats.
    index("partner_links_company_created_idx").on(t.companyId, t.createdAt),
    uniqueIndex("partner_links_token_unique").on(t.uniqueToken),
    uniqueIndex("partner_links_short_code_unique").on(t.shortCode),
  ],
);
