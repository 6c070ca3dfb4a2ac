import type { Order } from '../../domain/payments/records.ts';
import { refundProgressText } from '../../domain/payments/refund-schedule.ts';

type Line = Pick<Order['lines'][number], 'state' | 'race_cancelled' | 'refund'>;

/**
 * A paid entry's status in My Entries (issue 35): "Booked", "Race cancelled", "Cancelled" (a
 * family's cancellation or an administrator's removal) or "Not booked" (its place went before the
 * payment completed), followed by its refund as it stands and its amount: "Race cancelled · £20.00
 * refunded", "Cancelled · £7.50 refund on its way", "Not booked · £20.00 to be refunded by the
 * association".
 */
export function entryStatus(line: Line): { text: string; booked: boolean } {
  const booked = line.state === 'booked' && !line.race_cancelled;
  const state = line.race_cancelled
    ? 'Race cancelled'
    : booked
      ? 'Booked'
      : line.state === 'released'
        ? 'Cancelled'
        : 'Not booked';
  const refund = line.refund ? ` · ${refundProgressText(line.refund.progress, line.refund.amount)}` : '';
  return { text: `${state}${refund}`, booked };
}

/** A free entry's status: only a cancelled race's says anything. */
export const freeEntryStatus = (entry: { race_cancelled: boolean }): string | null =>
  entry.race_cancelled ? 'Race cancelled' : null;
