import { formatPrice } from '../../domain/money.ts';
import type { Config } from '../config.ts';
import { renderEmail } from '../mail/render.ts';
import type { MailTemplate, RenderedMail } from '../mail/templates.ts';

/**
 * The payment mails this part queues (issue 24; docs/decisions/0028), rendered by the mail job
 * from the data queued with them: the payer told of a refund for a line removed from the cart or
 * for a cancelled event, the association told of a cancelled event's refund and of a payment
 * whose amount differed. Rendered by src/emails (payments.tsx); the subject names the association's code.
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

/** '£25.00' for pounds; '25.00 EUR' for another currency. */
function amountIn(pence: number, currency: string): string {
  return currency.toUpperCase() === 'GBP'
    ? `£${formatPrice(pence)}`
    : `${(pence / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const refundProps = (d: RefundMailData) => ({
  firstName: d.payerFirstName,
  reference: d.reference,
  provider: d.provider,
  lines: d.lines,
  totalPence: d.totalPence,
});

export function lineRemovedRefundMail(config: Config, d: RefundMailData): Promise<RenderedMail> {
  return renderEmail(config, 'refund', { reason: 'line-removed', ...refundProps(d) });
}

export function eventCancelledRefundMail(config: Config, d: RefundMailData): Promise<RenderedMail> {
  return renderEmail(config, 'refund', { reason: 'event-cancelled', ...refundProps(d) });
}

export function eventCancelledRefundAssociationMail(config: Config, d: RefundMailData): Promise<RenderedMail> {
  return renderEmail(config, 'refund-association', {
    payer: d.payer,
    payerUsername: d.payerUsername,
    reference: d.reference,
    provider: d.provider,
    lines: d.lines,
    totalPence: d.totalPence,
  });
}

export function amountMismatchMail(config: Config, d: MismatchMailData): Promise<RenderedMail> {
  return renderEmail(config, 'amount-mismatch', {
    reference: d.reference,
    provider: d.provider,
    payer: d.payer,
    payerUsername: d.payerUsername,
    asked: amountIn(d.askedPence, d.askedCurrency),
    paid: amountIn(d.paidPence, d.paidCurrency),
  });
}

/** The templates as the registry (mail/templates.ts) takes them. */
/** A payer's refund mail, with Reply-To the association's address (issue 35). */
const toPayer =
  (render: (config: Config, d: RefundMailData) => Promise<RenderedMail>): MailTemplate =>
  async (ctx, data) => ({
    ...(await render(ctx.config, data as unknown as RefundMailData)),
    replyTo: ctx.config.association.email,
  });

export const paymentMailTemplates: Record<string, MailTemplate> = {
  [MAIL.lineRemovedRefund]: toPayer(lineRemovedRefundMail),
  [MAIL.eventCancelledRefund]: toPayer(eventCancelledRefundMail),
  [MAIL.eventCancelledRefundAssociation]: (ctx, data) =>
    eventCancelledRefundAssociationMail(ctx.config, data as unknown as RefundMailData),
  [MAIL.amountMismatch]: (ctx, data) => amountMismatchMail(ctx.config, data as unknown as MismatchMailData),
};
