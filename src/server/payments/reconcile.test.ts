import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { cartItems, events } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { TEST_DB } from '../test/databases.ts';
import { testConfig } from '../test/helper.ts';
import { MINUTE, places, started } from './hold-support.ts';
import { runPaymentJobs } from './jobs.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500, name: 'Counted Race', quantity: 5 };

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

/** The app's logger, keeping what is logged at warn and error. */
function listening(): { log: FastifyBaseLogger; said: { level: string; obj: unknown; msg: unknown }[] } {
  const said: { level: string; obj: unknown; msg: unknown }[] = [];
  const log = Object.assign(Object.create(t.app.log) as FastifyBaseLogger, {
    warn: (obj: unknown, msg?: unknown) => said.push({ level: 'warn', obj, msg }),
    error: (obj: unknown, msg?: unknown) => said.push({ level: 'error', obj, msg }),
  });
  return { log, said };
}

describe('the payments job reconciles the place counters', () => {
  it('drift made by hand is repaired against the bookings and held lines, and logged at warn with before and after', async () => {
    const race = await raceEventRow(t.app, OPEN);
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await started(t, payer, '25.00');
    await t.app.ctx.db
      .update(events)
      .set({ held: sql`${events.held} + 1`, booked: sql`${events.booked} + 2` })
      .where(eq(events.id, race));
    expect(await places(t, race)).toEqual({ booked: 2, held: 2 });
    const { log, said } = listening();
    expect(await runPaymentJobs(t.app.ctx, log)).toEqual({ released: 0, repaired: 1 });
    expect(await places(t, race)).toEqual({ booked: 0, held: 1 });
    expect(said).toEqual([
      {
        level: 'warn',
        obj: { eventId: race, before: { booked: 2, held: 2 }, after: { booked: 0, held: 1 } },
        msg: 'event place counters drifted: repaired',
      },
    ]);
    // counters in line: nothing to repair, nothing logged
    expect(await runPaymentJobs(t.app.ctx, log)).toEqual({ released: 0, repaired: 0 });
    expect(said).toHaveLength(1);
  });

  it('a counter that drifted below its rows never makes the CHECK refuse a release: the lapse and the removal go through', async () => {
    const race = await raceEventRow(t.app, OPEN);
    const [first, second] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    await started(t, first, '25.00');
    await started(t, second, '25.00');
    await t.app.ctx.db.update(events).set({ held: 0 }).where(eq(events.id, race));
    const [line] = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, first.id));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${line?.id}/`, headers: first.headers });
    expect(removed.statusCode).toBe(204);
    t.clock.advance(16 * MINUTE);
    const { log } = listening();
    expect(await runPaymentJobs(t.app.ctx, log)).toEqual({ released: 1, repaired: 0 });
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
  });
});

describe('at start', () => {
  it('holds that lapsed while the process was down are released as soon as the app is ready', async () => {
    const race = await raceEventRow(t.app, OPEN);
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await started(t, payer, '25.00');
    t.clock.advance(16 * MINUTE);
    expect(await places(t, race)).toEqual({ booked: 0, held: 1 });
    // a second app on the same database, as after a restart (the job's period is 30 s: far longer
    // than this test waits)
    const restarted = await buildApp({
      config: testConfig(),
      database: { db: t.app.ctx.db, kind: TEST_DB, close: async () => {} },
      now: t.clock.now,
    });
    try {
      await restarted.ready();
      await vi.waitFor(async () => expect(await places(t, race)).toEqual({ booked: 0, held: 0 }), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      await restarted.close();
    }
  });
});
