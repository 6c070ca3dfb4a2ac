import { z } from 'zod';

/**
 * Cancelling a race (issue 35; docs/decisions/0056): what the administrator's confirmation says
 * before they confirm, from GET /api/v1/products/{id}/cancel/.
 */
export const CancelPreviewSchema = z.object({
  name: z.string(),
  /** Paid entries that will be refunded in full (no fee). */
  paid_entries: z.number().int(),
  /** Their total, pounds with two decimals. */
  refund_total: z.string(),
  /** Entries of any kind (paid, free, added by an administrator): each one's family is told. */
  entrants: z.number().int(),
  cancelled: z.boolean(),
  /** Its day is over (London): it cannot be cancelled (a mistaken click would refund every entry). */
  taken_place: z.boolean(),
});
export type CancelPreview = z.infer<typeof CancelPreviewSchema>;

/** Why an event cannot be cancelled (issue 35's outside review). */
export const RACE_CANCEL_MSG = {
  takenPlace: 'This event has already taken place and cannot be cancelled.',
} as const;

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The confirmation's words: "2 paid entries will be refunded in full (£40.00) to the card or
 * wallet that paid, and every entrant (3 entries) will be told by e-mail." */
export function cancelRaceConfirmation(p: Pick<CancelPreview, 'paid_entries' | 'refund_total' | 'entrants'>): string {
  const money =
    p.paid_entries > 0
      ? `${p.paid_entries === 1 ? '1 paid entry' : `${p.paid_entries} paid entries`} will be refunded in full (£${p.refund_total}) to the card or wallet that paid, whatever the refunds setting.`
      : 'No paid entries need a refund.';
  const told =
    p.entrants > 0
      ? `Every entrant (${entries(p.entrants)}) will be told by e-mail.`
      : 'Nobody has entered, so nobody needs telling.';
  return `${money} ${told} This cannot be undone.`;
}
