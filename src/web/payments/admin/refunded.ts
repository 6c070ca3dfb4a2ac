import { formatPrice, parsePrice } from '../../../domain/money.ts';
import type { PaymentRecord } from '../../../domain/payments/records.ts';

/**
 * A payment row's Refunded figure. More can go back than the amount asked only when the provider
 * took more (it reported another amount: the whole of what it took is refunded, docs/decisions/0057),
 * and the row says so rather than leave "Amount £25 · Refunded £30" unexplained.
 */
export function refundedText(r: Pick<PaymentRecord, 'amount' | 'refunded' | 'paid_amount'>): string {
  const refunded = parsePrice(r.refunded) ?? 0;
  if (refunded === 0) return '—';
  const over = refunded - (parsePrice(r.amount) ?? 0);
  if (over <= 0) return `£${r.refunded}`;
  return r.paid_amount
    ? `£${r.refunded} — the provider took £${r.paid_amount}, £${formatPrice(over)} more than asked`
    : `£${r.refunded} — £${formatPrice(over)} more than the amount`;
}
