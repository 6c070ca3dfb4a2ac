import type { Db, Tx } from '../db/client.ts';
import { paymentLog } from '../db/schema.ts';

export type PaymentLogEntry = typeof paymentLog.$inferInsert;
export type PaymentLogState = PaymentLogEntry['state'];
export type PaymentLogCause = PaymentLogEntry['cause'];

/**
 * Writes one change of a payment's state to the payment log (issue 24; DESIGN.md "every change of
 * a payment's state is logged"): call it in the transaction that makes the change, with its cause
 * (the user, the webhook, the job, an administrator, the system) and the provider's ids.
 */
export async function logPayment(
  db: Db | Tx,
  entry: {
    paymentId: number;
    state: PaymentLogState;
    cause: PaymentLogCause;
    actorId?: number | null;
    providerIds?: Record<string, string>;
    detail?: string;
    at?: Date;
  },
): Promise<void> {
  await db.insert(paymentLog).values({
    paymentId: entry.paymentId,
    state: entry.state,
    cause: entry.cause,
    actorId: entry.actorId ?? null,
    providerIds: entry.providerIds ?? {},
    detail: entry.detail ?? '',
    ...(entry.at ? { at: entry.at } : {}),
  });
}
