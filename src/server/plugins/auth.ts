import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { MSG } from '../../domain/accounts/messages.ts';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { BUSY_GAP_MS, coalesce, perDatabase } from '../db/coalesce.ts';
import { sessions, type UserRow, users } from '../db/schema.ts';
import { totpFactors } from '../db/schema-security.ts';
import { AppError } from '../errors.ts';

const ISSUER = 'piste';
const AUDIENCE = 'piste-web';
/** How far in the future an `iat` may lie (clocks of instances sharing a database drift a little). */
const CLOCK_SKEW_SECONDS = 5;
const ID = /^[1-9]\d{0,9}$/;

export interface AuthUser {
  id: number;
  username: string;
  role: UserRow['role'];
  admin_level: UserRow['adminLevel'];
  is_superuser: boolean;
  /** A super administrator the association requires an authenticator of (TOTP_REQUIRED_FOR_SUPER)
   * who has none confirmed yet: the roles are kept, but the access gate refuses every call of the
   * session except what setting one up needs (plugins/access.ts, docs/decisions/0062). */
  second_factor_missing?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when a valid bearer token came with the request. */
    authUser: AuthUser | null;
    /** Set when a bearer token came but was refused (expired, revoked, forged): the message of the
     * 401 a guarded route, or the maintenance gate, answers, so that the client refreshes. */
    authRefused: string | null;
  }
}

function secretKey(ctx: AppContext): Uint8Array {
  return new TextEncoder().encode(ctx.config.jwtSecret);
}

/** A short-lived access token (HS256) for one session: sub (the user), sid (the session), iat,
 * exp, aud and iss. Ending the session (logout, password change, refresh-token replay) ends the
 * token at once. */
export async function signAccessToken(ctx: AppContext, userId: number, sessionId: number): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ctx.config.accessTokenMinutes * 60)
    .sign(secretKey(ctx));
}

interface VerifiedToken {
  userId: number;
  sessionId: number;
  issuedAt: number;
}

/** Tokens verified lately, by their exact text, per app (each has its own secret): a token's
 * signature and claims never change, so the next request with it has only its expiry checked
 * again (and its session, as every request). Saves the HMAC on a signed-in user's later calls. */
const VERIFIED_KEPT = 10_000;
const verifiedTokens = new WeakMap<AppContext, Map<string, VerifiedToken & { expiresAt: number }>>();

/** The token's claims when its signature, issuer, audience and times hold; null otherwise. sub
 * and sid must be positive whole numbers written in digits; iat may not lie in the future. */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<VerifiedToken | null> {
  let kept = verifiedTokens.get(ctx);
  if (!kept) {
    kept = new Map();
    verifiedTokens.set(ctx, kept);
  }
  const known = kept.get(token);
  // valid while now < exp, as jose has it
  if (known) return ctx.now().getTime() / 1000 < known.expiresAt ? known : null;
  const verified = await verifyAfresh(ctx, token);
  if (verified) {
    if (kept.size >= VERIFIED_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(token, verified);
  }
  return verified;
}

async function verifyAfresh(ctx: AppContext, token: string): Promise<(VerifiedToken & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    const { sub, sid, iat } = payload;
    if (typeof sub !== 'string' || !ID.test(sub)) return null;
    if (typeof sid !== 'number' || !Number.isSafeInteger(sid) || sid <= 0) return null;
    if (typeof iat !== 'number' || iat > ctx.now().getTime() / 1000 + CLOCK_SKEW_SECONDS) return null;
    if (typeof payload.exp !== 'number') return null;
    return { userId: Number(sub), sessionId: sid, issuedAt: iat, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

interface SessionUser extends AuthUser {
  isActive: boolean;
  passwordChangedAt: Date;
  secondFactor: boolean;
}

/** The users of open sessions, by `userId:sessionId`: the session checks of the requests that
 * arrive together, answered by one query (db/coalesce.ts). */
const openSessions = perDatabase((ctx: AppContext) =>
  coalesce(
    async (keys: string[]) => {
      const ids = keys.map((k) => Number(k.split(':')[1]));
      const rows = await ctx.db
        .select({
          sessionId: sessions.id,
          id: users.id,
          username: users.username,
          role: users.role,
          admin_level: users.adminLevel,
          is_superuser: users.isSuperuser,
          isActive: users.isActive,
          passwordChangedAt: users.passwordChangedAt,
          secondFactor: sql<boolean>`${totpFactors.confirmedAt} is not null`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())));
      return new Map<string, SessionUser>(rows.map(({ sessionId, ...user }) => [`${user.id}:${sessionId}`, user]));
    },
    { minGapMs: BUSY_GAP_MS },
  ),
);

/** The user a verified token names, when the account is active and the token's session is open. */
async function loadAuthUser(ctx: AppContext, token: VerifiedToken): Promise<AuthUser | null> {
  const row = await openSessions(ctx)(`${token.userId}:${token.sessionId}`);
  if (!row?.isActive) return null;
  // A password change also revokes every session; this holds for tokens of older sessions too.
  if (token.issuedAt < Math.floor(row.passwordChangedAt.getTime() / 1000)) return null;
  const { isActive: _active, passwordChangedAt: _changed, secondFactor, ...user } = row;
  // read on every request: once the authenticator is confirmed the same session has full access
  if (ctx.config.totpRequiredForSuper && isSuperAdmin(user) && !secondFactor) {
    return { ...user, second_factor_missing: true };
  }
  return user;
}

/** Reads `Authorization: Bearer …` on every request and loads the user it names. A refused token
 * leaves the request anonymous with `authRefused` set; guarded routes then answer 401. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('authUser', null);
  app.decorateRequest('authRefused', null);
  const authenticate = async (request: FastifyRequest, header: string): Promise<void> => {
    // the scheme is case-insensitive (RFC 9110 §11.1); the token is exactly as issued
    const match = /^bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
    const token = match?.[1] ? await verifyAccessToken(ctx, match[1]) : null;
    const user = token ? await loadAuthUser(ctx, token) : null;
    if (user) request.authUser = user;
    else request.authRefused = MSG.sessionExpired;
  };
  // callback style: an anonymous request (most public reads) passes without a promise
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (header === undefined) return done();
    authenticate(request, header).then(() => done(), done);
  });
}

/** The signed-in user inside a handler of a route declared `access: 'user'` (or higher). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw AppError.unauthenticated();
  return request.authUser;
}
