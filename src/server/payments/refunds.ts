import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { paymentLines, refunds } from '../db/schema.ts';
import { logPayment, type PaymentLogCause } from './log.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundCause = RefundRow['cause'];

/**
 * Asks for a refund (issue 24): one `refunds` row in state requested, written in the transaction
 * that decided it (a place lost, a line removed after it was paid, a cancelled event, an amount
 * that differed), with the lines it gives back and the idempotency key the provider will be asked
 * with. The payments job (or the caller, after commit) sends it to the provider; a retry uses the
 * same key, so it never refunds twice. Returns the row.
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
): Promise<RefundRow> {
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
  if (request.lineIds?.length) {
    await tx.update(paymentLines).set({ refundId: row.id }).where(inArray(paymentLines.id, request.lineIds));
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
