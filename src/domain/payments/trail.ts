import { z } from 'zod';
import { PaymentRecordSchema } from './records.ts';

/** What each reason a payment needs attention is called in the back office. */
export const ATTENTION_LABEL: Record<string, string> = {
  amount_mismatch: 'Amount or currency differed',
};
export const attentionLabel = (reason: string): string => ATTENTION_LABEL[reason] ?? reason.replaceAll('_', ' ');

/** One change of the payment's state, as the payment log holds it (issue 24). */
export const PaymentLogLineSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  state: z.string(),
  cause: z.string(),
  /** The person behind it (name and username), when a person was. */
  actor: z.string().nullable(),
  provider_ids: z.record(z.string(), z.string()),
  detail: z.string(),
});
export type PaymentLogLine = z.infer<typeof PaymentLogLineSchema>;

/** One refund of the payment (issue 24): what it gives back, why, where it stands with the
 * provider, and who started it (null: the site, automatically). */
export const RefundLineSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  cause: z.string(),
  status: z.enum(['requested', 'sending', 'pending', 'succeeded', 'failed', 'refused', 'manual']),
  provider_refund_id: z.string().nullable(),
  requested_by: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/** GET /admin/payments/{id}/: the payment, its lines, its log (by time, then id) and its refunds. */
export const PaymentTrailSchema = z.object({
  payment: PaymentRecordSchema,
  lines: z.array(
    z.object({
      product_name: z.string(),
      participant: z.string(),
      participant_name: z.string(),
      amount: z.string(),
      state: z.enum(['held', 'booked', 'released', 'lost']),
    }),
  ),
  log: z.array(PaymentLogLineSchema),
  refunds: z.array(RefundLineSchema),
});
export type PaymentTrail = z.infer<typeof PaymentTrailSchema>;
