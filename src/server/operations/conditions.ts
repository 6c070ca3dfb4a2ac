import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { firstRow } from '../db/pg-errors.ts';
import { mailOutbox, users } from '../db/schema.ts';
import { backups, healthAlerts } from '../db/schema-operations.ts';
import { FAILING_AFTER_ATTEMPTS } from '../mail/admin.ts';
import type { CheckOutcome } from './alerts.ts';
import { ERROR_BURST, ERROR_WINDOW_MS, type HealthMonitor, SLOW_CHECKS, SLOW_DATABASE_MS } from './monitor.ts';

const HOUR_MS = 60 * 60_000;

/** A backup older than this (or none, on a site older than this) raises the backup alert. */
export const BACKUP_MAX_AGE_MS = 24 * HOUR_MS;
/** A mail given up on within this long keeps the mail alert raised. */
export const MAIL_FAILED_WITHIN_MS = 24 * HOUR_MS;
/** A card payment confirmed by the payer's browser whose webhook has not come after this long. */
export const WEBHOOK_WAIT_MS = 10 * 60_000;
/** Payments confirmed longer ago than this are no longer looked at. */
const WEBHOOK_LOOKBACK_MS = 24 * HOUR_MS;

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

/** Mail keeps failing: a mail still pending after FAILING_AFTER_ATTEMPTS tries (as the Mail panel
 * lists it), or one given up on in the last day. */
export async function checkMail(ctx: AppContext): Promise<CheckOutcome> {
  const since = new Date(ctx.now().getTime() - MAIL_FAILED_WITHIN_MS);
  const failing = or(
    and(eq(mailOutbox.status, 'pending'), gte(mailOutbox.attempts, FAILING_AFTER_ATTEMPTS)),
    and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.createdAt, since)),
  );
  const [total] = await ctx.db.select({ n: count() }).from(mailOutbox).where(failing);
  const n = total?.n ?? 0;
  if (n === 0) return { raised: false };
  const [last] = await ctx.db
    .select({ error: mailOutbox.lastError })
    .from(mailOutbox)
    .where(failing)
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1);
  return {
    raised: true,
    detail: `${n} e-mail${n === 1 ? '' : 's'} failed ${FAILING_AFTER_ATTEMPTS} times or more (last error: ${last?.error ?? 'none recorded'}). Check SMTP_URL and the mail server; the Mail panel lists them.`,
  };
}

/** The last backup failed (raised at once, with its reason: a scheduled backup that fails every
 * night must not wait a day to be noticed); or the last good backup is older than a day; or there
 * is none and the site (its first account) is older than a day: a brand-new site is given its
 * first day. A backup still running (or killed while running) is not an outcome: it is passed over. */
export async function checkBackup(ctx: AppContext): Promise<CheckOutcome> {
  const now = ctx.now();
  const [latest] = await ctx.db
    .select({ at: backups.finishedAt, status: backups.status, error: backups.error })
    .from(backups)
    .where(and(inArray(backups.status, ['done', 'failed']), isNotNull(backups.finishedAt)))
    .orderBy(desc(backups.finishedAt), desc(backups.id))
    .limit(1);
  if (latest?.at && latest.status === 'failed') {
    return {
      raised: true,
      detail: `The last backup failed at ${when(latest.at)} UTC: ${latest.error ?? 'no reason recorded'}`,
    };
  }
  const [last] = await ctx.db
    .select({ at: backups.finishedAt })
    .from(backups)
    .where(eq(backups.status, 'done'))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  const limit = now.getTime() - BACKUP_MAX_AGE_MS;
  if (last?.at) {
    if (last.at.getTime() >= limit) return { raised: false };
    return {
      raised: true,
      detail: `The last backup finished ${when(last.at)} UTC, more than a day ago. Run npm run backup (and check its schedule).`,
    };
  }
  const [first] = await ctx.db.select({ at: users.createdAt }).from(users).orderBy(asc(users.createdAt)).limit(1);
  if (!first || first.at.getTime() >= limit) return { raised: false };
  return {
    raised: true,
    detail: 'No backup yet, and the site has held data for more than a day. Run npm run backup and schedule it daily.',
  };
}

/** This instance answered ERROR_BURST or more requests with a 5xx status in ERROR_WINDOW_MS. Other
 * instances do not see its burst, so the alert clears only once its window has passed without one
 * raising it again. */
export function checkErrors(ctx: AppContext, monitor: HealthMonitor): CheckOutcome {
  const now = ctx.now();
  const { count: n, lastRoute } = monitor.errorsSince(now);
  if (n >= ERROR_BURST) {
    return {
      raised: true,
      detail: `${n} answers with a server error (5xx) in ${ERROR_WINDOW_MS / 60_000} minutes on one instance, the last to ${lastRoute}. The server's log has each error.`,
    };
  }
  return { raised: false, clearBefore: new Date(now.getTime() - ERROR_WINDOW_MS) };
}

/** A Stripe payment the payer's browser confirmed (payment log: confirmed by the user), settled
 * more than WEBHOOK_WAIT_MS ago, whose webhook never arrived (no log entry from the webhook). PayPal has no
 * webhook in this app: its orders are captured by the server itself. */
export async function checkWebhook(ctx: AppContext): Promise<CheckOutcome> {
  const now = ctx.now();
  const before = new Date(now.getTime() - WEBHOOK_WAIT_MS);
  const after = new Date(now.getTime() - WEBHOOK_LOOKBACK_MS);
  const row = firstRow<{ n: number; first: string | null }>(
    await ctx.db.execute(sql`select count(*)::int as n, min(p.id)::text as first
      from payments p
      where p.provider = 'stripe' and p.settled_at < ${before} and p.settled_at > ${after}
        and exists (select 1 from payment_log l where l.payment_id = p.id and l.state = 'confirmed' and l.cause = 'user')
        and not exists (select 1 from payment_log w where w.payment_id = p.id and w.cause = 'webhook')`),
  );
  const n = Number(row?.n ?? 0);
  if (n === 0) return { raised: false };
  return {
    raised: true,
    detail: `${n} card payment${n === 1 ? '' : 's'} (the first: payment ${row?.first}) confirmed by the payer's browser had no webhook from Stripe within ${WEBHOOK_WAIT_MS / 60_000} minutes. In Stripe's dashboard (Developers → Webhooks) the endpoint must be ${ctx.config.publicUrl}/api/v1/payment/stripe/webhook/ with the event payment_intent.succeeded, and STRIPE_WEBHOOK_SECRET its signing secret.`,
  };
}

/** The database took more than SLOW_DATABASE_MS to answer SLOW_CHECKS checks in a row. The round
 * trip timed is the job's own read of the alerts (a real table: a lock or a busy server slows it
 * as it slows the site). */
export async function checkDatabase(ctx: AppContext, monitor: HealthMonitor): Promise<CheckOutcome> {
  const started = performance.now();
  await ctx.db.select({ kind: healthAlerts.kind }).from(healthAlerts).limit(1);
  const ms = Math.round(performance.now() - started);
  const inARow = monitor.databaseTook(ms);
  // fast: clears; slow but not yet SLOW_CHECKS in a row: leaves the alert as it is
  if (inARow < SLOW_CHECKS) return inARow === 0 ? { raised: false } : { raised: false, clearBefore: new Date(0) };
  return {
    raised: true,
    detail: `The database took ${ms} ms to answer, above ${SLOW_DATABASE_MS} ms ${inARow} checks in a row. Look at the database server's load, disk and connections.`,
  };
}
