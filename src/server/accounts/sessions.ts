import type { CookieSerializeOptions } from '@fastify/cookie';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/accounts/index.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { rotatedTokens, sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { signAccessToken, verifyAccessToken } from '../plugins/auth.ts';
import { hashToken, newToken, shiftMs } from './tokens.ts';

/** The refresh cookie (decisions.md "Accounts and sessions"). */
export const REFRESH_COOKIE = 'refresh';
const COOKIE_PATH = '/api/v1/';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Two tabs share the cookie and may refresh at the same moment: a rotated token presented again
 * this soon after its rotation is that race, answered 401 (the client retries with the cookie the
 * winner set) without revoking anything. Later than this it is a replay. */
export const REUSE_GRACE_MS = 10_000;

/** A signed-in session as the routes hand it to the client: the access token in the body, the
 * refresh token in the cookie only. */
export interface IssuedSession {
  access: string;
  refresh: string;
  expiresAt: Date;
}

/** HttpOnly, SameSite=Strict, Secure in production on https (config.httpsOnly), sent only to the API. */
export function refreshCookieOptions(config: Config, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.httpsOnly,
    path: COOKIE_PATH,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/**
 * A cookie that only says a sign-in session may exist, so that a new tab (which has no access
 * token in its session storage) tries one silent refresh before showing the visitor as logged
 * out, and an anonymous visitor's first page makes no refresh call. It holds no secret: readable
 * by scripts, sent everywhere on the site, set and cleared with the refresh cookie.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

export function sessionHintCookieOptions(config: Config, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    httpOnly: false,
    sameSite: 'strict',
    secure: config.httpsOnly,
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** Seconds until the session expires, as the cookie's Max-Age. */
export function cookieMaxAge(ctx: AppContext, expiresAt: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - ctx.now().getTime()) / 1000));
}

/** Opens a session for a user who just signed in. */
export async function startSession(ctx: AppContext, userId: number): Promise<IssuedSession> {
  const refresh = newToken();
  const now = ctx.now();
  const expiresAt = shiftMs(now, ctx.config.refreshTokenDays * DAY_MS);
  const [session] = await ctx.db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(refresh), createdAt: now, expiresAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error('startSession: insert returned nothing');
  return { access: await signAccessToken(ctx, userId, session.id), refresh, expiresAt };
}

type RotateOutcome =
  | { kind: 'rotated'; userId: number; sessionId: number; expiresAt: Date }
  | { kind: 'replayed' }
  | { kind: 'invalid' };

/**
 * Exchanges a refresh token for a new one. The swap is one conditional update, so of two
 * concurrent refreshes with the same token only one finds it. A token that was already rotated
 * away is a replay: every session of its user is revoked. The session keeps its expiry.
 */
export async function refreshSession(ctx: AppContext, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw AppError.unauthenticated(MSG.sessionExpired);
  const refresh = newToken();
  const outcome = await ctx.db.transaction((tx) =>
    rotate(tx as unknown as Db, ctx.now(), hashToken(presented), refresh),
  );
  if (outcome.kind !== 'rotated') throw AppError.unauthenticated(MSG.sessionExpired);
  return {
    access: await signAccessToken(ctx, outcome.userId, outcome.sessionId),
    refresh,
    expiresAt: outcome.expiresAt,
  };
}

async function rotate(tx: Db, now: Date, oldHash: string, refresh: string): Promise<RotateOutcome> {
  const [session] = await tx
    .update(sessions)
    .set({ tokenHash: hashToken(refresh) })
    .where(and(eq(sessions.tokenHash, oldHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt });
  if (session) {
    const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, session.userId));
    if (!user?.isActive) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
      return { kind: 'invalid' };
    }
    await tx.insert(rotatedTokens).values({ tokenHash: oldHash, sessionId: session.id, rotatedAt: now });
    return { kind: 'rotated', userId: session.userId, sessionId: session.id, expiresAt: session.expiresAt };
  }
  const [replayed] = await tx
    .select({ userId: sessions.userId, rotatedAt: rotatedTokens.rotatedAt })
    .from(rotatedTokens)
    .innerJoin(sessions, eq(sessions.id, rotatedTokens.sessionId))
    .where(eq(rotatedTokens.tokenHash, oldHash));
  if (!replayed) return { kind: 'invalid' };
  if (now.getTime() - replayed.rotatedAt.getTime() < REUSE_GRACE_MS) return { kind: 'invalid' };
  await revokeUserSessions(tx, replayed.userId, now);
  return { kind: 'replayed' };
}

/** Ends the session a refresh token belongs to; unknown or already ended tokens are ignored. */
export async function endSession(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.tokenHash, hashToken(presented)), isNull(sessions.revokedAt)));
}

/** Revokes every open session of a user (password change or reset, refresh-token replay). */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of a user but one: the session that made a change to the account's
 * keys stays signed in, every other device is signed out (issue 37). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

/** The session a signed-in request's access token belongs to (its route's access check has
 * verified the token already: this reads the verified claims again, from the verifier's memory). */
export async function requestSessionId(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const match = /^bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  const token = match?.[1] ? await verifyAccessToken(ctx, match[1]) : null;
  if (!token) throw AppError.unauthenticated();
  return token.sessionId;
}
