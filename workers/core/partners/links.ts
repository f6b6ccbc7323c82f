// Partner links (spec 1 §2 «Partner links management», §3, §4; decision 0033): a carrier's
// invitation of a lead company to /partner/<token>, also reachable as /s/<code>. Every query
// here is scoped to the owning company except the public look-ups by token or code.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { partnerLinks } from "../../../db/schema";
import { partnerDiscountPercent, partnerName, type PartnerCode } from "./codes";
import { ipThrottleKey, releaseSlot, secondsUntilFree, takeSlot, type ThrottleRule } from "../throttle";
import type { GenerateLinkInput, PartnerLinkInput } from "./link-schema";

export type PartnerLink = typeof partnerLinks.$inferSelect;

/** Characters of a short code: lower-case letters and digits without look-alikes (0/o, 1/l/i). */
export const SHORT_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** New codes: 31^12 ≈ 7.9 × 10^17 (≈ 59 bits), out of reach of guessing at the miss limit (decision 0043). */
export const SHORT_CODE_LENGTH = 12;
/** Codes made before decision 0043 keep working. */
const LEGACY_SHORT_CODE_LENGTH = 8;
/** How long a partner's discount shown on its landing stays valid after the link is made. */
export const PARTNER_DISCOUNT_VALID_DAYS = 30;
/** The newest links the /partners list shows. */
export const MAX_LISTED_LINKS = 500;
/** New codes to try when a random token or code is already taken (practically never). */
const MAX_CODE_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The /partner/:hash token: 20 random bytes as 32 base32 characters. */
export function generateLinkToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** A short code: SHORT_CODE_LENGTH characters of SHORT_CODE_ALPHABET, unbiased. */
export function generateShortCode(): string {
  // Bytes at or above the largest multiple of the alphabet's size are drawn again.
  const limit = 256 - (256 % SHORT_CODE_ALPHABET.length);
  let code = "";
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SHORT_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < SHORT_CODE_LENGTH)
        code += SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** A short code as typed or linked: case does not matter, anything else is no code of ours. */
export function normalizeShortCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  const knownLength = code.length === SHORT_CODE_LENGTH || code.length === LEGACY_SHORT_CODE_LENGTH;
  return knownLength && [...code].every((c) => SHORT_CODE_ALPHABET.includes(c)) ? code : null;
}

export const partnerLinkPath = (token: string) => `/partner/${encodeURIComponent(token)}`;
export const shortLinkPath = (code: string) => `/s/${encodeURIComponent(code)}`;

/** A link as the carrier sees it (spec 1 §3 «Partner link» plus the short form and its clicks). */
export type PartnerLinkView = {
  id: string;
  unique_token: string;
  /** Absolute URL of the partner landing. */
  link: string;
  short_code: string;
  /** Absolute URL of the short form. */
  short_link: string;
  partner_source: { name: string; code: string | null };
  source: string;
  clicks: number;
  last_clicked_at: string | null;
  created_at: string;
  used_at: string | null;
};

export type PartnerLinkStats = {
  total: number;
  used: number;
  active: number;
  /** Human clicks on the company's short links. */
  clicks: number;
  /** Links opened from the short link or registered through (a used link was evidently opened). */
  clicked: number;
  /** Registered ÷ clicked, in percent with one decimal; 0 while nothing was clicked. */
  conversion: number;
};

export function linkView(link: PartnerLink, origin: string): PartnerLinkView {
  return {
    id: link.id,
    unique_token: link.uniqueToken,
    link: new URL(partnerLinkPath(link.uniqueToken), origin).href,
    short_code: link.shortCode,
    short_link: new URL(shortLinkPath(link.shortCode), origin).href,
    partner_source: { name: link.partnerSourceName, code: link.partnerCode },
    source: link.source,
    clicks: link.clicks,
    last_clicked_at: link.lastClickedAt?.toISOString() ?? null,
    created_at: link.createdAt.toISOString(),
    used_at: link.usedAt?.toISOString() ?? null,
  };
}

/**
 * An open invitation's lead (decision 0070): blank, which no described lead can be, so its
 * landing's quick-registration form starts empty.
 */
const NO_LEAD = {
  companyName: "",
  companyInn: "",
  companyAddress: "",
  contactFirstName: "",
  contactLastName: "",
  contactEmail: "",
} satisfies Partial<PartnerLinkInput>;

