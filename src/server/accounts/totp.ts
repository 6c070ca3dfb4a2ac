import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { readCode, recoveryCodeFrom, TOTP, TOTP_MSG, type TotpStatus } from '../../domain/accounts/totp.ts';
import { isAdmin, isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { type UserRow, users } from '../db/schema.ts';
import { totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { AppError } from '../errors.ts';
import { afterKeysChanged } from './account-changes.ts';
import { checkPassword } from './password-checks.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.ts';

/**
 * An administrator's authenticator, My Profile → Security (issue 27, docs/decisions/0047):
 * set up with the password (a new unconfirmed secret), confirmed with a first code (ten recovery
 * codes, shown once), turned off or given new recovery codes with the password. Only administrators
 * may add one. Turning it on or off and new recovery codes end the account's other sessions and
 * e-mail its owner (account-changes.ts, issue 37).
 */

/** Who asks, from which session and address: the password is checked under the sign-in limits
 * (password-checks.ts), and the session that makes a change stays signed in. */
export interface TotpRequester {
  userId: number;
  sessionId: number;
  ip: string;
}

/** The password asked for again, counted in the sign-in limits (password-checks.ts): 429 past them. */
const passwordWrong = () => AppError.validation({ password: [TOTP_MSG.passwordWrong] });

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The current RFC 6238 time step on the app's clock. */
export function currentStep(ctx: AppContext): number {
  return Math.floor(ctx.now().getTime() / 1000 / TOTP.periodSeconds);
}

/**
 * The time step the code belongs to when it is right within ±1 step of now and later than
 * `afterStep` (a step once accepted is never accepted again); null otherwise.
 */
export async function matchingStep(
  ctx: AppContext,
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  // otplib refuses (throws) an afterTimeStep beyond the window: nothing could match anyway
  if (afterStep !== null && afterStep >= currentStep(ctx) + TOTP.windowSteps) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.now().getTime() / 1000),
    period: TOTP.periodSeconds,
    digits: TOTP.digits,
    algorithm: 'sha1',
    epochTolerance: TOTP.windowSteps * TOTP.periodSeconds,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Uses a sign-in code of a user with a confirmed authenticator: a six-digit code of a step later
 * than the last accepted (the step is stored by a guarded update, so two requests with one code
 * cannot both pass), or an unused recovery code (marked used, by a guarded update too). Answers
 * which kind of code was used, or null when it was not right.
 */
export async function useSignInCode(
  ctx: AppContext,
  db: Db,
  userId: number,
  typed: string,
): Promise<'totp' | 'recovery' | null> {
  const input = readCode(typed);
  if (!input) return null;
  if (input.kind === 'recovery') {
    const used = await db
      .update(totpRecoveryCodes)
      .set({ usedAt: ctx.now() })
      .where(
        and(
          eq(totpRecoveryCodes.userId, userId),
          eq(totpRecoveryCodes.codeHash, hashCode(input.code)),
          isNull(totpRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: totpRecoveryCodes.id });
    return used.length > 0 ? 'recovery' : null;
  }
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const secret = factor ? openTotpSecret(ctx, userId, factor.secret) : null;
  if (secret === null) return null;
  const step = await matchingStep(ctx, secret, input.code, factor?.lastStep ?? null);
  if (step === null) return null;
  const stored = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return stored.length > 0 ? 'totp' : null;
}

/** True when the user has a confirmed authenticator (sign-in asks for its code). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

async function loadUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  return user;
}

const rolesOf = (user: UserRow) => ({ role: user.role, admin_level: user.adminLevel, is_superuser: user.isSuperuser });

/** The account's stored roles (not the session's, which TOTP_REQUIRED_FOR_SUPER may lower). */
async function loadAdmin(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await loadUser(ctx, userId);
  if (!isAdmin(rolesOf(user))) throw AppError.forbidden(TOTP_MSG.adminsOnly);
  return user;
}

/** Whether the association requires an authenticator of this account. */
export function secondFactorRequired(ctx: AppContext, user: Pick<UserRow, 'adminLevel' | 'isSuperuser'>): boolean {
  return (
    ctx.config.totpRequiredForSuper && isSuperAdmin({ admin_level: user.adminLevel, is_superuser: user.isSuperuser })
  );
}

async function loadFactor(db: Db, userId: number) {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return factor;
}

/** GET /api/v1/profile/totp/ */
export async function totpStatus(ctx: AppContext, userId: number): Promise<TotpStatus> {
  const user = await loadAdmin(ctx, userId);
  const factor = await loadFactor(ctx.db, userId);
  const enabled = Boolean(factor?.confirmedAt);
  let left = 0;
  if (enabled) {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
    left = row?.n ?? 0;
  }
  return { enabled, recovery_codes_left: left, required: secondFactorRequired(ctx, user) };
}

/** POST /api/v1/profile/totp/setup/ (the password again, issue 37: a stolen session alone cannot
 * add its own authenticator): a new secret, unconfirmed until a code from it is right. A setup
 * started earlier and never confirmed is replaced. */
export async function startTotpSetup(
  ctx: AppContext,
  { userId, ip }: TotpRequester,
  password: string,
): Promise<{ secret: string; otpauth_url: string }> {
  const user = await loadAdmin(ctx, userId);
  await checkPassword(ctx, { user, password, ip }, passwordWrong);
  const secret = generateSecret();
  const sealed = sealTotpSecret(ctx, userId, secret);
  const now = ctx.now();
  const started = await ctx.db
    .insert(totpFactors)
    .values({ userId, secret: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: sealed, createdAt: now, lastStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  if (started.length === 0) throw new AppError('CONFLICT', TOTP_MSG.alreadyOn);
  const otpauth_url = generateURI({
    issuer: ctx.config.association.code,
    label: user.username,
    secret,
    algorithm: 'sha1',
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });
  return { secret, otpauth_url };
}

/** Ten new recovery codes replace the old ones; the codes themselves are returned this once. */
async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TOTP.recoveryCodes }, () => recoveryCodeFrom(randomBytes(12)));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

/** POST /api/v1/profile/totp/confirm/: the first code from the app turns the authenticator on. */
export async function confirmTotp(
  ctx: AppContext,
  { userId, sessionId, ip }: TotpRequester,
  typed: string,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadAdmin(ctx, userId);
  const factor = await loadFactor(ctx.db, userId);
  if (!factor) throw new AppError('CONFLICT', TOTP_MSG.notSetUp);
  if (factor.confirmedAt) throw new AppError('CONFLICT', TOTP_MSG.alreadyOn);
  const input = readCode(typed);
  const secret = openTotpSecret(ctx, userId, factor.secret);
  // a setup sealed by an instance with another JWT_SECRET: start it again
  if (secret === null) throw new AppError('CONFLICT', TOTP_MSG.notSetUp);
  const step = input?.kind === 'totp' ? await matchingStep(ctx, secret, input.code, null) : null;
  if (step === null) throw AppError.validation({ code: [TOTP_MSG.codeInvalid] });
  const codes = await ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(totpFactors)
      .set({ confirmedAt: ctx.now(), lastStep: step })
      .where(
        and(eq(totpFactors.userId, userId), eq(totpFactors.secret, factor.secret), isNull(totpFactors.confirmedAt)),
      )
      .returning({ userId: totpFactors.userId });
    if (confirmed.length === 0) return null;
    const made = await replaceRecoveryCodes(tx as unknown as Db, userId);
    await afterKeysChanged(ctx, tx as unknown as Db, {
      user,
      change: 'second_factor_on',
      keepSessionId: sessionId,
      ip,
    });
    return made;
  });
  if (!codes) throw new AppError('CONFLICT', TOTP_MSG.notSetUp);
  return { recovery_codes: codes };
}

/** DELETE /api/v1/profile/totp/: turns the authenticator off (the password again); refused while
 * the association requires one of this account. Any account may turn its own off (an
 * administrator since demoted too). */
export async function turnOffTotp(
  ctx: AppContext,
  { userId, sessionId, ip }: TotpRequester,
  password: string,
): Promise<{ message: string }> {
  const user = await loadUser(ctx, userId);
  await checkPassword(ctx, { user, password, ip }, passwordWrong);
  const factor = await loadFactor(ctx.db, userId);
  if (!factor) throw new AppError('CONFLICT', TOTP_MSG.notOn);
  if (secondFactorRequired(ctx, user)) throw AppError.forbidden(TOTP_MSG.cannotTurnOff);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    // a setup never confirmed changed nothing of how the account signs in
    if (factor.confirmedAt) {
      await afterKeysChanged(ctx, tx as unknown as Db, {
        user,
        change: 'second_factor_off',
        keepSessionId: sessionId,
        ip,
      });
    }
  });
  return { message: TOTP_MSG.turnedOff };
}

/** POST /api/v1/profile/totp/recovery-codes/: ten new codes, the old ones dead (the password again). */
export async function newRecoveryCodes(
  ctx: AppContext,
  { userId, sessionId, ip }: TotpRequester,
  password: string,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadAdmin(ctx, userId);
  await checkPassword(ctx, { user, password, ip }, passwordWrong);
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AppError('CONFLICT', TOTP_MSG.notOn);
  const codes = await ctx.db.transaction(async (tx) => {
    const made = await replaceRecoveryCodes(tx as unknown as Db, userId);
    await afterKeysChanged(ctx, tx as unknown as Db, {
      user,
      change: 'recovery_codes_made',
      keepSessionId: sessionId,
      ip,
    });
    return made;
  });
  return { recovery_codes: codes };
}
