import { and, asc, eq } from 'drizzle-orm';
import { offerEndText } from '../../domain/waiting-list/messages.ts';
import type { AppContext } from '../context.ts';
import { events, users } from '../db/schema.ts';
import { waitingEntries, waitingMembers } from '../db/schema-waiting-list.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';

/**
 * The offer e-mail (issue 27), rendered when the mail job sends it from the entry as it is then:
 * nothing is sent for an offer already answered, ended or removed. The link opens the offer's page,
 * whose buttons answer it by POST for the signed-in owner (a scanner following it answers nothing).
 */
export async function waitingOfferTemplate(
  ctx: AppContext,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  const entryId = Number(data.entryId);
  if (!Number.isSafeInteger(entryId)) return null;
  const [found] = await ctx.db
    .select({ entry: waitingEntries, event: events, first: users.firstName })
    .from(waitingEntries)
    .innerJoin(events, eq(events.id, waitingEntries.eventId))
    .innerJoin(users, eq(users.id, waitingEntries.ownerId))
    .where(eq(waitingEntries.id, entryId));
  if (found?.entry.state !== 'offered' || !found.entry.offerEndsAt) return null;
  const members = await ctx.db
    .select({ first: users.firstName, last: users.lastName })
    .from(waitingMembers)
    .innerJoin(users, eq(users.id, waitingMembers.racerId))
    .where(and(eq(waitingMembers.entryId, entryId), eq(waitingMembers.state, 'offered')))
    .orderBy(asc(waitingMembers.ord));
  if (members.length === 0) return null;
  return renderEmail(ctx.config, 'waiting-list-offer', {
    firstName: found.first,
    eventName: found.event.name,
    date: found.event.date,
    startTime: found.event.startTime,
    venue: found.event.slopeName || null,
    members: members.map((m) => `${m.first} ${m.last}`.trim()),
    totalPence: members.length * found.event.pricePence,
    endsAt: offerEndText(found.entry.offerEndsAt),
    offerUrl: `${ctx.config.publicUrl.replace(/\/+$/, '')}/waiting-list/${entryId}`,
  });
}
