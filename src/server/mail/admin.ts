import { and, desc, eq, gte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { mailOutbox } from '../db/schema.ts';

/** A pending mail is shown to administrators once it has failed this many times. */
export const FAILING_AFTER_ATTEMPTS = 3;
/** The most failing mails listed at once. */
export const FAILING_SHOWN = 200;

/** A mail that keeps failing, as the back office's Mail panel shows it: never its data (a reset
 * link), only whom it is for, what it is, and what went wrong. */
export const FailingMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  template: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type FailingMail = z.infer<typeof FailingMailSchema>;

/** GET /admin/mail/failing/: mail given up on ('failed') and pending mail that has failed
 * FAILING_AFTER_ATTEMPTS times or more, the most recently queued first. */
export async function listFailingMail(ctx: AppContext): Promise<{ results: FailingMail[] }> {
  const rows = await ctx.db
    .select()
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.status, 'failed'),
        and(eq(mailOutbox.status, 'pending'), gte(mailOutbox.attempts, FAILING_AFTER_ATTEMPTS)),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(FAILING_SHOWN);
  return {
    results: rows.map((r) => ({
      id: r.id,
      recipient: r.recipient,
      template: r.template,
      subject: r.subject,
      status: r.status === 'failed' ? 'failed' : 'pending',
      attempts: r.attempts,
      last_error: r.lastError,
      next_attempt_at: r.status === 'failed' ? null : r.nextAttemptAt.toISOString(),
      created_at: r.createdAt.toISOString(),
    })),
  };
}