export type LinkCreator = {
  companyId: string;
  /** The carrier's name: the link's «partner source» shown on the table and the landing. */
  companyName: string;
  userId: string | null;
};

export type CreateLinkOptions = {
  source: string;
  /** A retail partner's link (seeds, partner programmes): its name and discount come from the table. */
  partnerCode?: PartnerCode;
  now: number;
};

/**
 * Makes a link for the lead. The token and code are random; a clash with an existing one
 * (one in 10^12 for a code) is retried with new ones, never reported to the user.
 */
export async function createLink(
  db: Db,
  creator: LinkCreator,
  lead: PartnerLinkInput | null,
  options: CreateLinkOptions,
): Promise<PartnerLink> {
  const discount = partnerDiscountPercent(options.partnerCode);
  const base = {
    companyId: creator.companyId,
    createdBy: creator.userId,
    source: options.source,
    partnerCode: options.partnerCode ?? null,
    partnerSourceName: (options.partnerCode && partnerName(options.partnerCode)) || creator.companyName,
    ...(lead ?? NO_LEAD),
    companyPhone: lead?.companyPhone ?? null,
    companyEmail: lead?.companyEmail ?? null,
    contactPhone: lead?.contactPhone ?? null,
    // A carrier's own link shows no discount: billing prices by partner code only (decision 0031),
    // so a discount promised here would not be honoured at payment.
    discountValue: discount,
    discountType: "percentage" as const,
    discountDescription: discount > 0 ? `Скидка ${discount}% на тарифы платформы для партнеров` : null,
    discountValidUntil: discount > 0 ? new Date(options.now + PARTNER_DISCOUNT_VALID_DAYS * DAY_MS) : null,
    clicks: 0,
    createdAt: new Date(options.now),
  };
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const [created] = await db
      .insert(partnerLinks)
      .values({
        ...base,
        id: crypto.randomUUID(),
        uniqueToken: generateLinkToken(),
        shortCode: generateShortCode(),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error(`partners: no free short code after ${MAX_CODE_ATTEMPTS} attempts`);
}

/** Links one user may make in an hour: far above a person's pace, well below a script's. */
export const MAX_LINKS_PER_USER_PER_HOUR = 60;
const GENERATE_WINDOW_MS = 60 * 60 * 1000;

export type GenerateResult =
  { ok: true; link: PartnerLink } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * A link made by a signed-in user (the /partners dialog, POST /api/partner/generate): counted
 * against the user's hourly limit before it is written (decision 0016).
 */
export async function generateLink(
  db: Db,
  creator: LinkCreator & { userId: string },
  input: GenerateLinkInput,
  now: number,
): Promise<GenerateResult> {
  const slot = await takeSlot(
    db,
    [
      {
        key: `partner:generate:user:${creator.userId}`,
        limit: MAX_LINKS_PER_USER_PER_HOUR,
        windowMs: GENERATE_WINDOW_MS,
      },
    ],
    now,
  );
  if (!slot.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: slot.retryAfterSeconds };
  const { source, ...lead } = input;
  try {
    const described = "companyInn" in lead ? lead : null;
    return { ok: true, link: await createLink(db, creator, described, { source, now }) };
  } catch (error) {
    await releaseSlot(db, slot.hitIds);
    throw error;
  }
}

/** The company's links, newest first (at most MAX_LISTED_LINKS), and stats over all of them. */
export async function listLinks(
  db: Db,
  companyId: string,
  origin: string,
): Promise<{ leads: PartnerLinkView[]; stats: PartnerLinkStats }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(partnerLinks)
      .where(eq(partnerLinks.companyId, companyId))
      .orderBy(desc(partnerLinks.createdAt), desc(partnerLinks.id))
      .limit(MAX_LISTED_LINKS),
    db
      .select({
        total: sql<number>`count(*)`,
        used: sql<number>`count(${partnerLinks.usedAt})`,
        clicks: sql<number>`coalesce(sum(${partnerLinks.clicks}), 0)`,
        clicked: sql<number>`coalesce(sum(${partnerLinks.clicks} > 0 OR ${partnerLinks.usedAt} IS NOT NULL), 0)`,
      })
      .from(partnerLinks)
      .where(eq(partnerLinks.companyId, companyId)),
  ]);
  const total = Number(totals.total);
  const used = Number(totals.used);
  const clicked = Number(totals.clicked);
  return {
    leads: rows.map((row) => linkView(row, origin)),
    stats: {
      total,
      used,
      active: total - used,
      clicks: Number(totals.clicks),
      clicked,
      conversion: clicked > 0 ? Math.round((used / clicked) * 1000) / 10 : 0,
    },
  };
}

