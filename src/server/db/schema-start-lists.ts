import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, users } from './schema.ts';

/**
 * Start lists and bibs (issue 27, docs/decisions/0048). A race-type booking event is linked to
 * its club race, the results' year and points club (one event per club race), with the bib
 * settings last used for it; its entrants' bibs are start_numbers, one per entrant and each
 * number once per event (both held by unique indexes, so two allocations at once cannot hand out
 * one number twice).
 */
export const raceLinks = pgTable(
  'race_links',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    resultsYear: integer('results_year').notNull(),
    /** The points club's code (HEM, BRE, ESX, WGC, VIK, NOR, SMK). */
    resultsClub: text('results_club').notNull(),
    firstBib: integer('first_bib').notNull().default(1),
    /** Reserved numbers as the administrator wrote them ("1-9, 13"). */
    reserved: text('reserved').notNull().default(''),
    allocationOrder: text('allocation_order', { enum: ['category', 'seeded'] })
      .notNull()
      .default('category'),
    linkedById: integer('linked_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('race_links_club_race_idx').on(t.resultsYear, t.resultsClub),
    check('race_links_first_bib_check', sql`${t.firstBib} BETWEEN 1 AND 9999`),
  ],
);

export const startNumbers = pgTable(
  'start_numbers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bib: integer('bib').notNull(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('start_numbers_event_bib_idx').on(t.eventId, t.bib),
    uniqueIndex('start_numbers_event_user_idx').on(t.eventId, t.userId),
    check('start_numbers_bib_check', sql`${t.bib} BETWEEN 1 AND 9999`),
  ],
);
