import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import {
  FEED_MSG,
  familyCalendarName,
  familyFeedPath,
  feedFirstDate,
  isFeedToken,
  racesCalendarName,
} from '../../domain/events/calendar-feed.ts';
import type { AppContext } from '../context.ts';
import { bookings, events, users } from '../db/schema.ts';
import { calendarFeeds } from '../db/schema-events.ts';
import { AppError } from '../errors.ts';
import { type CalendarEvent, eventsCalendar } from './calendar.ts';

/**
 * Calendar feeds (issue 27, docs/decisions/0046): the association's races, and a family's private
 * feed of the races its members entered. Each entry is the event's own (src/server/events/calendar.ts:
 * the same UID and SEQUENCE as its per-event file); no person's name is ever written.
 */

const entryColumns = {
  id: events.id,
  name: events.name,
  slug: events.slug,
  date: events.date,
  startTime: events.startTime,
  slopeName: events.slopeName,
  cancelledAt: events.cancelledAt,
  updatedAt: events.updatedAt,
};

function calendarOf(ctx: AppContext, list: CalendarEvent[], name: string): string {
  return eventsCalendar({ associationName: ctx.config.association.code, publicUrl: ctx.config.publicUrl }, list, name);
}

/** GET /calendar/races.ics: every race from 30 days ago onwards, cancelled ones as CANCELLED. */
export async function racesFeed(ctx: AppContext): Promise<string> {
  const list = await ctx.db
    .select(entryColumns)
    .from(events)
    .where(and(eq(events.eventType, 'race'), gte(events.date, feedFirstDate(ctx.now()))))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.id));
  return calendarOf(ctx, list, racesCalendarName(ctx.config.association.name));
}

/** The stored form of a feed token: its SHA-256, hex. The token itself is never stored. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** GET /calendar/family/{token}.ics: the races the feed owner's family has places on. An unknown or
 * revoked token is a 404. */
export async function familyFeed(ctx: AppContext, token: string): Promise<string> {
  if (!isFeedToken(token)) throw AppError.notFound(FEED_MSG.notFound);
  const [feed] = await ctx.db
    .select({ userId: calendarFeeds.userId, familyId: users.familyId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, feedTokenHash(token)), isNull(calendarFeeds.revokedAt)));
  if (!feed) throw AppError.notFound(FEED_MSG.notFound);
  // the owner and everyone in the owner's family, as the family is now
  const members = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      feed.familyId === null
        ? eq(users.id, feed.userId)
        : or(eq(users.id, feed.userId), eq(users.familyId, feed.familyId)),
    );
  const entered = ctx.db
    .selectDistinct({ eventId: bookings.eventId })
    .from(bookings)
    .where(inArray(bookings.userId, members));
  const list = await ctx.db
    .select(entryColumns)
    .from(events)
    .where(and(eq(events.eventType, 'race'), gte(events.date, feedFirstDate(ctx.now())), inArray(events.id, entered)))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.id));
  return calendarOf(ctx, list, familyCalendarName(ctx.config.association.code));
}

/** GET /profile/calendar-feed/: whether the user has a live feed (its token cannot be shown again). */
export async function feedStatus(
  ctx: AppContext,
  userId: number,
): Promise<{ active: boolean; created_at: string | null }> {
  const [live] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
  return { active: Boolean(live), created_at: live ? live.createdAt.toISOString() : null };
}

/** POST /profile/calendar-feed/: a new feed for the user, revoking any old one; its address, once. */
export async function makeFeed(ctx: AppContext, userId: number): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    // the user's row first: two makes at once wait for each other instead of meeting the index
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
    await tx.insert(calendarFeeds).values({ userId, tokenHash: feedTokenHash(token), createdAt: ctx.now() });
  });
  return { url: `${ctx.config.publicUrl.replace(/\/+$/, '')}${familyFeedPath(token)}` };
}

/** DELETE /profile/calendar-feed/: revokes the user's live feed, if any. */
export async function revokeFeed(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(calendarFeeds)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
}
