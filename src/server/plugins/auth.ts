import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { isAdmin, isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { type UserRow, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

const ISSUER = 'piste';
const AUDIENCE = 'piste-web';

export interface AuthUser {
  id: number;
  username: string;
  role: UserRow['role'];
  admin_level: UserRow['adminLevel'];
  is_superuser: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when a valid bearer token came with the request. */
    authUser: AuthUser | null;
  }
}

function secretKey(ctx: AppContext): Uint8Array {
  return new TextEncoder().encode(ctx.config.jwtSecret);
}

/** A short-lived access token (HS256, with exp, aud and iss). */
export async function signAccessToken(ctx: AppContext, userId: number): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ctx.config.accessTokenMinutes * 60)
    .sign(secretKey(ctx));
}

async function verifyAccessToken(ctx: AppContext, token: string): Promise<{ id: number; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0 || typeof payload.iat !== 'number') return null;
    return { id, issuedAt: payload.iat };
  } catch {
    return null;
  }
}

/** Reads `Authorization: Bearer …` on every request and loads the user it names. An invalid
 * token is the same as none, except that guarded routes then answer 401. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = await verifyAccessToken(ctx, header.slice(7).trim());
    if (!token) return;
    const [row] = await ctx.db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        admin_level: users.adminLevel,
        is_superuser: users.isSuperuser,
        isActive: users.isActive,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(users)
      .where(eq(users.id, token.id));
    if (!row?.isActive) return;
    // A password change or reset ends every access token issued before it (iat has whole seconds).
    if (token.issuedAt < Math.floor(row.passwordChangedAt.getTime() / 1000)) return;
    const { isActive: _active, passwordChangedAt: _changed, ...user } = row;
    request.authUser = user;
  });
}

/** preHandler: a signed-in user is required (401 otherwise). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.authUser) throw AppError.unauthenticated();
}

/** preHandler: an administrator is required (401 anonymous, 403 otherwise). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.authUser) throw AppError.unauthenticated();
  if (!isAdmin(request.authUser)) throw AppError.forbidden();
}

/** preHandler: a super administrator is required (401 anonymous, 403 otherwise). */
export async function requireSuperAdmin(request: FastifyRequest): Promise<void> {
  if (!request.authUser) throw AppError.unauthenticated();
  if (!isSuperAdmin(request.authUser)) throw AppError.forbidden();
}

/** The signed-in user inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw AppError.unauthenticated();
  return request.authUser;
}
