import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './index.ts';

/** What POST /bookings/ and a wallet capture answer: the lines booked, the lines refused (with
 * their reasons), and with a payment its reference, amount and what was refunded. */
export const BookingResultSchema = z.object({
  booked: z.array(
    z.object({
      id: z.number().int(),
      product: z.number().int(),
      participant: z.string(),
      participant_name: z.string(),
      product_name: z.string(),
    }),
  ),
  errors: z.array(z.object({ product: z.number().int(), participant: z.string(), error: z.string() })),
  payment: z
    .object({ reference: z.string(), provider: z.string(), amount: z.string(), refunded: z.string() })
    .optional(),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

/** One payment as its payer reads it back (the success page, My Entries). */
export const OrderSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  status: z.enum(['started', 'succeeded', 'canceled']),
  amount: z.string(),
  refunded: z.string(),
  created_at: z.string(),
  held_until: z.string(),
  settled_at: z.string().nullable(),
  lines: z.array(
    z.object({
      product: z.number().int(),
      product_name: z.string(),
      product_event_date: z.string(),
      participant: z.string(),
      participant_name: z.string(),
      amount: z.string(),
      state: z.enum(['held', 'booked', 'released', 'lost']),
      /** The payment line's id (what a cancellation names). */
      id: z.number().int(),
      /** With refunds through the site on and the race's deadline ahead: what cancelling this
       * entry gives back (pounds) and the fee kept; null when it cannot be cancelled here. */
      cancel: z.object({ refund: z.string(), fee: z.string() }).nullable(),
      /** The race was cancelled (issue 35): its paid entries are refunded in full. */
      race_cancelled: z.boolean(),
      /** This entry's refund, if one was asked for: how far it has gone and how much. */
      refund: z
        .object({ progress: z.enum(['refunded', 'on-its-way', 'by-association']), amount: z.string() })
        .nullable(),
    }),
  ),
});
export type Order = z.infer<typeof OrderSchema>;

/** One payment in the administrators' list: enough to reconcile against the provider's payouts. */
export const PaymentRecordSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  provider: z.string(),
  reference: z.string(),
  payer: z.string(),
  username: z.string(),
  amount: z.string(),
  refunded: z.string(),
  refund_due: z.string(),
  net: z.string(),
  status: z.enum(['started', 'succeeded', 'canceled']),
  entries_booked: z.number().int(),
  entries_lost: z.number().int(),
  /** Why the association must look at it (e.g. 'amount_mismatch'), and since when; null when
   * nothing is wrong. */
  attention: z.string().nullable(),
  attention_at: z.string().nullable(),
  /** What the provider reported it took, when that differed from what was asked. */
  paid_amount: z.string().nullable(),
  paid_currency: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** A payment just started: its places are held until `held_until`. */
export const StartedPaymentSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  payment_reference: z.string(),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  amount: z.string(),
  held_until: z.string(),
});
export type StartedPayment = z.infer<typeof StartedPaymentSchema>;

/** A refund waiting for an administrator (issue 27; docs/decisions/0052): refused by the provider,
 * or failing to send. GET /api/v1/admin/refunds/queue/. */
export const QueuedRefundSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  provider: z.string(),
  payer: z.string(),
  email: z.string(),
  amount: z.string(),
  cause: z.string(),
  status: z.enum(['refused', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type QueuedRefund = z.infer<typeof QueuedRefundSchema>;

/** A free entry the user booked (My Entries, issue 27): cancellable under the race's terms while
 * refunds through the site are on, with nothing to refund. */
export const FreeEntrySchema = z.object({
  id: z.number(),
  participant_name: z.string(),
  product_name: z.string(),
  product_event_date: z.string(),
  can_cancel: z.boolean(),
  /** The race was cancelled (issue 35). */
  race_cancelled: z.boolean(),
});
export type FreeEntry = z.infer<typeof FreeEntrySchema>;
