import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptRace } from '../../emails/types.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { events, users } from '../db/schema.ts';
import { eventsCalendar } from '../events/calendar.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import type { MailAttachment } from '../plugins/mail.ts';

export interface ReceiptLine {
  /** The event's id (issue 26: its day, start time and venue are read at send time). Receipts
   * queued before it was kept have none: they show the event's name alone. */
  eventId?: number;
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

/** The receipt's lines as races: each event's lines together, with its day, start time and venue
 * as they are now (a postponed race shows its new day), and the events' rows for the calendar. */
export async function receiptRaces(
  ctx: AppContext,
  receipt: Receipt,
): Promise<{ races: ReceiptRace[]; rows: (typeof events.$inferSelect)[] }> {
  const ids = [...new Set(receipt.lines.map((l) => l.eventId).filter((id): id is number => typeof id === 'number'))];
  const rows = ids.length ? await ctx.db.select().from(events).where(inArray(events.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const races = new Map<string, ReceiptRace>();
  for (const line of receipt.lines) {
    const row = typeof line.eventId === 'number' ? byId.get(line.eventId) : undefined;
    const key = row ? `id:${row.id}` : `name:${line.event}`;
    let race = races.get(key);
    if (!race) {
      race = {
        name: row?.name ?? line.event,
        date: row?.date ?? null,
        startTime: row?.startTime ?? null,
        venue: row?.slopeName ?? null,
        lines: [],
      };
      races.set(key, race);
    }
    race.lines.push({ participant: line.participant, amountPence: line.amountPence, booked: line.booked });
  }
  return { races: [...races.values()], rows };
}

/** One calendar entry (.ics) per race booked, from events/calendar.ts. */
function calendarAttachments(
  ctx: AppContext,
  receipt: Receipt,
  rows: (typeof events.$inferSelect)[],
): MailAttachment[] {
  const booked = new Set(receipt.lines.filter((l) => l.booked).map((l) => l.eventId));
  const site = { associationName: ctx.config.association.code, publicUrl: ctx.config.publicUrl };
  return rows
    .filter((row) => booked.has(row.id))
    .map((row) => ({
      filename: `${row.slug}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: eventsCalendar(site, [row], row.name),
    }));
}

/** The 'receipt' mail (mail/templates.ts): data { receipt }, the payer's name and the events'
 * days read at send time; a calendar entry attached per race booked. */
export async function receiptTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const found = await payerOf(ctx, data);
  if (!found) return null;
  const { races, rows } = await receiptRaces(ctx, found.receipt);
  const mail = await renderEmail(ctx.config, 'receipt', {
    firstName: found.user.firstName,
    reference: found.receipt.reference,
    provider: found.receipt.provider,
    races,
    myEntriesUrl: `${ctx.config.publicUrl}/profile?tab=entries`,
    profileUrl: `${ctx.config.publicUrl}/profile?tab=calendar`,
  });
  const attachments = calendarAttachments(ctx, found.receipt, rows);
  return attachments.length ? { ...mail, attachments } : mail;
}

/** The 'places-lost' mail to the association (mail/templates.ts): data { receipt }. */
export async function placesLostTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail | null> {
  const found = await payerOf(ctx, data);
  if (!found) return null;
  const { user, receipt } = found;
  const { races } = await receiptRaces(ctx, receipt);
  return renderEmail(ctx.config, 'places-lost', {
    payerName: `${user.firstName} ${user.lastName}`,
    payerUsername: user.username,
    reference: receipt.reference,
    provider: receipt.provider,
    races,
  });
}
