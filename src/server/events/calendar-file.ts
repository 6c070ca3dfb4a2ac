import { eq } from 'drizzle-orm';
import { EVENT_MSG } from '../../domain/events/index.ts';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { eventsCalendar } from './calendar.ts';
import { currentSlugOf, isSlug, SlugMoved } from './service.ts';

/** What an .ics file is sent as. */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** The address of an event's calendar file (the event page's "Add to calendar"). */
export const eventCalendarPath = (slug: string) => `/api/v1/products/${slug}/calendar.ics`;

/**
 * One event's calendar file (src/server/events/calendar.ts), by its slug; a former slug is a
 * SlugMoved, an unknown one a 404.
 */
export async function eventCalendarFile(ctx: AppContext, slug: string): Promise<string> {
  if (!isSlug(slug)) throw AppError.notFound(EVENT_MSG.eventNotFound);
  const [row] = await ctx.db.select().from(events).where(eq(events.slug, slug));
  if (!row) {
    const current = await currentSlugOf(ctx, slug);
    if (current) throw new SlugMoved(current);
    throw AppError.notFound(EVENT_MSG.eventNotFound);
  }
  return eventsCalendar({ associationName: ctx.config.association.code, publicUrl: ctx.config.publicUrl }, [
    {
      id: row.id,
      name: row.name,
      slug: row.slug,
      date: row.date,
      startTime: row.startTime,
      slopeName: row.slopeName,
      cancelledAt: row.cancelledAt,
      updatedAt: row.updatedAt,
    },
  ]);
}
