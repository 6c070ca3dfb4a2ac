import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, users } from './schema.ts';

/**
 * The family waiting list (issue 27, docs/decisions/0053). An entry is a parent's place in a full
 * race's queue for one to four members of the family (its position: created_at, then id); its
 * members are rows of their own, one live (waiting or offered) per racer per race, held by a
 * partial unique index so two joins at once cannot queue a racer twice.
 *
 * Places kept for the list are counted in the event's `held` (so every check of `booked + held`
 * against the quantity, the public figures and the one-statement paths need no change): the
 * places offered to an entry (its members in state offered) and those freed that no entry fits
 * yet (waiting_places.kept). The payments job's recount adds both to the held payment lines.
 */
export const waitingEntries = pgTable(
  'waiting_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['all', 'any'] }).notNull(),
    state: text('state', {
      enum: ['waiting', 'offered', 'accepted', 'declined', 'expired', 'removed', 'closed'],
    })
      .notNull()
      .default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The administrator who removed the entry. */
    removedById: integer('removed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('waiting_entries_event_idx').on(t.eventId, t.state, t.createdAt),
    index('waiting_entries_offer_idx').on(t.offerEndsAt).where(sql`${t.state} = 'offered'`),
  ],
);

export const waitingMembers = pgTable(
  'waiting_members',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitingEntries.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    racerId: integer('racer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order the parent gave: an "any" entry's places go to its members in this order. */
    ord: integer('ord').notNull(),
    state: text('state', { enum: ['waiting', 'offered', 'accepted', 'left'] })
      .notNull()
      .default('waiting'),
  },
  (t) => [
    uniqueIndex('waiting_members_live_idx').on(t.eventId, t.racerId).where(sql`${t.state} in ('waiting', 'offered')`),
    index('waiting_members_entry_idx').on(t.entryId),
  ],
);

/** A race's places freed and kept for its list that no entry fits yet (part of events.held). */
export const waitingPlaces = pgTable(
  'waiting_places',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    kept: integer('kept').notNull().default(0),
  },
  (t) => [check('waiting_places_kept_check', sql`${t.kept} >= 0`)],
);
