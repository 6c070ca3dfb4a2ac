import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayPrice } from '../../domain/money.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';

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
      'These places filled before your payment completed, so they are not booked and their amount is refunded to you:',
      ...lost.map(row),
      '',
    );
  }
  parts.push(`Paid: ${displayPrice(sum(receipt.lines))}`);
  if (lost.length) parts.push(`Refunded: ${displayPrice(sum(lost))}`);
  parts.push(`Payment reference: ${receipt.reference} (${receipt.provider})`, '');
  return parts.join('\n');
}

/** E-mails the receipt to the payer; when places were lost, the association is told as well.
 * A mail failure is logged: the booking stands. */
export async function sendReceipt(ctx: AppContext, log: FastifyBaseLogger, receipt: Receipt): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, receipt.userId));
  if (!user) return;
  const lost = receipt.lines.filter((l) => !l.booked);
  const messages = [];
  if (user.email) {
    messages.push({
      to: user.email,
      subject: lost.length ? 'Your booking: some places were refunded' : 'Your booking is confirmed',
      text: receiptText(user.firstName, receipt),
    });
  }
  if (lost.length) {
    messages.push({
      to: ctx.config.association.email,
      subject: `Refund made: ${lost.length} place(s) lost on payment ${receipt.reference}`,
      text: `${user.firstName} ${user.lastName} (${user.username}) paid for places that filled before the payment completed; they were refunded automatically.\n\n${receiptText(user.firstName, receipt)}`,
    });
  }
  for (const message of messages) {
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      log.error(
        { userId: receipt.userId, err: { message: String((error as Error)?.message ?? error) } },
        'receipt mail failed',
      );
    }
  }
}
