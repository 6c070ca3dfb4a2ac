/**
 * One refund, one sender (issue 35; docs/decisions/0055): a refund that fails to send is retried
 * automatically a bounded number of times, then waits in the administrators' queue of refunds to
 * make by hand and is never sent again by the site.
 *
 * The waits after the 1st, 2nd, 3rd and 4th failed tries: 1, 5, 15 and 40 minutes, so the 5th
 * and last try comes about an hour after the first.
 */
export const REFUND_RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000] as const;

/** How many tries a refund gets before it goes to the queue of refunds to make by hand. */
export const REFUND_TRIES = REFUND_RETRY_MS.length + 1;

/** The wait after `attempts` failed tries (1 to REFUND_TRIES - 1). */
export function refundRetryAfterMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), REFUND_RETRY_MS.length) - 1;
  return REFUND_RETRY_MS[index] ?? REFUND_RETRY_MS[3];
}

/** Whether a refund row waits for an administrator (never sent again by the site): refused by the
 * provider, or failed on every one of its tries. */
export function isQueuedRefund(refund: { status: string; attempts: number }): boolean {
  return refund.status === 'refused' || (refund.status === 'failed' && refund.attempts >= REFUND_TRIES);
}

/** A refund as the payer reads it (My Entries, e-mails): refunded (by the provider or by hand), on
 * its way (requested, being sent, pending, or failed with tries left), or to be refunded by the
 * association (queued). */
export type RefundProgress = 'refunded' | 'on-its-way' | 'by-association';

export function refundProgress(refund: { status: string; attempts: number }): RefundProgress {
  if (refund.status === 'succeeded' || refund.status === 'manual') return 'refunded';
  return isQueuedRefund(refund) ? 'by-association' : 'on-its-way';
}

/** "£20.00 refunded", "£20.00 refund on its way", "£20.00 to be refunded by the association" */
export function refundProgressText(progress: RefundProgress, amount: string): string {
  if (progress === 'refunded') return `£${amount} refunded`;
  if (progress === 'on-its-way') return `£${amount} refund on its way`;
  return `£${amount} to be refunded by the association`;
}
