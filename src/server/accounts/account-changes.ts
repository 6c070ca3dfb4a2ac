import { type AccountChange, changeWhenText, isAccountChange } from '../../domain/accounts/account-changes.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { recordSecurityEvent } from './security-log.ts';
import { revokeOtherSessions } from './sessions.ts';

/**
 * After a change to an account's keys (issue 37): the password, the authenticator on or off, new
 * recovery codes. In the transaction that makes the change: every other session of the account
 * ends (the one that made it stays; a password change has ended them all already), the change is
 * written to the security log, and the owner is e-mailed what changed, when, and what to do if it
 * was not them.
 */
export interface KeysChange {
  user: Pick<UserRow, 'id' | 'username' | 'email' | 'firstName'>;
  change: AccountChange;
  /** The session that made the change, kept signed in; null when every session has ended. */
  keepSessionId: number | null;
  /** The request's address, for the security log. */
  ip: string;
}

export async function afterKeysChanged(ctx: AppContext, tx: Db, { user, change, keepSessionId, ip }: KeysChange) {
  const now = ctx.now();
  if (keepSessionId !== null) await revokeOtherSessions(tx, user.id, keepSessionId, now);
  // the log's kinds name these changes alike
  await recordSecurityEvent(ctx, tx, { userId: user.id, username: user.username, kind: change, ip });
  if (!user.email) return;
  await queueMail(tx, {
    template: 'account-changed',
    to: user.email,
    data: { firstName: user.firstName, change, at: now.toISOString() },
  });
}

/** The e-mail, rendered at send time from what was queued. */
export async function accountChangedTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const at = new Date(String(data.at ?? ''));
  if (!isAccountChange(data.change) || Number.isNaN(at.getTime())) return null;
  return renderEmail(ctx.config, 'account-changed', {
    firstName: String(data.firstName ?? ''),
    change: data.change,
    when: changeWhenText(at),
    siteUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
  });
}
