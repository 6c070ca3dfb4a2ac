import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type ChangePasswordInput,
  type LoginInput,
  MSG,
  normaliseRegistration,
  passwordContentRule,
  type RegistrationPayload,
  validateChangePassword,
  validateLogin,
  validateRegistration,
} from '../../domain/accounts/index.ts';
import { londonToday } from '../../domain/dates.ts';
import type { ProfileResponse } from '../../domain/people/profile.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { PG, pgErrorCode } from '../db/pg-errors.ts';
import { passwordResetTokens, profiles, type UserRow, users } from '../db/schema.ts';
import { AppError, throwIfAny } from '../errors.ts';
import { afterKeysChanged } from './account-changes.ts';
import { attemptWithdrawn, loginSucceeded } from './login-limits.ts';
import { checkPassword, checkSignInPassword } from './password-checks.ts';
import { hashPassword } from './passwords.ts';
import { loadProfile } from './profile.ts';
import { type IssuedSession, revokeUserSessions, startSession } from './sessions.ts';
import { hasSecondFactor } from './totp.ts';
import { issueChallenge } from './totp-login.ts';

const usernameTaken = () => AppError.validation({ username: [MSG.usernameTaken] });

/** True when the error (or one it wraps) is PostgreSQL's unique violation, from pg or PGlite,
 * possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.uniqueViolation;
}

/** The account whose username matches, ignoring case. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`);
  return user;
}

/** POST /api/v1/register/: every rule of doc 1 §5, then the user and profile in one transaction. */
export async function register(ctx: AppContext, payload: RegistrationPayload): Promise<ProfileResponse> {
  throwIfAny(validateRegistration(payload, { provider: ctx.config.association.code, today: londonToday(ctx.now()) }));
  if (await findUserByUsername(ctx.db, payload.username)) throw usernameTaken();
  const p = normaliseRegistration(payload);
  const passwordHash = await hashPassword(p.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: p.username,
          email: p.email,
          passwordHash,
          firstName: p.first_name,
          lastName: p.last_name,
          passwordChangedAt: now,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('register: insert returned nothing');
      await tx.insert(profiles).values({
        userId: user.id,
        isRacer: p.is_racer,
        isRacerConfirmed: 'PENDING',
        contactNumber: p.contact_number,
        dateOfBirth: p.date_of_birth,
        gender: p.gender,
        skiOrBoard: p.ski_or_board,
        localClub: p.local_club ?? '',
        otherClub: p.other_club,
        emergencyContactName: p.emergency_contact_name,
        emergencyContactNumber: p.emergency_contact_number,
        acceptTermsAndConditions: p.accept_terms_and_conditions,
        permissionPhotographed: p.permission_photographed,
        permissionNameOnPhotos: p.permission_name_on_photos,
        permissionSocialMedia: p.permission_social_media,
        permissionShareDataWithSponsors: p.permission_share_data_with_sponsors,
        seRegNumber: p.se_reg_number,
      });
      return loadProfile(tx, user.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * POST /api/v1/login/. The password is checked by password-checks.ts under the limits of
 * login-limits.ts (per address, and per account for the addresses failing on it): 429 before the
 * password is looked at; the attempt is counted as a failure before the password is checked and
 * withdrawn when it was right, so attempts made at once cannot exceed the limits. A wrong password, an unknown username and an archived account
 * all answer the same 401, after the same amount of hashing work. An account with an
 * authenticator gets a challenge for the code instead of a session (docs/decisions/0047).
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginOutcome> {
  throwIfAny(validateLogin(input));
  const { username, password } = input;
  const found = await findUserByUsername(ctx.db, username);
  const { user, attempt } = await checkSignInPassword(ctx, { username, user: found, password, ip });
  // an authenticator's code is still to come (totp-login.ts): the password alone withdraws nothing
  if (await hasSecondFactor(ctx.db, user.id)) {
    await attemptWithdrawn(ctx, attempt);
    return { challenge: await issueChallenge(ctx, user) };
  }
  await loginSucceeded(ctx, attempt);
  return { session: await startSession(ctx, user.id) };
}

/** A sign-in: a session, or for an account with an authenticator the challenge of the second step. */
export type LoginOutcome = { session: IssuedSession; challenge?: never } | { challenge: string; session?: never };

/** Sets a new password: the hash, the time of change (older reset links die), every session
 * revoked and unused reset tokens deleted. Runs inside the caller's transaction. */
export async function replacePassword(tx: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, now);
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The content rule with the user's own details (doc 1 §5 "password content"). */
export function personalContentRule(user: UserRow, password: string): string | null {
  return passwordContentRule(password, {
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  });
}

/** POST /api/v1/change-password/ for the signed-in user. The current password counts in the
 * sign-in limits (password-checks.ts): past them 429. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  input: ChangePasswordInput,
  ip: string,
): Promise<{ success: true; message: string }> {
  throwIfAny(validateChangePassword(input));
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  await checkPassword(ctx, { user, password: input.old_password, ip }, () =>
    AppError.validation({ old_password: [MSG.currentPasswordWrong] }),
  );
  const content = personalContentRule(user, input.new_password1);
  if (content) throw AppError.validation({ new_password1: [content] });
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    await replacePassword(tx, userId, passwordHash, ctx.now());
    // every session has ended with the change: the owner is e-mailed (issue 37)
    await afterKeysChanged(ctx, tx, { user, change: 'password_changed', keepSessionId: null, ip });
  });
  return { success: true, message: MSG.passwordChanged };
}
