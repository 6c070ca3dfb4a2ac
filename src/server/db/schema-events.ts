import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, users } from './schema.ts';

/**
 * An event's former slugs (issue 26): a renamed event keeps answering at every address it was
 * shared under; `/events/{former}` answers 308 to the current slug. A slug is in at most one of
 * `events.slug` and this table (the rename moves it here; taking a former slug back for a new
 * event removes it from here).
 */
export const eventSlugs = pgTable(
  'event_slugs',
  {
    slug: text('slug').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_slugs_event_idx').on(t.eventId)],
);

/**
 * A message an administrator sent to every entrant of an event from Booked Participants (issue 26:
 * a postponement, a venue change, start times): what was sent, by whom, when, and to how many.
 * Each recipient's copy goes through the mail outbox.
 */
export const entrantMessages = pgTable(
  'entrant_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entrant_messages_event_idx').on(t.eventId, t.createdAt)],
);

/** A family's private calendar feed (issue 27, docs/decisions/0046): the token is the key to
 * its address, kept only as its SHA-256 hash. One live feed per user (revoked_at null), held by
 * the partial unique index; making a new one revokes the old. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_one_live_idx').on(t.userId).where(sql`${t.revokedAt} IS NULL`)],
);