/** A link by its /partner/:hash token (public: whoever holds the token may see its offer). */
export async function findByToken(db: Db, token: string): Promise<PartnerLink | null> {
  const [link] = await db.select().from(partnerLinks).where(eq(partnerLinks.uniqueToken, token)).limit(1);
  return link ?? null;
}

/** A link by its short code, in any case; null for an unknown or malformed code. */
export async function findByShortCode(db: Db, code: string): Promise<PartnerLink | null> {
  const normalized = normalizeShortCode(code);
  if (!normalized) return null;
  const [link] = await db.select().from(partnerLinks).where(eq(partnerLinks.shortCode, normalized)).limit(1);
  return link ?? null;
}

/** Unknown codes one address may follow in an hour; after that every code answers 429 to it. */
export const MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR = 30;
const MISS_WINDOW_MS = 60 * 60 * 1000;

const missRule = (ip: string): ThrottleRule => ({
  key: `partner:short-miss:ip:${ipThrottleKey(ip)}`,
  limit: MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR,
  windowMs: MISS_WINDOW_MS,
});

export type ShortCodeLookup =
  | { ok: true; link: PartnerLink }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * A short code as a visitor follows it. Misses are counted per address (decision 0043): an
 * address at its limit learns nothing about any code, a live one included, until its misses age
 * out, so guessing codes through /s/ stays a trickle. A request without an address (only in
 * tests: Cloudflare always names the client) is not limited.
 */
export async function followShortCode(
  db: Db,
  code: string,
  client: { ip: string | null; now: number },
): Promise<ShortCodeLookup> {
  const rule = client.ip ? missRule(client.ip) : null;
  if (rule) {
    const wait = await secondsUntilFree(db, [rule], client.now);
    if (wait > 0) return { ok: false, reason: "rate_limited", retryAfterSeconds: wait };
  }
  const link = await findByShortCode(db, code);
  if (link) return { ok: true, link };
  if (rule) {
    // Counted under the write lock: a parallel burst of misses cannot take more than the limit.
    const slot = await takeSlot(db, [rule], client.now);
    if (!slot.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: slot.retryAfterSeconds };
  }
  return { ok: false, reason: "not_found" };
}

/** Counts one click on the short link, in one statement, so parallel clicks all count. */
export async function recordClick(db: Db, linkId: string, now: number): Promise<void> {
  await db
    .update(partnerLinks)
    .set({ clicks: sql`${partnerLinks.clicks} + 1`, lastClickedAt: new Date(now) })
    .where(eq(partnerLinks.id, linkId));
}

/**
 * The UPDATE that marks the link used by the company that just registered through it, for a
 * `db.batch` with the registration's own writes: its `rowsAffected` is 1 only for the claim
 * that found the link unused.
 */
export function claimLinkQuery(db: Db, token: string, companyId: string, now: number) {
  return db
    .update(partnerLinks)
    .set({ usedAt: new Date(now), registeredCompanyId: companyId })
    .where(and(eq(partnerLinks.uniqueToken, token), isNull(partnerLinks.usedAt)));
}

/**
 * Marks the link used by `companyId`. One conditional UPDATE: of two registrations at once
 * only one sees `used_at IS NULL`, so a link registers once. True when this call claimed it;
 * false for a used or unknown link.
 */
export async function claimLink(db: Db, token: string, companyId: string, now: number): Promise<boolean> {
  const result = await claimLinkQuery(db, token, companyId, now);
  return result.rowsAffected === 1;
}

/** The campaign of a carrier's own invitations; which link brought a company is on the link itself. */
export const CARRIER_INVITE_CAMPAIGN = "carrier_invite";

/**
 * Where a short link sends its visitor: the partner landing with the campaign's UTM labels (the
 * partner's code when the link has one, else CARRIER_INVITE_CAMPAIGN). Never the short code: it
 * opens the lead's data as the token does, and the URL's labels go into analytics (decision 0043).
 */
export function shortLinkTarget(link: Pick<PartnerLink, "uniqueToken" | "partnerCode">): string {
  const params = new URLSearchParams({
    utm_source: "partner",
    utm_medium: "short_link",
    utm_campaign: link.partnerCode ?? CARRIER_INVITE_CAMPAIGN,
  });
  return `${partnerLinkPath(link.uniqueToken)}?${params}`;
}
