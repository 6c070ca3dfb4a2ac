import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { paymentLines, refunds } from '../db/schema.ts';
import { logPayment, type PaymentLogCause } from './log.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundCause = RefundRow['cause'];

/**
 * Asks for a refund (issues 24 and 35): one `refunds` row in state requested, written in the
 * transaction that decided it (a place lost, a line removed after it was paid, a cancelled race, an
 * amount that differed, a family's cancellation, an administrator's removal), with the lines it
 * gives back and the idempotency key the provider will be asked with. The payments job (or the
 * caller, after commit) sends it; a retry uses the same key, so it never refunds twice.
 *
 * One refund per payment line, whatever its cause: the lines are locked first and must all be
 * unrefunded (`payment_lines.refund_id` null), then point at the new row by a conditional update.
 * A line another cause refunded first (a race cancelled while a parent cancels, an administrator's
 * removal at the same moment) makes this return null and write nothing: the caller decides what
 * that means. The database refuses a refund beyond what the provider took (migration 0020).
 */
export async function requestRefund(
  tx: Tx,
  request: {
    paymentId: number;
    amountPence: number;
    cause: RefundCause;
    /** The payment lines it gives back (none for a full refund of a payment that booked nothing). */
    lineIds?: number[];
    /** Who asked: null for the system's automatic refunds. */
    requestedBy?: number | null;
    /** Who the log names as the cause. */
    logCause: PaymentLogCause;
    /** Makes the key: the installation id and what the refund is for (see docs/decisions). */
    idempotencyKey: string;
    detail?: string;
  },
): Promise<RefundRow | null> {
  const lineIds = [...new Set(request.lineIds ?? [])];
  if (lineIds.length > 0) {
    const free = await tx
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(and(inArray(paymentLines.id, lineIds), isNull(paymentLines.refundId)))
      .orderBy(asc(paymentLines.id))
      .for('update');
    if (free.length !== lineIds.length) return null;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: request.paymentId,
      amountPence: request.amountPence,
      cause: request.cause,
      idempotencyKey: request.idempotencyKey,
      requestedBy: request.requestedBy ?? null,
    })
    .returning();
  if (!row) throw new Error('refund insert returned nothing');
  if (lineIds.length > 0) {
    const claimed = await tx
      .update(paymentLines)
      .set({ refundId: row.id })
      .where(and(inArray(paymentLines.id, lineIds), isNull(paymentLines.refundId)))
      .returning({ id: paymentLines.id });
    // the lines are locked above: nothing can have claimed them since
    if (claimed.length !== lineIds.length) throw new Error(`payment lines ${lineIds.join(',')} claimed twice`);
  }
  await logPayment(tx, {
    paymentId: request.paymentId,
    state: 'refund_requested',
    cause: request.logCause,
    actorId: request.requestedBy ?? null,
    detail: request.detail ?? `${request.cause}: ${request.amountPence} pence`,
  });
  return row;
}
