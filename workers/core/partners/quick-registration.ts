// Partner quick registration (spec 1 §3, §5; decision 0034): a lead registers its company and
// first user through a partner link, and the link is used up by that registration only. The
// /partner/:hash page's action and POST /api/registration/partner-register both call this.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, partnerLinks, users } from "../../../db/schema";
import {
  admitAccount,
  failedAccountWrite,
  type registrationsRateLimited,
  type AccountClash,
} from "../auth/accounts";
import { findPublicUser, type PublicUser } from "../auth/users";
import { releaseSlot } from "../throttle";
import { isCampaign, isPartnerCode } from "./codes";
import { isWellFormedToken } from "./landing";
import { claimLinkQuery, findByToken, type PartnerLink } from "./links";
import { PARTNER_REGISTRATION_MESSAGES, type PartnerRegistrationInput } from "./quick-registration-schema";

export type PartnerRegistrationResult =
  | { ok: true; user: PublicUser; link: PartnerLink }
  | { ok: false; reason: "invalid_link" | "already_registered"; message: string }
  | AccountClash
  | ReturnType<typeof registrationsRateLimited>;

const invalidLink = {
  ok: false,
  reason: "invalid_link",
  message: PARTNER_REGISTRATION_MESSAGES.invalidLink,
} as const;
const alreadyRegistered = {
  ok: false,
  reason: "already_registered",
  message: PARTNER_REGISTRATION_MESSAGES.alreadyRegistered,
} as const;

/**
 * Creates the lead's company and user and uses the link up, all in one batch (one transaction):
 * the company is inserted only while the link is unused, the claim marks it used by that
 * company, and the user is inserted only where this batch's claim holds. SQLite runs the batch
 * under its write lock, so of two registrations at once the second finds the link used and
 * writes nothing: one link never makes two companies. Cheap checks come first (link, e-mail,
 * INN), then the IP's registration slot (10 an hour, shared with /register), then the hash.
 */
export async function registerPartnerAccount(
  db: Db,
  input: PartnerRegistrationInput,
  { ip, now, campaign }: { ip: string | null; now: number; campaign?: string | null },
): Promise<PartnerRegistrationResult> {
  const token = input.token.trim().toLowerCase();
  if (!isWellFormedToken(token)) return invalidLink;
  const link = await findByToken(db, token);
  if (!link) return invalidLink;
  if (link.usedAt) return alreadyRegistered;
  const email = input.email.toLowerCase();
  const admitted = await admitAccount(
    db,
    { email, inn: input.companyInn, password: input.password },
    { ip, now },
  );
  if (!admitted.ok) return admitted;
  const { companyId, userId, passwordHash } = admitted;
  const linkUnused = sql`EXISTS (SELECT 1 FROM ${partnerLinks} WHERE ${partnerLinks.id} = ${link.id} AND ${partnerLinks.usedAt} IS NULL)`;
  const partner = isPartnerCode(link.partnerCode) ? link.partnerCode : null;
  const claimHeld = sql`EXISTS (SELECT 1 FROM ${partnerLinks} WHERE ${partnerLinks.id} = ${link.id} AND ${partnerLinks.registeredCompanyId} = ${companyId})`;
  let claimed: boolean;
  try {
    const [, claim] = await db.batch([
      // The company first: the claim refers to it.
      db.run(
        // The link's partner and the campaign the visitor came with stay with the company (decision
        // 0038); a partner's link is what earns its discount (decision 0042).
        sql`INSERT INTO ${companies} (id, name, inn, address, partner_source, partner_via_link, campaign, created_at) SELECT ${companyId}, ${input.companyName.trim()}, ${input.companyInn}, ${input.companyAddress.trim()}, ${partner}, ${partner ? 1 : 0}, ${isCampaign(campaign) ? campaign : null}, ${now} WHERE ${linkUnused}`,
      ),
      claimLinkQuery(db, token, companyId, now),
      db.run(
        sql`INSERT INTO ${users} (id, company_id, first_name, last_name, email, phone, role, password_hash, created_at) SELECT ${userId}, ${companyId}, ${input.firstName.trim()}, ${input.lastName.trim()}, ${email}, ${input.phone}, 'user', ${passwordHash}, ${now} WHERE ${claimHeld}`,
      ),
    ]);
    claimed = claim.rowsAffected === 1;
  } catch (error) {
    // The batch wrote nothing.
    return failedAccountWrite(db, admitted, error);
  }
  if (!claimed) {
    await releaseSlot(db, admitted.hitIds);
    return alreadyRegistered;
  }
  return { ok: true, user: (await findPublicUser(db, userId)) as PublicUser, link };
}
