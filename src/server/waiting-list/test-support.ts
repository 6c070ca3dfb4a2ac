import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { bookings, families, users } from '../db/schema.ts';
import { waitingEntries, waitingPlaces } from '../db/schema-waiting-list.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import type { TestApp } from '../test/helper.ts';
import { bearer } from '../test/helper.ts';

export const HOUR = 3_600_000;

/**
 * What the waiting-list tests share (issue 27, with a controlled clock, on PGlite and PostgreSQL):
 * the clock at 2026-01-15 12:00 before each test, families, full races, the owner's and the
 * administrators' calls, and the list's state read from the tables.
 */
export function waitingListSupport(t: TestApp) {
  beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

  /** A parent and `children` approved racers in one family; the parent enters the children. */
  async function family(children: number): Promise<{ parent: Booker; kids: Booker[] }> {
    const [parent, ...kids] = (await makeBookers(t.app, children + 1, [])) as [Booker, ...Booker[]];
    const [f] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
    await t.app.ctx.db
      .update(users)
      .set({ familyId: f?.id })
      .where(
        sql`${users.id} in (${sql.join(
          [parent, ...kids].map((b) => sql`${b.id}::int`),
          sql`, `,
        )})`,
      );
    return { parent, kids };
  }

  /** A race whose `quantity` places are all booked (by racers of no family here); their bookings. */
  async function fullRace(quantity: number, values: Parameters<typeof raceEventRow>[1] = {}) {
    const eventId = await raceEventRow(t.app, {
      ...OPEN_WINDOW,
      name: 'Hemel Open Slalom',
      quantity,
      pricePence: 0,
      ...values,
    });
    const racers = await makeBookers(t.app, quantity, []);
    const made = await t.app.ctx.db
      .insert(bookings)
      .values(racers.map((r) => ({ eventId, userId: r.id, bookedById: r.id, source: 'FREE' as const })))
      .returning({ id: bookings.id });
    await t.app.ctx.db.execute(sql`update events set booked = ${quantity} where id = ${eventId}`);
    return { eventId, bookingIds: made.map((b) => b.id) };
  }

  const join = (who: Booker, eventId: number, participants: Booker[], mode: 'all' | 'any' = 'all') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${eventId}/waiting-list/`,
      headers: who.headers,
      payload: { participants: participants.map((p) => p.id), mode },
    });

  const answer = (who: Booker, entryId: number, what: 'accept' | 'decline' | 'leave') =>
    t.app.inject({ method: 'POST', url: `/api/v1/waiting-list/${entryId}/${what}/`, headers: who.headers });

  /** The booker signed in again at the clock's now (their first session has ended). */
  async function again(who: Booker): Promise<Booker> {
    const session = await startSession(t.app.ctx, who.id);
    return { ...who, headers: bearer(session.access) };
  }

  async function admin() {
    const a = await signedIn(t.app, 'admin');
    return bearer(a.access);
  }

  /** An administrator removes a booking (Booked Participants → Remove), freeing its place. */
  async function removeBooking(bookingId: number) {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/bookings/${bookingId}/`, headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function states(eventId: number) {
    const rows = await t.app.ctx.db
      .select({ id: waitingEntries.id, state: waitingEntries.state })
      .from(waitingEntries)
      .where(eq(waitingEntries.eventId, eventId))
      .orderBy(asc(waitingEntries.id));
    return rows.map((r) => r.state);
  }

  async function kept(eventId: number) {
    const [row] = await t.app.ctx.db.select().from(waitingPlaces).where(eq(waitingPlaces.eventId, eventId));
    return row?.kept ?? 0;
  }

  async function joined(who: Booker, eventId: number, members: Booker[], mode: 'all' | 'any' = 'all'): Promise<number> {
    const res = await join(who, eventId, members, mode);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().entry.id;
  }

  return { family, fullRace, join, answer, again, admin, removeBooking, states, kept, joined };
}
