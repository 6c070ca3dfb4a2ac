import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookedCsvHeaders } from '../../domain/people/booked.ts';
import { bookings, events, profiles, users } from '../db/schema.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { raceEventRow } from './booked-test-support.ts';

const t = useTestApp();

let admin: { authorization: string };
let racers: FixtureUser[];

const raceEvent = (values: Partial<typeof events.$inferInsert> = {}) => raceEventRow(t.app, values);

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const add = (eventId: number, userId: number | string) =>
  call('POST', `/api/v1/products/${eventId}/add-participant/`, { user_id: userId });
const booked = async (eventId: number) =>
  (await t.app.ctx.db.select({ booked: events.booked }).from(events).where(eq(events.id, eventId)))[0]?.booked;
const approve = (user: FixtureUser) =>
  t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, user.id));

beforeEach(async () => {
  const a = await createUser(t.app, { kind: 'admin' });
  admin = bearer((await login(t.app, a)).access);
  racers = [];
  for (let i = 0; i < 3; i++) {
    const r = await createUser(t.app, { racer: true });
    await approve(r);
    racers.push(r);
  }
});

describe('Add Participant', () => {
  it('books an eligible racer, answers the booking record, takes a place and drops the public cache', async () => {
    const eventId = await raceEvent();
    const [r] = racers as [FixtureUser];
    const before = (await call('GET', '/api/v1/products/', undefined, {} as never)).json();
    expect(before.find((p: { id: number }) => p.id === eventId).booked_quantity).toBe(0);
    const res = await add(eventId, r.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      participant_first_name: 'Test',
      participant_profile: { gender: 'FEMALE', date_of_birth: '2012-05-05', local_club: 'HEMEL_SKI_RACE_CLUB' },
    });
    expect(await booked(eventId)).toBe(1);
    const after = (await call('GET', '/api/v1/products/', undefined, {} as never)).json();
    expect(after.find((p: { id: number }) => p.id === eventId).booked_quantity).toBe(1);
    const list = (await call('GET', `/api/v1/products/booked-participants/${eventId}/`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].id).toBe(res.json().id);
  });

  it('refuses an addition beyond the quantity, and two additions at once for the last place make one', async () => {
    const eventId = await raceEvent({ quantity: 2 });
    const [a, b, c] = racers as [FixtureUser, FixtureUser, FixtureUser];
    expect((await add(eventId, a.id)).statusCode).toBe(201);
    const both = await Promise.all([add(eventId, b.id), add(eventId, c.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error).toBe('This event is full.');
    expect(await booked(eventId)).toBe(2);
    expect(await t.app.ctx.db.select().from(bookings).where(eq(bookings.eventId, eventId))).toHaveLength(2);
  });

  it('books the same racer once when added twice at once', async () => {
    const eventId = await raceEvent({ quantity: 10 });
    const [a] = racers as [FixtureUser];
    const both = await Promise.all([add(eventId, a.id), add(eventId, a.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error).toMatch(/ is already booked on this event\.$/);
    expect(await booked(eventId)).toBe(1);
  });

  it('refuses accounts that are not eligible: archived, inactive, pending or rejected racer, not a racer, unknown', async () => {
    const eventId = await raceEvent({ quantity: 10 });
    const [archived, inactive, pending] = racers as [FixtureUser, FixtureUser, FixtureUser];
    await t.app.ctx.db.update(profiles).set({ archived: true }).where(eq(profiles.userId, archived.id));
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'PENDING' }).where(eq(profiles.userId, pending.id));
    const rejected = await createUser(t.app, { racer: true });
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'REJECTED' }).where(eq(profiles.userId, rejected.id));
    const member = await createUser(t.app);
    for (const id of [archived.id, inactive.id, pending.id, rejected.id, member.id, 999_999]) {
      const res = await add(eventId, id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().error).toBe('Only an active account with an approved racer profile can be added.');
    }
    expect(await booked(eventId)).toBe(0);
    // and none of them is offered
    const offered = (await call('GET', `/api/v1/products/${eventId}/eligible-users/`)).json() as { id: number }[];
    expect(offered.map((u) => u.id)).toEqual([]);
  });

  it('refuses a non-race event, a cancelled one and an unknown one', async () => {
    const [a] = racers as [FixtureUser];
    const external = await raceEvent({ eventType: 'external', quantity: 0 });
    expect((await add(external, a.id)).json().error).toBe('Participants can be added only to race events.');
    const cancelled = await raceEvent({ cancelledAt: new Date() });
    const res = await add(cancelled, a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This event has been cancelled.');
    expect((await add(999_999, a.id)).statusCode).toBe(404);
  });

  it('refuses a body without a whole-number user_id, one out of range, and extra fields', async () => {
    const eventId = await raceEvent();
    for (const payload of [{}, { user_id: 'abc' }, { user_id: 0 }, { user_id: 1e20 }, { user_id: 1, extra: 1 }]) {
      const res = await call('POST', `/api/v1/products/${eventId}/add-participant/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('eligible users', () => {
  it('lists active approved racers not booked on the event, by last name, with their profile', async () => {
    const eventId = await raceEvent({ quantity: 10 });
    const [a, b, c] = racers as [FixtureUser, FixtureUser, FixtureUser];
    await add(eventId, b.id);
    const list = (await call('GET', `/api/v1/products/${eventId}/eligible-users/`)).json() as {
      id: number;
      profile: object;
    }[];
    expect(list.map((u) => u.id).sort()).toEqual([a.id, c.id].sort());
    expect(list[0]?.profile).toEqual({
      date_of_birth: '2012-05-05',
      gender: 'FEMALE',
      local_club: 'HEMEL_SKI_RACE_CLUB',
    });
  });
});

describe('removing a booking', () => {
  it('removes the booking, frees the place, and a second removal finds nothing', async () => {
    const eventId = await raceEvent({ name: 'Vikings Slalom' });
    const [a] = racers as [FixtureUser];
    const id = (await add(eventId, a.id)).json().id;
    const res = await call('DELETE', `/api/v1/bookings/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Test User\d+ was removed from Vikings Slalom\.$/);
    expect(await booked(eventId)).toBe(0);
    const again = await call('DELETE', `/api/v1/bookings/${id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Booking not found.');
  });

  it('two removals of one booking at once free one place', async () => {
    const eventId = await raceEvent();
    const [a, b] = racers as [FixtureUser, FixtureUser];
    const id = (await add(eventId, a.id)).json().id;
    await add(eventId, b.id);
    const both = await Promise.all([
      call('DELETE', `/api/v1/bookings/${id}/`),
      call('DELETE', `/api/v1/bookings/${id}/`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await booked(eventId)).toBe(1);
  });
});

describe('the participants CSV', () => {
  it('has the 16 columns, one row a booking, is named after the event, and neutralises formulas', async () => {
    const eventId = await raceEvent({ name: 'Club Race 2027', date: '2027-03-01' });
    const [a] = racers as [FixtureUser];
    await t.app.ctx.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://x")', lastName: '-2+3' })
      .where(eq(users.id, a.id));
    await t.app.ctx.db
      .update(profiles)
      .set({ racerId: 321, localClub: 'MK_SKI_RACE_TEAM' })
      .where(eq(profiles.userId, a.id));
    await add(eventId, a.id);
    const res = await call('GET', `/api/v1/products/booked-participants/${eventId}/export-csv/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Club-Race-2027.csv"');
    const [header, row, ...rest] = Papa.parse<string[]>(res.body.trim()).data;
    expect(header).toEqual(bookedCsvHeaders('ERSA'));
    expect(rest).toEqual([]);
    expect(row).toEqual([
      '321',
      `'=HYPERLINK("http://x")`,
      "'-2+3",
      'FEMALE',
      '2012-05-05',
      'U16',
      'SMK',
      '',
      `${a.username}@example.com`,
      '',
      'Pat Morgan',
      '01234 567891',
      'No',
      'No',
      'No',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
  });

  it('is the header alone for an event with nobody booked', async () => {
    const eventId = await raceEvent();
    const res = await call('GET', `/api/v1/products/booked-participants/${eventId}/export-csv/`);
    expect(Papa.parse<string[]>(res.body.trim()).data).toEqual([bookedCsvHeaders('ERSA')]);
  });
});

describe('access', () => {
  it('answers 401 without a token and 403 to a member, for every booked-participants call', async () => {
    const eventId = await raceEvent();
    const member = await createUser(t.app);
    const asMember = bearer((await login(t.app, member)).access);
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', `/api/v1/products/booked-participants/${eventId}/`],
      ['GET', `/api/v1/products/booked-participants/${eventId}/export-csv/`],
      ['GET', `/api/v1/products/${eventId}/eligible-users/`],
      ['POST', `/api/v1/products/${eventId}/add-participant/`, { user_id: (racers[0] as FixtureUser).id }],
      ['DELETE', '/api/v1/bookings/1/'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, {} as never)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, asMember)).statusCode, url).toBe(403);
    }
    expect(await booked(eventId)).toBe(0);
  });
});
