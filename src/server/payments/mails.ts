import { displayPrice } from '../../domain/money.ts';
import type { MailTemplate, RenderedMail } from '../mail/templates.ts';

/**
 * The payment mails this part queues (issue 24; docs/decisions/0028), rendered by the mail job
 * from the data queued with them: the payer told of a refund for a line removed from the cart or
 * for a cancelled event, the association told of a cancelled event's refund and of a payment
 * whose amount differed. Plain text; the subject names the association's code.
 */
export const MAIL = {
  lineRemovedRefund: 'payment-refund-line-removed',
  eventCancelledRefund: 'payment-refund-event-cancelled',
  eventCancelledRefundAssociation: 'payment-refund-event-cancelled-association',
  amountMismatch: 'payment-amount-mismatch',
} as const;

export interface RefundMailData {
  reference: string;
  provider: string;
  payer: string;
  payerFirstName: string;
  payerUsername: string;
  lines: { event: string; participant: string; amountPence: number }[];
  totalPence: number;
}

export interface MismatchMailData {
  paymentId: number;
  reference: string;
  provider: string;
  payer: string;
  payerUsername: string;
  askedPence: number;
  askedCurrency: string;
  paidPence: number;
  paidCurrency: string;
}

const lineRows = (d: RefundMailData) =>
  d.lines.map((l) => `- ${l.event}: ${l.participant} (${displayPrice(l.amountPence)})`);

/** '£25.00' for pounds; '25.00 EUR' for another currency (displayPrice writes pounds). */
function amountIn(pence: number, currency: string): string {
  return currency.toUpperCase() === 'GBP'
    ? displayPrice(pence)
    : `${(pence / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A refund mail's text: its opening lines, the lines refunded, the total and the reference. */
function refundText(d: RefundMailData, opening: string[]): string {
  return [
    ...opening,
    ...lineRows(d),
    '',
    `Refunded: ${displayPrice(d.totalPence)}`,
    `Payment reference: ${d.reference} (${d.provider})`,
    '',
  ].join('\n');
}

export function lineRemovedRefundMail(code: string, d: RefundMailData): RenderedMail {
  return {
    subject: `[${code}] Refund: ${displayPrice(d.totalPence)} for entries removed from your cart`,
    text: refundText(d, [
      `Hello ${d.payerFirstName},`,
      '',
      'Your payment completed after these entries had been removed from your cart, so they are not booked and their amount is refunded to you:',
    ]),
  };
}

export function eventCancelledRefundMail(code: string, d: RefundMailData): RenderedMail {
  return {
    subject: `[${code}] Refund: ${displayPrice(d.totalPence)} for a cancelled event`,
    text: refundText(d, [
      `Hello ${d.payerFirstName},`,
      '',
      'Your payment completed after the event was cancelled, so these entries are not booked and their amount is refunded to you in full:',
    ]),
  };
}

export function eventCancelledRefundAssociationMail(code: string, d: RefundMailData): RenderedMail {
  return {
    subject: `[${code}] Refund made: payment ${d.reference} completed for a cancelled event`,
    text: refundText(d, [
      `${d.payer} (${d.payerUsername}) paid for entries on an event that had been cancelled; nothing was booked and the amount is refunded automatically:`,
    ]),
  };
}

export function amountMismatchMail(code: string, d: MismatchMailData): RenderedMail {
  return {
    subject: `[${code}] Needs attention: payment ${d.reference} paid a different amount`,
    text: [
      `The provider (${d.provider}) reports that payment ${d.reference} of ${d.payer} (${d.payerUsername}) took ${amountIn(d.paidPence, d.paidCurrency)}, but this site asked for ${amountIn(d.askedPence, d.askedCurrency)}.`,
      '',
      `Nothing was booked, its held places were released, and ${amountIn(d.paidPence, d.paidCurrency)} is refunded in full.`,
      'The payment is marked "needs attention" in the back office.',
      '',
    ].join('\n'),
  };
}

/** The templates as the registry (mail/templates.ts) takes them. */
export const paymentMailTemplates: Record<string, MailTemplate> = {
  [MAIL.lineRemovedRefund]: async (ctx, data) =>
    lineRemovedRefundMail(ctx.config.association.code, data as unknown as RefundMailData),
  [MAIL.eventCancelledRefund]: async (ctx, data) =>
    eventCancelledRefundMail(ctx.config.association.code, data as unknown as RefundMailData),
  [MAIL.eventCancelledRefundAssociation]: async (ctx, data) =>
    eventCancelledRefundAssociationMail(ctx.config.association.code, data as unknown as RefundMailData),
  [MAIL.amountMismatch]: async (ctx, data) =>
    amountMismatchMail(ctx.config.association.code, data as unknown as MismatchMailData),
};
