import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_MSG } from '../../domain/payments/cancellation.ts';
import { startSession } from '../accounts/sessions.ts';
import { cartItems, families, users } from '../db/schema.ts';
import { waitingEntries } from '../db/schema-waiting-list.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { places } from './hold-support.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 27: a parent cancels one child's free entry, under the same rule as a paid one. */
const t = useTestApp();

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

async function familyOf(children: number) {
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

/** The parent books the children's free entries at the checkout. */
async function bookFree(parent: Booker, kids: Booker[], eventId: number) {
  await t.app.ctx.db.insert(cartItems).values(kids.map((k) => ({ ownerId: parent.id, participantId: k.id, eventId })));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings/',
    headers: parent.headers,
    payload: { bookings: kids.map((k) => ({ product: eventId, participant: k.username })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const race = (quantity = 4) =>
  raceEventRow(t.app, {
    ...OPEN_WINDOW,
    name: 'Hemel Open Slalom',
    pricePence: 0,
    quantity,
    cancelUntil: '2026-02-01',
    cancelUntilTime: '18:00',
  });

async function refundsOn() {
  const root = await signedIn(t.app, 'super');
  await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/refund-settings/',
    headers: bearer(root.access),
    payload: { enabled: true },
  });
}

const list = async (who: Booker) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/free/', headers: who.headers })).json();
const cancel = (who: Booker, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/my-entries/free/${id}/cancel/`, headers: who.headers });

describe('cancelling a free entry', () => {
  it('is refused with the text’s words while refunds through the site are off', async () => {
    const eventId = await race();
    const { parent, kids } = await familyOf(1);
    await bookFree(parent, kids, eventId);
    const [entry] = await list(parent);
    expect(entry).toEqual(
      expect.objectContaining({
        participant_name: kids[0]?.name,
        product_name: 'Hemel Open Slalom',
        can_cancel: false,
      }),
    );
    const res = await cancel(parent, entry.id);
    expect([res.statusCode, res.json().error]).toEqual([409, CANCEL_MSG.off]);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
  });

  it('cancels one child of two once, even when asked twice at once, until the deadline; nobody else can', async () => {
    await refundsOn();
    const eventId = await race();
    const { parent, kids } = await familyOf(2);
    await bookFree(parent, kids, eventId);
    const entries = await list(parent);
    expect(entries.map((e: { can_cancel: boolean }) => e.can_cancel)).toEqual([true, true]);
    const stranger = (await makeBookers(t.app, 1, []))[0] as Booker;
    expect((await cancel(stranger, entries[0].id)).statusCode).toBe(404);
    const both = await Promise.all([cancel(parent, entries[0].id), cancel(parent, entries[0].id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.statusCode === 200)?.json()).toEqual({
      message: CANCEL_MSG.cancelled(kids[0]?.name ?? '', 'Hemel Open Slalom', 0),
    });
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
    t.clock.set('2026-02-01T18:01:00Z');
    const session = await startSession(t.app.ctx, parent.id);
    const late = await cancel({ ...parent, headers: bearer(session.access) }, entries[1].id);
    expect([late.statusCode, late.json().error]).toEqual([409, CANCEL_MSG.deadlinePassed('01/02/2026 at 18:00')]);
  });

  it('gives the freed place to the race’s waiting list', async () => {
    await refundsOn();
    const eventId = await race(1);
    const { parent, kids } = await familyOf(1);
    await bookFree(parent, kids, eventId);
    const other = await familyOf(1);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${eventId}/waiting-list/`,
      headers: other.parent.headers,
      payload: { participants: [other.kids[0]?.id], mode: 'all' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [entry] = await list(parent);
    expect((await cancel(parent, entry.id)).statusCode).toBe(200);
    const [waiting] = await t.app.ctx.db.select().from(waitingEntries).where(eq(waitingEntries.eventId, eventId));
    expect(waiting?.state).toBe('offered');
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
  });
});
