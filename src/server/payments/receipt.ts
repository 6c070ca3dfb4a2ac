import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayPrice } from '../../domain/money.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import type { RenderedMail } from '../mail/templates.ts';

export interface ReceiptLine {
  event: string;
  participant: string;
  amountPence: number;
  booked: boolean;
}

export interface Receipt {
  userId: number;
  /** The provider's payment reference, or the booking numbers of a free booking. */
  reference: string;
  provider: string;
  lines: ReceiptLine[];
  /** The payment a paid receipt is for (its outbox key). */
  paymentId?: number;
  /** The bookings a free booking's receipt is for (its outbox key). */
  bookingIds?: number[];
}

/** The receipt's text: each place booked with its amount, each place lost and refunded, what
 * was paid, refunded and kept, and the payment reference (issue 9 "Confirmation"). */
export function receiptText(firstName: string, receipt: Receipt): string {
  const booked = receipt.lines.filter((l) => l.booked);
  const lost = receipt.lines.filter((l) => !l.booked);
  const sum = (lines: ReceiptLine[]) => lines.reduce((s, l) => s + l.amountPence, 0);
  const row = (l: ReceiptLine) => `- ${l.event}: ${l.participant} (${displayPrice(l.amountPence)})`;
  const parts = [`Hello ${firstName},`, ''];
  if (booked.length) parts.push('These places are booked:', ...booked.map(row), '');
  if (lost.length) {
    parts.push(
      'These places could not be booked (the event filled or was cancelled, or the entry was removed from your cart before the payment completed), so their amount is refunded to you:',
      ...lost.map(row),
      '',
    );
  }
  parts.push(`Paid: ${displayPrice(sum(receipt.lines))}`);
  if (lost.length) parts.push(`Refunded: ${displayPrice(sum(lost))}`);
  parts.push(`Payment reference: ${receipt.reference} (${receipt.provider})`, '');
  return parts.join('\n');
}

/** The outbox's key for a receipt: a payment's, or a free booking's (its booking ids), so a
 * receipt is queued once whoever calls, however often. */
export function receiptKey(receipt: Receipt): string {
  if (receipt.paymentId !== undefined) return `receipt:payment:${receipt.paymentId}`;
  if (receipt.bookingIds) return `receipt:booking:${receipt.bookingIds.join(',')}`;
  return `receipt:${receipt.provider}:${receipt.reference}`;
}

/** Queues the receipt to the payer and, when places were lost, the association's notice, in the
 * outbox (mail/outbox.ts): with `db` the caller's transaction, they exist exactly when what they
 * tell of does. The mail job sends them; nothing here waits for a mail server. */
export async function sendReceipt(
  ctx: AppContext,
  _log: FastifyBaseLogger,
  receipt: Receipt,
  db: Db | Tx = ctx.db,
): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, receipt.userId));
  if (!user) return;
  const key = receiptKey(receipt);
  const data = { receipt };
  if (user.email) await queueMail(db, { template: 'receipt', to: user.email, data, dedupeKey: key });
  if (receipt.lines.some((l) => !l.booked)) {
    await queueMail(db, {
      template: 'places-lost',
      to: ctx.config.association.email,
      data,
      dedupeKey: `${key}:places-lost`,
    });
  }
  if (db === ctx.db) nudgeMail(ctx);
}

async function payerOf(ctx: AppContext, data: Record<string, unknown>) {
  const receipt = data.receipt as Receipt | undefined;
  if (!receipt) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, receipt.userId));
  return user ? { user, receipt } : null;
}

/** The 'receipt' mail (mail/templates.ts): data { receipt }, the payer's name read at send time. */
export async function receiptTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const found = await payerOf(ctx, data);
  if (!found) return null;
  const lost = found.receipt.lines.some((l) => !l.booked);
  return {
    subject: lost ? 'Your booking: some places were refunded' : 'Your booking is confirmed',
    text: receiptText(found.user.firstName, found.receipt),
  };
}

/** The 'places-lost' mail to the association (mail/templates.ts): data { receipt }. */
export async function placesLostTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const found = await payerOf(ctx, data);
  if (!found) return null;
  const { user, receipt } = found;
  const lost = receipt.lines.filter((l) => !l.booked);
  return {
    subject: `Refund made: ${lost.length} place(s) lost on payment ${receipt.reference}`,
    text: `${user.firstName} ${user.lastName} (${user.username}) paid for places that filled before the payment completed; they were refunded automatically.\n\n${receiptText(user.firstName, receipt)}`,
  };
}
