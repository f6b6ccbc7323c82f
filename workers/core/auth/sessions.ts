import { and, desc, eq, getTableColumns, gt, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import { companies, sessions, users, type CompanyRole } from "../../../db/schema";
import { generateSecretToken, hashToken } from "./tokens";
import { publicUserColumns, type PublicUser } from "./users";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused for 14 days ends; each use in the second half of that gives it 14 days again… */
export const SESSION_IDLE_MS = 14 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 7 * DAY_MS;
/** …but never more than 30 days after sign-in: then the user signs in again (decision 0017). */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;

/** When the session signed in at `createdAt` ends if it is not used after `now`. */
export function slidExpiry(createdAt: Date, now: number): Date {
  return new Date(Math.min(now + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/** The hard end of a session: refresh tokens of it expire then at the latest. */
export function sessionEnd(session: Pick<Session, "createdAt">): Date {
  return new Date(session.createdAt.getTime() + SESSION_MAX_AGE_MS);
}
const LAST_SEEN_GRANULARITY_MS = 5 * 60 * 1000;

export type Session = typeof sessions.$inferSelect;
export type SessionContext = { userAgent?: string | null; ip?: string | null };
/**
 * A live session and its user; `renewed` when this use extended its expiry. `companyRole` is read
 * with the session on every request (decision 0077), so a director's change of it or removal of
 * the member counts from the next request on; so is whether the e-mail address is confirmed
 * (decision 0073's banner), which the layout would otherwise read again.
 */
export type ValidSession = {
  session: Session;
  user: PublicUser;
  companyRole: CompanyRole;
  emailConfirmed: boolean;
  renewed: boolean;
};

export async function createSession(
  db: Db,
  input: { userId: string; kind: Session["kind"]; now: number } & SessionContext,
): Promise<{ token: string; session: Session }> {
  const token = generateSecretToken();
  const session: Session = {
    id: hashToken(token),
    userId: input.userId,
    kind: input.kind,
    createdAt: new Date(input.now),
    expiresAt: slidExpiry(new Date(input.now), input.now),
    lastSeenAt: new Date(input.now),
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip ?? null,
  };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** Every request's read: the session, its user, the user's role and company. */
const sessionQuery = preparedQuery((db: Db, p: Placeholders<{ sessionId: string }>) =>
  db
    .select({
      ...publicUserColumns,
      companyRole: users.companyRole,
      emailConfirmedAt: users.emailConfirmedAt,
      session: getTableColumns(sessions),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, p.sessionId)),
);

/** A session's row as read: its user, role and confirmation, whether or not it is still live. */
export type SessionRead = Omit<ValidSession, "renewed">;

/** The session with this id and its user, as stored (the read half of validateSession). */
export async function readSession(db: Db, sessionId: string): Promise<SessionRead | null> {
  const [row] = await sessionQuery(db, { sessionId });
  if (!row) return null;
  const { session, companyRole, emailConfirmedAt, ...user } = row;
  return { session, user, companyRole, emailConfirmed: emailConfirmedAt !== null };
}

/** Whether a session read is still live at `now`: not expired, and not past its hard end. */
export function sessionLive(session: Session, now: number): boolean {
  return session.expiresAt.getTime() > now && sessionEnd(session).getTime() > now;
}

/**
 * The write half of validateSession: an ended session is deleted (null); a used one is extended
 * in the second half of its life and its last use noted every few minutes.
 */
export async function settleSession(db: Db, read: SessionRead, now: number): Promise<ValidSession | null> {
  const { session } = read;
  if (!sessionLive(session, now)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  const slid = slidExpiry(session.createdAt, now);
  const renew =
    session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS && slid.getTime() > session.expiresAt.getTime();
  const touch = now - session.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS;
  if (renew || touch) {
    session.lastSeenAt = new Date(now);
    if (renew) session.expiresAt = slid;
    await db
      .update(sessions)
      .set({ lastSeenAt: session.lastSeenAt, expiresAt: session.expiresAt })
      .where(eq(sessions.id, session.id));
  }
  return { ...read, renewed: renew };
}

/** The live session with this id and its user; expired sessions are deleted; use extends them. */
export async function validateSession(db: Db, sessionId: string, now: number): Promise<ValidSession | null> {
  const read = await readSession(db, sessionId);
  return read && settleSession(db, read, now);
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export type SessionSummary = Pick<Session, "kind" | "createdAt" | "lastSeenAt" | "userAgent" | "ip"> & {
  /** A public handle: the first 16 characters of the id, enough to end it, useless to sign in. */
  id: string;
  current: boolean;
};

const HANDLE_LENGTH = 16;

export async function listSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now: number,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.id.slice(0, HANDLE_LENGTH),
    kind: s.kind,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions by its handle; another user's handle matches nothing. */
export async function endSessionByHandle(db: Db, userId: string, handle: string): Promise<boolean> {
  if (handle.length !== HANDLE_LENGTH) return false;
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((s) => s.id.startsWith(handle));
  if (!match) return false;
  await invalidateSession(db, match.id);
  return true;
}

export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  return result.rowsAffected;
}
