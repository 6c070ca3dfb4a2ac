import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { MSG } from '../../domain/accounts/index.ts';
import { TOTP, TOTP_MSG, type TotpLoginInput } from '../../domain/accounts/totp.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { type UserRow, users } from '../db/schema.ts';
import { totpUsedChallenges } from '../db/schema-security.ts';
import { AppError } from '../errors.ts';
import { beginCodeAttempt, codeAttemptWithdrawn, codeKeys, codeSucceeded } from './code-limits.ts';
import { loginFailed } from './login-limits.ts';
import { recordSecurityEvent, recordSignInRefused } from './security-log.ts';
import { type IssuedSession, startSession } from './sessions.ts';
import { useSignInCode } from './totp.ts';

/**
 * The sign-in's second step (docs/decisions/0047): POST /api/v1/login/ with the right password of
 * an account with an authenticator answers a challenge — a signed token (HS256, the access tokens'
 * secret, an audience of its own) naming the user, the time of the password it checked and an id,
 * valid five minutes — and POST /api/v1/login/totp/ exchanges it, with a code, for a session. A
 * challenge is used once: its id is recorded when it starts a session.
 */
const ISSUER = 'piste';
const AUDIENCE = 'piste-totp-challenge';

const secretKey = (ctx: AppContext) => new TextEncoder().encode(ctx.config.jwtSecret);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function issueChallenge(ctx: AppContext, user: UserRow): Promise<string> {
  const now = seconds(ctx.now());
  return new SignJWT({ pwc: seconds(user.passwordChangedAt) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + TOTP.challengeMinutes * 60)
    .sign(secretKey(ctx));
}

interface Challenge {
  userId: number;
  jti: string;
  passwordChangedAt: number;
  expiresAt: Date;
}

async function readChallenge(ctx: AppContext, token: string): Promise<Challenge | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    const { sub, jti, pwc, exp } = payload;
    if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
    if (typeof jti !== 'string' || typeof pwc !== 'number' || typeof exp !== 'number') return null;
    return { userId: Number(sub), jti, passwordChangedAt: pwc, expiresAt: new Date(exp * 1000) };
  } catch {
    return null;
  }
}

const challengeRefused = () => AppError.unauthenticated(TOTP_MSG.challengeInvalid);

/** Thrown inside the exchange's transaction to undo it. */
class Refused extends Error {
  readonly reason: 'challenge' | 'code';
  constructor(reason: 'challenge' | 'code') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * POST /api/v1/login/totp/. A used, expired or forged challenge, or one whose password has since
 * changed, answers 401 before anything is counted. Then the code is an attempt under the code
 * step's limits (code-limits.ts, docs/decisions/0061: per challenge, per account, and a high
 * ceiling per address): past them the answer is 429 with the sign-in's words, right code or not;
 * a wrong code is a failure (401). A right code records the challenge as used and starts
 * the session as login does.
 */
export async function loginWithCode(ctx: AppContext, input: TotpLoginInput, ip: string): Promise<IssuedSession> {
  const challenge = await readChallenge(ctx, input.challenge);
  if (!challenge) throw challengeRefused();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user?.isActive || seconds(user.passwordChangedAt) !== challenge.passwordChangedAt) throw challengeRefused();
  const [used] = await ctx.db
    .select({ jti: totpUsedChallenges.jti })
    .from(totpUsedChallenges)
    .where(eq(totpUsedChallenges.jti, challenge.jti));
  if (used) throw challengeRefused();

  const attempt = await beginCodeAttempt(ctx, codeKeys(ip, user.id, challenge.jti));
  if (!attempt) {
    await recordSignInRefused(ctx, ctx.db, {
      userId: user.id,
      username: user.username,
      ip,
      detail: 'authenticator code',
    });
    throw new AppError('RATE_LIMITED', MSG.loginRateLimited);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(totpUsedChallenges).where(lt(totpUsedChallenges.expiresAt, ctx.now()));
      const claimed = await tx
        .insert(totpUsedChallenges)
        .values({ jti: challenge.jti, expiresAt: challenge.expiresAt })
        .onConflictDoNothing()
        .returning({ jti: totpUsedChallenges.jti });
      if (claimed.length === 0) throw new Refused('challenge');
      const used = await useSignInCode(ctx, tx as unknown as Db, user.id, input.code);
      if (!used) throw new Refused('code');
      if (used === 'recovery') {
        await recordSecurityEvent(ctx, tx as unknown as Db, {
          userId: user.id,
          username: user.username,
          kind: 'recovery_code_used',
          ip,
        });
      }
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.reason === 'challenge') {
      await codeAttemptWithdrawn(ctx, attempt);
      throw challengeRefused();
    }
    await loginFailed(ctx); // keeps the rows, sweeps out the old ones of every key
    throw AppError.unauthenticated(TOTP_MSG.codeInvalid);
  }
  await codeSucceeded(ctx, attempt);
  return startSession(ctx, user.id);
}
