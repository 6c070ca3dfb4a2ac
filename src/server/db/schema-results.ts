import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Results and points (doc 3; decisions.md → Results and points). A season (year) has one race
 * event; each points club's results file for it is a club race; its rows are the results. Points
 * are not stored: they are derived from the rows and the season's settings whenever they are read
 * (src/domain/results), so a re-upload, a deletion or a changed setting recalculates the season.
 */
export const raceEvents = pgTable(
  'race_events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }),
    year: integer('year').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('race_events_year_idx').on(t.year)],
);

export const clubRaces = pgTable(
  'club_races',
  {
    id: serial('id').primaryKey(),
    raceEventId: integer('race_event_id')
      .notNull()
      .references(() => raceEvents.id, { onDelete: 'cascade' }),
    /** The points club's code (HEM, BRE, ESX, WGC, VIK, NOR, SMK). */
    clubId: text('club_id').notNull(),
    clubName: text('club_name').notNull(),
    threeRuns: boolean('three_runs').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the points were calculated (the upload calculates them). */
    calculatedAt: timestamp('calculated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('club_races_event_club_idx').on(t.raceEventId, t.clubId)],
);

export const raceResults = pgTable(
  'race_results',
  {
    id: serial('id').primaryKey(),
    clubRaceId: integer('club_race_id')
      .notNull()
      .references(() => clubRaces.id, { onDelete: 'cascade' }),
    /** The row's line in the uploaded file, when the browser sent it. */
    line: integer('line'),
    racerId: text('racer_id').notNull(),
    name: text('name').notNull(),
    club: text('club').notNull(),
    gender: text('gender').notNull(),
    cat: text('cat').notNull(),
    time: text('time').notNull(),
    run1: text('run_1').notNull(),
    run2: text('run_2').notNull(),
    run3: text('run_3').notNull(),
    /** The administrator typed the time: kept instead of the one the runs give, and recorded. */
    manualTime: boolean('manual_time').notNull().default(false),
    /** The time the runs gave, which the typed one replaced. */
    computedTime: text('computed_time'),
    manualById: integer('manual_by_id').references(() => users.id, { onDelete: 'set null' }),
    manualAt: timestamp('manual_at', { withTimezone: true }),
    /** The timing software's own status texts the runs were normalised from ("Run 1: NiZ"),
     * from a Race Horology import (docs/decisions/0049); null otherwise. */
    original: text('original'),
  },
  (t) => [index('race_results_club_race_idx').on(t.clubRaceId)],
);

/** A season's points settings; a year without a row uses the defaults. */
export const seasonSettings = pgTable('season_settings', {
  year: integer('year').primaryKey(),
  pointsTable: jsonb('points_table').$type<number[]>().notNull(),
  countingRaces: integer('counting_races').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});
