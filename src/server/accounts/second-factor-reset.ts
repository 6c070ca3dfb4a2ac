import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { recordSecurityEvent } from './security-log.ts';
import { findUserByUsername } from './service.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * `npm run create-admin -- --reset-second-factor <username>` (issue 37, docs/decisions/0062): from
 * the server's shell, an account's authenticator and recovery codes are removed and its sessions
 * ended, so that an upgrade that requires a second factor of super administrators
 * (TOTP_REQUIRED_FOR_SUPER) never locks out the only one, who lost their phone. Whoever can run
 * this already holds the database; the site itself offers no such way.
 */

export interface SecondFactorReset {
  username: string;
  /** A confirmed authenticator was removed (not only a setup never finished). */
  hadAuthenticator: boolean;
  recoveryCodesRemoved: number;
  sessionsEnded: number;
  /** At the next sign-in the account is asked to set one up before anything else. */
  mustSetUpAgain: boolean;
}

/** Resets the account's second factor; null when no account has that username. */
export async function resetSecondFactor(ctx: AppContext, username: string): Promise<SecondFactorReset | null> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) return null;
  const now = ctx.now();
  const done = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const codes = await tx
      .delete(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, user.id))
      .returning({ id: totpRecoveryCodes.id });
    const factors = await tx
      .delete(totpFactors)
      .where(eq(totpFactors.userId, user.id))
      .returning({ confirmedAt: totpFactors.confirmedAt });
    const [open] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    await revokeUserSessions(tx, user.id, now);
    const hadAuthenticator = factors.some((f) => f.confirmedAt !== null);
    if (hadAuthenticator) {
      await recordSecurityEvent(ctx, tx, {
        userId: user.id,
        username: user.username,
        kind: 'second_factor_off',
        ip: null,
        detail: 'reset from the server shell',
      });
    }
    return { hadAuthenticator, recoveryCodesRemoved: codes.length, sessionsEnded: open?.n ?? 0 };
  });
  const roles = { admin_level: user.adminLevel, is_superuser: user.isSuperuser };
  return { username: user.username, ...done, mustSetUpAgain: ctx.config.totpRequiredForSuper && isSuperAdmin(roles) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the script prints: what was done, then what happens next. */
export function describeReset(reset: SecondFactorReset): string[] {
  const { username } = reset;
  const removed = reset.hadAuthenticator
    ? `removed ${username}'s authenticator and ${plural(reset.recoveryCodesRemoved, 'recovery code')}`
    : `${username} had no authenticator turned on (anything half set up is removed)`;
  const next = reset.mustSetUpAgain
    ? `At the next sign-in ${username} signs in with the password alone and is taken to My Profile → Security to set up an authenticator app before anything else (TOTP_REQUIRED_FOR_SUPER).`
    : `At the next sign-in ${username} signs in with the password alone; an authenticator can be added again in My Profile → Security.`;
  return [`Second factor reset: ${removed}; ended ${plural(reset.sessionsEnded, 'signed-in session')}.`, next];
}

/** The line for a username no account has. */
export const unknownUsername = (username: string) =>
  `No account has the username "${username}": nothing was changed. Check the spelling (sign-in names are not case-sensitive).`;
