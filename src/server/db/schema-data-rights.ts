import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Members' data rights (issue 27, docs/decisions/0050-members-data-rights.md). A racer whose
 * account was deleted: their results stay (standings must not change) under the name "Deleted
 * racer #n", and a results file naming their racer number again is stored under that name too.
 * Racer numbers are never given twice (people/racers.ts keeps a high-water mark), so no one else
 * can be hidden by this row.
 */
export const erasedRacers = pgTable('erased_racers', {
  /** The racer number as results files carry it ({code}/ID). */
  racerId: text('racer_id').primaryKey(),
  /** The n of "Deleted racer #n": one more than the highest given. */
  number: integer('number').notNull().unique(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
});
