import { asc, eq } from 'drizzle-orm';
import { refundProgress } from '../../domain/payments/refund-schedule.ts';
import type { CancelledEntryMoney, RefundNewsProps } from '../../emails/types.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { events, paymentLines, payments, refunds, users } from '../db/schema.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';

/**
 * Families told of their money, every time (issue 35): a refund on its way (a family's
 * cancellation, an administrator's removal), refused by the provider or failed on every try (the
 * association refunds another way), completed where the provider reported it later. Queued in the
 * transaction that changes the refund, to the payer, once each (a dedupe key); rendered at send time
 * from the refund as it is then, with Reply-To the association's address.
 */
export const REFUND_NEWS = 'refund-news';
export const RACE_CANCELLED = 'race-cancelled';

type RefundRow = typeof refunds.$inferSelect;
export type RefundNews = RefundNewsProps['kind'];

export async function tellOfRefund(
  tx: Tx,
  refund: Pick<RefundRow, 'id' | 'paymentId'>,
  kind: RefundNews,
): Promise<void> {
  const [payer] = await tx
    .select({ email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, refund.paymentId));
  if (!payer?.email) return;
  await queueMail(tx, {
    template: REFUND_NEWS,
    to: payer.email,
    data: { refundId: refund.id, kind },
    dedupeKey: `${REFUND_NEWS}:${kind}:${refund.id}`,
  });
}

const links = (ctx: AppContext) => {
  const site = ctx.config.publicUrl.replace(/\/+$/, '');
  return { myEntriesUrl: `${site}/profile?tab=entries`, contactUrl: `${site}/contact` };
};

/**
 * A refund's lines, each with its own amount: one line gives back the refund's amount (its fee is
 * what the price kept back); several lines give back their prices; none (a whole payment refunded
 * for a differing amount) is the payment itself.
 */
export async function refundLines(
  db: AppContext['db'] | Tx,
  refund: Pick<RefundRow, 'id' | 'amountPence'>,
  reference: string,
): Promise<RefundNewsProps['lines']> {
  const rows = await db
    .select({ event: events.name, first: users.firstName, last: users.lastName, price: paymentLines.pricePence })
    .from(paymentLines)
    .innerJoin(events, eq(events.id, paymentLines.eventId))
    .innerJoin(users, eq(users.id, paymentLines.participantId))
    .where(eq(paymentLines.refundId, refund.id))
    .orderBy(asc(paymentLines.id));
  if (rows.length === 0) {
    return [
      { event: `Payment ${reference}`, participant: 'whole payment', amountPence: refund.amountPence, feePence: 0 },
    ];
  }
  return rows.map((r) => {
    const amountPence = rows.length === 1 ? refund.amountPence : r.price;
    return {
      event: r.event,
      participant: `${r.first} ${r.last}`.trim(),
      amountPence,
      feePence: Math.max(0, r.price - amountPence),
    };
  });
}

/** The 'refund-news' mail (mail/templates.ts): data { refundId, kind }. */
export async function refundNewsTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const kind = data.kind as RefundNews;
  if (!['on-its-way', 'refused', 'completed'].includes(kind)) return null;
  const [found] = await ctx.db
    .select({ refund: refunds, payment: payments, first: users.firstName })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(refunds.id, Number(data.refundId)));
  if (!found) return null;
  const reference = found.payment.reference ?? `payment ${found.payment.id}`;
  const mail = await renderEmail(ctx.config, 'refund-news', {
    kind,
    firstName: found.first,
    reference,
    provider: found.payment.provider,
    lines: await refundLines(ctx.db, found.refund, reference),
    totalPence: found.refund.amountPence,
    ...links(ctx),
  });
  return { ...mail, replyTo: ctx.config.association.email };
}

/** What a cancelled race's entry's money is doing now, from its payment line's refund. */
export function cancelledMoney(
  line: { pricePence: number; refund: Pick<RefundRow, 'status' | 'attempts'> | null } | null,
  bookingPence: number,
): CancelledEntryMoney {
  if (!line?.refund) return bookingPence > 0 || (line?.pricePence ?? 0) > 0 ? 'offline' : 'free';
  return refundProgress(line.refund);
}

/** The entries one address is told about when a race is cancelled: who, and their payment line
 * (null for an entry with no payment through the site). */
export interface CancelledEntry {
  participant: string;
  lineId: number | null;
  bookingPence: number;
}

/** Queues a cancelled race's mail to one address (once per race and address). */
export async function tellOfCancelledRace(
  tx: Tx,
  eventId: number,
  to: { email: string; firstName: string },
  entries: CancelledEntry[],
): Promise<void> {
  await queueMail(tx, {
    template: RACE_CANCELLED,
    to: to.email,
    data: { eventId, firstName: to.firstName, entries: entries as unknown as Record<string, unknown>[] },
    dedupeKey: `${RACE_CANCELLED}:${eventId}:${to.email.toLowerCase()}`,
  });
}

/** The 'race-cancelled' mail (mail/templates.ts): data { eventId, firstName, entries }; each
 * entry's money read at send time (a refund sent meanwhile reads "refunded"). */
export async function raceCancelledTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const [event] = await ctx.db
    .select()
    .from(events)
    .where(eq(events.id, Number(data.eventId)));
  if (!event) return null;
  const entries = (Array.isArray(data.entries) ? data.entries : []) as CancelledEntry[];
  const told = [];
  for (const entry of entries) {
    const [line] =
      entry.lineId === null
        ? []
        : await ctx.db
            .select({ line: paymentLines, refund: refunds, provider: payments.provider })
            .from(paymentLines)
            .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
            .leftJoin(refunds, eq(refunds.id, paymentLines.refundId))
            .where(eq(paymentLines.id, Number(entry.lineId)));
    const money = cancelledMoney(
      line ? { pricePence: line.line.pricePence, refund: line.refund } : null,
      Number(entry.bookingPence) || 0,
    );
    told.push({
      participant: String(entry.participant),
      money,
      amountPence: line?.refund?.amountPence ?? line?.line.pricePence ?? 0,
      provider: line?.provider ?? 'no payment',
    });
  }
  const mail = await renderEmail(ctx.config, 'race-cancelled', {
    firstName: String(data.firstName ?? ''),
    eventName: event.name,
    date: event.date,
    startTime: event.startTime,
    venue: event.slopeName || null,
    entries: told,
    ...links(ctx),
  });
  return { ...mail, replyTo: ctx.config.association.email };
}
