import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { ENTRANT_MSG, type EntrantMessageInput, entrantRecipients } from '../../domain/people/entrant-messages.ts';
import type { EntrantMessageProps } from '../../emails/types.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, events, paymentLines, payments, users } from '../db/schema.ts';
import { entrantMessages } from '../db/schema-events.ts';
import { AppError } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';

/** A message sent to an event's entrants, as Booked Participants lists them. */
export const EntrantMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  recipients: z.number().int(),
  sent_by: z.string(),
  created_at: z.string(),
});
export type EntrantMessage = z.infer<typeof EntrantMessageSchema>;

export const EntrantMessagesSchema = z.object({
  /** How many addresses a message sent now would go to. */
  recipients: z.number().int(),
  messages: z.array(EntrantMessageSchema),
});

export const EntrantPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  recipients: z.number().int(),
});

type EventRow = typeof events.$inferSelect;

async function eventOf(db: Db | Tx, id: number): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw AppError.notFound(EVENT_MSG.eventNotFound);
  return row;
}

const booker = alias(users, 'booker');
const payer = alias(users, 'payer');
/** Who paid for an entry: the account of the payment that booked it, or whoever entered them for
 * a free entry; nobody for an entry an administrator added. */
const freeEntrant = sql`case when ${bookings.source} = 'FREE' then ${booker.email} end`;
const payerEmail = sql<string | null>`coalesce(${payer.email}, ${freeEntrant})`;

/** The addresses of the event's entrants (domain/people/entrant-messages.ts): each racer's e-mail
 * and their entry's payer's, each address once. */
async function recipientsOf(db: Db | Tx, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ racerEmail: users.email, payerEmail })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(paymentLines, and(eq(paymentLines.bookingId, bookings.id), eq(paymentLines.state, 'booked')))
    .leftJoin(payments, eq(payments.id, paymentLines.paymentId))
    .leftJoin(payer, eq(payer.id, payments.userId))
    .leftJoin(booker, eq(booker.id, bookings.bookedById))
    .where(eq(bookings.eventId, eventId))
    .orderBy(bookings.id);
  return entrantRecipients(rows);
}

function mailProps(ctx: AppContext, event: EventRow, subject: string, body: string): EntrantMessageProps {
  return {
    eventName: event.name,
    date: event.date,
    startTime: event.startTime,
    venue: event.slopeName,
    subject,
    body,
    eventUrl: `${ctx.config.publicUrl}/events/${event.slug}`,
  };
}

function toMessage(row: { message: typeof entrantMessages.$inferSelect; first: string | null; last: string | null }) {
  return {
    id: row.message.id,
    subject: row.message.subject,
    body: row.message.body,
    recipients: row.message.recipients,
    sent_by: row.first === null ? 'a former administrator' : `${row.first} ${row.last}`,
    created_at: row.message.createdAt.toISOString(),
  };
}

/** GET …/messages/: the messages sent for the event, newest first, and how many a new one reaches. */
export async function listEntrantMessages(
  ctx: AppContext,
  eventId: number,
): Promise<z.infer<typeof EntrantMessagesSchema>> {
  await eventOf(ctx.db, eventId);
  const rows = await ctx.db
    .select({ message: entrantMessages, first: users.firstName, last: users.lastName })
    .from(entrantMessages)
    .leftJoin(users, eq(users.id, entrantMessages.sentById))
    .where(eq(entrantMessages.eventId, eventId))
    .orderBy(desc(entrantMessages.createdAt), desc(entrantMessages.id));
  return { recipients: (await recipientsOf(ctx.db, eventId)).length, messages: rows.map(toMessage) };
}

/** POST …/messages/preview/: the e-mail as entrants will get it, and how many will. */
export async function previewEntrantMessage(
  ctx: AppContext,
  eventId: number,
  input: EntrantMessageInput,
): Promise<z.infer<typeof EntrantPreviewSchema>> {
  const event = await eventOf(ctx.db, eventId);
  const mail = await renderEmail(ctx.config, 'entrant-message', mailProps(ctx, event, input.subject, input.message));
  return { subject: mail.subject, html: mail.html, recipients: (await recipientsOf(ctx.db, eventId)).length };
}

/**
 * POST …/messages/: records the message and queues one e-mail per address in one transaction,
 * so the record and its mails exist together; the mail job sends them (retried, DESIGN.md).
 */
export async function sendEntrantMessage(
  ctx: AppContext,
  adminId: number,
  eventId: number,
  input: EntrantMessageInput,
): Promise<EntrantMessage> {
  const message = await ctx.db.transaction(async (tx) => {
    await eventOf(tx, eventId);
    const to = await recipientsOf(tx, eventId);
    if (to.length === 0) throw new AppError('BAD_REQUEST', ENTRANT_MSG.nobody);
    const [row] = await tx
      .insert(entrantMessages)
      .values({
        eventId,
        sentById: adminId,
        subject: input.subject,
        body: input.message,
        recipients: to.length,
        createdAt: ctx.now(),
      })
      .returning();
    if (!row) throw new Error('entrant message not recorded');
    for (const address of to) {
      await queueMail(tx, {
        template: 'entrant-message',
        to: address,
        data: { messageId: row.id },
        dedupeKey: `entrant-message:${row.id}:${address.toLowerCase()}`,
      });
    }
    return row;
  });
  nudgeMail(ctx);
  const [sender] = await ctx.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, adminId));
  return toMessage({ message, first: sender?.first ?? null, last: sender?.last ?? null });
}

/** The 'entrant-message' mail (mail/templates.ts): data { messageId }; the message and its event
 * read at send time (an event's new day shows); gone (the event deleted): nothing to send. */
export async function entrantMessageTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const [row] = await ctx.db
    .select({ message: entrantMessages, event: events })
    .from(entrantMessages)
    .innerJoin(events, eq(events.id, entrantMessages.eventId))
    .where(eq(entrantMessages.id, Number(data.messageId)));
  if (!row) return null;
  return renderEmail(ctx.config, 'entrant-message', mailProps(ctx, row.event, row.message.subject, row.message.body));
}
