import { verify } from '@node-rs/argon2';
import { MSG } from '../../domain/accounts/index.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { beginLoginAttempt, failureKeys, type LoginAttempt, loginFailed, loginSucceeded } from './login-limits.ts';
import { dummyHash } from './passwords.ts';
import { recordSignInRefused } from './security-log.ts';

/**
 * Every password check goes through this file (issue 37, docs/decisions/0061): the sign-in's and
 * every check made inside a session (change password, turning the authenticator off, new recovery
 * codes, deleting the account, anything added later). Each one is an attempt under the sign-in
 * limits of login-limits.ts — keyed by the request's address and the account's username, counted
 * before the hash is looked at — and past them the answer is the sign-in's 429 with its words,
 * right password or not, and the refusal is written to the security log (at most once a minute
 * per account, address and check; security-log.ts). The verifier itself is not exported: a test
 * (password-checks-guard.test.ts) fails if anything else verifies a password hash.
 */

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const limited = () => new AppError('RATE_LIMITED', MSG.loginRateLimited);

/** The right password at sign-in: the account, and the attempt still counted as a failure until the
 * caller withdraws it (all of it with `loginSucceeded`, or only its own rows with
 * `attemptWithdrawn` while an authenticator's code is still to come). */
export interface SignInPassword {
  user: UserRow;
  attempt: LoginAttempt;
}

/** A sign-in's password: the username as typed, the account it names (if any), from where. */
export interface SignInPasswordCheck {
  username: string;
  user: UserRow | undefined;
  password: string;
  ip: string;
}

/**
 * POST /api/v1/login/'s password: 429 when the limits refuse the attempt (before the password is
 * looked at); a wrong password, an unknown username and an archived account all answer the same
 * 401, after the same hashing work.
 */
export async function checkSignInPassword(ctx: AppContext, check: SignInPasswordCheck): Promise<SignInPassword> {
  const { user, password } = check;
  const attempt = await beginLoginAttempt(ctx, failureKeys(check.ip, check.username));
  if (!attempt) {
    await recordSignInRefused(ctx, ctx.db, {
      userId: user?.id ?? null,
      username: user?.username ?? check.username,
      ip: check.ip,
      detail: 'sign-in',
    });
    throw limited();
  }
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !matches || !user.isActive) {
    await loginFailed(ctx);
    throw AppError.unauthenticated(MSG.loginInvalid);
  }
  return { user, attempt };
}

/** A password asked for again inside a session: whose, what was typed, and from where. */
export interface SessionPasswordCheck {
  user: Pick<UserRow, 'id' | 'username' | 'passwordHash'>;
  password: string;
  /** The request's address (request.ip), as the sign-in counts it. */
  ip: string;
}

/**
 * A password asked for again inside a session. Counted in the sign-in limits of the account and
 * the address exactly like a sign-in: past them 429 with the sign-in's words (the right password
 * too, until the window passes); a wrong password is a failure and throws `wrong()` (the route's
 * own 400); a right one withdraws the address's failures on the account, as a sign-in does.
 */
export async function checkPassword(
  ctx: AppContext,
  check: SessionPasswordCheck,
  wrong: () => AppError,
): Promise<void> {
  const attempt = await beginLoginAttempt(ctx, failureKeys(check.ip, check.user.username));
  if (!attempt) {
    await recordSignInRefused(ctx, ctx.db, {
      userId: check.user.id,
      username: check.user.username,
      ip: check.ip,
      detail: 'password asked again',
    });
    throw limited();
  }
  if (!(await verifyPassword(check.user.passwordHash, check.password))) {
    await loginFailed(ctx);
    throw wrong();
  }
  await loginSucceeded(ctx, attempt);
}
