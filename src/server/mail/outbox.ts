import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

/**
 * Queues an e-mail in the outbox (issue 24; DESIGN.md "no answer waits for mail"). Call it with
 * the transaction that makes what the mail tells of (a booking, a refund, a reset token), so the
 * mail exists exactly when that does. The row holds the template's name and its data; the mail
 * job renders it at send time (mail/templates.ts) and sends it with retries.
 */
export interface QueuedMail {
  /** A name in mail/templates.ts. */
  template: string;
  to: string;
  data: Record<string, unknown>;
  /** A mail that must go once whoever queues it (e.g. `receipt:payment:12`): a second queueing
   * with the same key is ignored. */
  dedupeKey?: string;
  /** Dropped unsent after this (a reset link that has expired). */
  expiresAt?: Date;
}

export async function queueMail(db: Db | Tx, mail: QueuedMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({
      template: mail.template,
      recipient: mail.to,
      data: mail.data,
      dedupeKey: mail.dedupeKey ?? null,
      expiresAt: mail.expiresAt ?? null,
    })
    .onConflictDoNothing();
}
