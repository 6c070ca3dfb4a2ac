import { and, eq, gt, gte, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG, passwordRule, toFieldErrors, validateResetRequest } from '../../domain/accounts/index.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { passwordResetTokens, type UserRow, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { describeForLog } from '../plugins/errors.ts';
import { passwordResetMail, resetLink } from './mail-templates.ts';
import { hashPassword } from './passwords.ts';
import { recordSecurityEvent } from './security-log.ts';
import { findUserByUsername, personalContentRule, replacePassword } from './service.ts';
import { decodeUid, encodeUid, hashToken, newToken, shiftMs } from './tokens.ts';

/** A reset link lives this long (decisions.md). */
export const RESET_LINK_MS = 60 * 60 * 1000;

/**
 * POST /api/v1/password-reset-request/. The answer is the same whether or not the username
 * exists, and so is the time it takes: the request only checks its input; looking the account up,
 * storing the token and handing the mail over happen after the answer has gone, and a failure
 * there is logged, never answered.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { username: string },
  log: FastifyBaseLogger,
): Promise<{ message: string }> {
  const messages = validateResetRequest(input);
  if (Object.keys(messages).length > 0) throw AppError.validation(toFieldErrors(messages));
  const task = new Promise((resolve) => setImmediate(resolve)).then(() => sendResetLink(ctx, input.username, log));
  inFlight.add(task);
  void task.finally(() => inFlight.delete(task));
  return { message: MSG.resetRequestSent };
}

const inFlight = new Set<Promise<void>>();

/** Resolves once every reset mail started so far has been handed over or has failed (tests). A
 * mailer that never answers is not waited for beyond the caller's patience. */
export async function resetMailsSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/** The work behind a reset request, after the answer: stores the token and queues its mail in one
 * transaction (the mail row expires with the link, and the link it holds is cleared once sent;
 * mail/job.ts). Never throws: a failure is logged with the user's id and the error's message,
 * the link and its token cut out of it. */
async function sendResetLink(ctx: AppContext, username: string, log: FastifyBaseLogger): Promise<void> {
  let userId: number | undefined;
  const secrets: string[] = [];
  try {
    const user = await findUserByUsername(ctx.db, username);
    if (!user?.isActive) return;
    userId = user.id;
    const token = newToken();
    const link = resetLink(ctx.config, encodeUid(user.id), token);
    secrets.push(link, token, encodeURIComponent(token));
    await ctx.db.transaction(async (tx) => {
      const expiresAt = await storeResetToken(tx, ctx.now(), user.id, token);
      await queueMail(tx, {
        template: 'password-reset',
        to: user.email,
        data: { firstName: user.firstName, link },
        expiresAt,
      });
    });
    nudgeMail(ctx);
  } catch (error) {
    // a failed query is described by its SQL and its cause, never its parameters
    const described = describeForLog(error);
    const safe = secrets.reduce((text, secret) => text.replaceAll(secret, '[reset link]'), described.message);
    log.error({ userId, err: { ...described, message: safe } }, 'password reset mail failed');
  }
}

/** Stores the token's hash, valid for RESET_LINK_MS from `now`; returns when it expires. */
async function storeResetToken(db: Db | Tx, now: Date, userId: number, token: string): Promise<Date> {
  const expiresAt = shiftMs(now, RESET_LINK_MS);
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  return expiresAt;
}

/** The 'password-reset' mail (mail/templates.ts): data { firstName, link }. */
export async function passwordResetTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return passwordResetMail(ctx.config, String(data.firstName ?? ''), String(data.link ?? ''));
}

const invalidLink = () => new AppError('BAD_REQUEST', MSG.resetLinkInvalid);

/** The user and token row a link names, when the link is still good: unused, unexpired, and
 * issued no earlier than the user's last password change. */
async function findValidLink(ctx: AppContext, uidb64: string, token: string) {
  const userId = decodeUid(uidb64);
  if (userId === null) return null;
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ tokenId: passwordResetTokens.id, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        gte(passwordResetTokens.createdAt, users.passwordChangedAt),
        eq(users.isActive, true),
      ),
    );
  return row ?? null;
}

/** GET /api/v1/password-reset-check/{uidb64}/{token}/: whether a link is still good, so that the
 * reset page says at once that a dead one has expired instead of showing the form. It only reads:
 * the token stays as it was. A used, expired, unknown or malformed link, or one naming another
 * account, gets the confirm's answer for a dead link; it tells nothing about any account. */
export async function checkPasswordResetLink(
  ctx: AppContext,
  input: { uidb64: string; token: string },
): Promise<{ valid: true }> {
  if (!(await findValidLink(ctx, input.uidb64, input.token))) throw invalidLink();
  return { valid: true };
}

function checkNewPassword(user: UserRow, password: string): void {
  const message = passwordRule(password) ?? personalContentRule(user, password);
  if (message) throw AppError.validation({ new_password: [message] });
}

/** POST /api/v1/password-reset-confirm/. The token is spent by a conditional update, so of two
 * uses at once only one succeeds; the new password revokes every session, and the reset is
 * written to the security log (security-log.ts) with the request's address, in the same
 * transaction. */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: { uidb64: string; token: string; new_password: string },
  ip: string,
): Promise<{ message: string }> {
  const link = await findValidLink(ctx, input.uidb64, input.token);
  if (!link) throw invalidLink();
  checkNewPassword(link.user, input.new_password);
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.now();
  const spent = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, link.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (!used) return false;
    await replacePassword(tx, link.user.id, passwordHash, now);
    await recordSecurityEvent(ctx, tx, {
      userId: link.user.id,
      username: link.user.username,
      kind: 'password_reset',
      ip,
      detail: 'reset with an e-mailed link',
    });
    return true;
  });
  if (!spent) throw invalidLink();
  return { message: MSG.resetSuccess };
}
