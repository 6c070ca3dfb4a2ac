import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { assertBookable } from './service.ts';
import type { Product } from './shape.ts';
import { createEvent, externalFields, NOW, raceFields, setBooked, useEventsApp } from './test-support.ts';

const t = useEventsApp();
let access: string;
let race: Product;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
  // window: 10 Jan 2026 19:00 to 7 Feb 2026 18:00 London (GMT)
  race = await createEvent(t.app, access, raceFields({ quantity: '3' }));
});

async function refusal(eventId: number, at: string): Promise<AppError> {
  try {
    await assertBookable(t.app.ctx, eventId, new Date(at));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertBookable', () => {
  it('returns the event inside the window', async () => {
    const row = await assertBookable(t.app.ctx, race.id, new Date(NOW));
    expect(row).toMatchObject({ id: race.id, pricePence: 2500, quantity: 3, booked: 0 });
  });

  it('refuses before the open minute and from the close minute, with 409', async () => {
    const before = await refusal(race.id, '2026-01-10T18:59:00Z');
    expect(before.status).toBe(409);
    expect(before.code).toBe('CONFLICT');
    expect(before.message).toBe('Registration for this event is not open.');
    await expect(assertBookable(t.app.ctx, race.id, new Date('2026-01-10T19:00:00Z'))).resolves.toMatchObject({
      id: race.id,
    });
    await expect(assertBookable(t.app.ctx, race.id, new Date('2026-02-07T17:59:00Z'))).resolves.toMatchObject({
      id: race.id,
    });
    expect((await refusal(race.id, '2026-02-07T18:00:00Z')).message).toBe('Registration for this event is not open.');
  });

  it('uses London summer time', async () => {
    const summer = await createEvent(
      t.app,
      access,
      raceFields({
        name: 'Summer Race',
        date: '2026-07-20',
        registration_open: '2026-07-01',
        registration_open_time: '19:00',
        registration_close: '2026-07-10',
        registration_close_time: '18:00',
      }),
    );
    expect((await refusal(summer.id, '2026-07-01T17:59:00Z')).status).toBe(409);
    await expect(assertBookable(t.app.ctx, summer.id, new Date('2026-07-01T18:00:00Z'))).resolves.toMatchObject({
      id: summer.id,
    });
    await expect(assertBookable(t.app.ctx, summer.id, new Date('2026-07-10T16:59:00Z'))).resolves.toMatchObject({
      id: summer.id,
    });
    expect((await refusal(summer.id, '2026-07-10T17:00:00Z')).status).toBe(409);
  });

  it('refuses a full event', async () => {
    await setBooked(t.app, race.id, 2);
    await expect(assertBookable(t.app.ctx, race.id, new Date(NOW))).resolves.toMatchObject({ id: race.id });
    await setBooked(t.app, race.id, 3);
    const error = await refusal(race.id, NOW);
    expect(error.status).toBe(409);
    expect(error.message).toBe('This event is full.');
  });

  it('refuses a cancelled event', async () => {
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${race.id}/cancel/`, headers: bearer(access) });
    const error = await refusal(race.id, NOW);
    expect(error.status).toBe(409);
    expect(error.message).toBe('This event has been cancelled.');
  });

  it('refuses events other than races', async () => {
    const show = await createEvent(t.app, access, externalFields());
    const error = await refusal(show.id, NOW);
    expect(error.status).toBe(409);
    expect(error.message).toBe('This event cannot be booked online.');
  });

  it('answers 404 for an unknown event', async () => {
    const error = await refusal(9999, NOW);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Event not found.');
  });

  it('reads inside a transaction when given one', async () => {
    await t.app.ctx.db.transaction(async (tx) => {
      await expect(assertBookable(t.app.ctx, race.id, new Date(NOW), tx)).resolves.toMatchObject({ id: race.id });
    });
  });
});
