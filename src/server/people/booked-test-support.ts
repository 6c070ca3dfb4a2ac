/** Shared pieces of the people tests (not a test file itself). */
import type { App } from '../app.ts';
import { events } from '../db/schema.ts';

/** A race event written straight into the database: 2 places, £25, 14 February 2027. */
export async function raceEventRow(app: App, values: Partial<typeof events.$inferInsert> = {}): Promise<number> {
  const [row] = await app.ctx.db
    .insert(events)
    .values({
      name: 'Hemel Club Race',
      slug: `hemel-club-race-${Math.random().toString(36).slice(2)}`,
      date: '2027-02-14',
      slopeName: 'Hemel',
      eventType: 'race',
      quantity: 2,
      pricePence: 2500,
      ...values,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('no event');
  return row.id;
}

/** A race day whose registration window is open on 15 January 2026 (the payment tests' clock). */
export const OPEN_WINDOW = {
  date: '2026-02-14',
  registrationOpen: '2026-01-10',
  registrationOpenTime: '19:00',
  registrationClose: '2026-02-07',
  registrationCloseTime: '18:00',
};
