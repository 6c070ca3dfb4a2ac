import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { mailOutbox } from '../db/schema.ts';
import { onNudge } from './nudge.ts';
import { mailTemplates } from './templates.ts';

/** How often the mail job looks for due mail when nothing nudged it. */
export const MAIL_JOB_MS = 3_000;
/** How long a row taken by one run is kept from the others (one send's timeouts are 10 s each). */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** Rows one run takes. */
export const MAIL_BATCH = 20;
/** After this many failed attempts a mail is 'failed': no more tries, shown to administrators. */
export const MAIL_MAX_ATTEMPTS = 10;
/** The wait after the 1st, 2nd, … failed attempt; hourly after the last. */
export const MAIL_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];

/** The wait before the next try after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return MAIL_BACKOFF_MS[Math.min(Math.max(attempts, 1), MAIL_BACKOFF_MS.length) - 1] ?? 60 * 60_000;
}

/** An error's message, short and without anything that could be a secret: a URL (a reset link,
 * an SMTP URL with its password) or an e-mail's text. First line, at most 200 characters. */
export function safeError(error: unknown): string {
  const raw = String((error as { message?: unknown } | null)?.message ?? error);
  const first = raw.split('\n')[0] ?? '';
  const cleaned = first.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]');
  return cleaned.length > 200 ? `${cleaned.slice(0, 199)}…` : cleaned;
}

export interface MailRun {
  sent: number;
  failed: number;
  dropped: number;
}

/**
 * One run of the mail job (issue 24, docs/decisions/0030): drops pending mail whose time ran out
 * (a reset link that expired unsent), takes the due rows — a row never tried yet is due at once,
 * a retried one at its next_attempt_at — in one statement with FOR UPDATE SKIP LOCKED that also
 * counts the attempt and moves next_attempt_at past the claim, so another instance's run skips
 * them; then renders each from its template and sends it outside any transaction. A sent row
 * keeps only its recipient, subject and time; a failed one waits by the back-off, and after
 * MAIL_MAX_ATTEMPTS it is 'failed'.
 */
export async function runMailJob(ctx: AppContext, log: FastifyBaseLogger): Promise<MailRun> {
  const run: MailRun = { sent: 0, failed: 0, dropped: 0 };
  const now = ctx.now();
  const expired = await ctx.db
    .update(mailOutbox)
    .set({ status: 'dropped', data: null })
    .where(and(eq(mailOutbox.status, 'pending'), isNotNull(mailOutbox.expiresAt), lte(mailOutbox.expiresAt, now)))
    .returning({ id: mailOutbox.id });
  run.dropped += expired.length;
  const due = ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
        or(sql`${mailOutbox.expiresAt} IS NULL`, sql`${mailOutbox.expiresAt} > ${now}`),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(MAIL_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);
  for (const row of claimed) {
    const outcome = await sendOne(ctx, log, row);
    run[outcome] += 1;
  }
  return run;
}

type Row = typeof mailOutbox.$inferSelect;

async function sendOne(ctx: AppContext, log: FastifyBaseLogger, row: Row): Promise<keyof MailRun> {
  let subject: string | null = row.subject;
  try {
    const template = mailTemplates[row.template];
    if (!template) throw new Error(`no mail template named '${row.template}'`);
    const mail = await template(ctx, row.data ?? {});
    if (!mail) {
      await ctx.db.update(mailOutbox).set({ status: 'dropped', data: null }).where(eq(mailOutbox.id, row.id));
      return 'dropped';
    }
    subject = mail.subject;
    // a reply reaches the association, whatever the sender address (often a no-reply one) says;
    // a template names another only where the reply is for someone else (a contact message's sender)
    await ctx.mailer.send({ to: row.recipient, ...mail, replyTo: mail.replyTo ?? ctx.config.association.email });
  } catch (error) {
    const lastError = safeError(error);
    const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
    await ctx.db
      .update(mailOutbox)
      .set({
        subject,
        lastError,
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(ctx.now().getTime() + backoffMs(row.attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    log.warn(
      { mailId: row.id, template: row.template, attempts: row.attempts, err: { message: lastError } },
      failed ? 'mail failed for good' : 'mail failed; it will be tried again',
    );
    return 'failed';
  }
  await ctx.db
    .update(mailOutbox)
    .set({ status: 'sent', subject, sentAt: ctx.now(), data: null, lastError: null })
    .where(eq(mailOutbox.id, row.id));
  return 'sent';
}

/** Runs the mail job every MAIL_JOB_MS and whenever nudged, one run at a time (a nudge during a
 * run, or a run that took a full batch, makes one more run after it); a failed run is logged and
 * the next one tries again. The returned stop waits for a run under way. */
export function scheduleMailJob(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const kick = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    again = false;
    current = runMailJob(ctx, log)
      .then((run) => {
        if (run.sent + run.failed + run.dropped >= MAIL_BATCH) again = true;
      })
      .catch((error: unknown) => {
        log.error({ err: { message: safeError(error) } }, 'mail job failed');
      })
      .finally(() => {
        current = null;
        if (again) kick();
      });
  };
  const timer = setInterval(kick, MAIL_JOB_MS);
  timer.unref();
  const unregister = onNudge(ctx, kick);
  // mail queued before this start (a restart) goes now, not at the first tick
  kick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    unregister();
    await current;
  };
}
