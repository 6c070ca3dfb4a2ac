import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { bookings, events, families, users } from '../db/schema.ts';
import { calendarFeeds } from '../db/schema-events.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { feedTokenHash } from './calendar-feeds.ts';

/** Issue 27, "Calendar feeds": the public feed of races and a family's private feed. */
const t = useTestApp({ PUBLIC_URL: 'https://entries.example.org', ASSOCIATION_NAME: 'Eastern Snowsports' });

/** The calendar parsed by ical.js (RFC 5545), its VTIMEZONE registered as a calendar app does. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    entries: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
    zones: calendar.getAllSubcomponents('vtimezone').length,
  };
}

let eventCounter = 0;
async function eventRow(values: Partial<typeof events.$inferInsert> = {}): Promise<typeof events.$inferSelect> {
  eventCounter += 1;
  const [row] = await t.app.ctx.db
    .insert(events)
    .values({
      name: `Club Race ${eventCounter}`,
      slug: `club-race-${eventCounter}`,
      date: '2027-03-27',
      slopeName: 'Hemel Snow Centre',
      eventType: 'race',
      quantity: 10,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no event');
  return row;
}

async function book(eventId: number, userId: number): Promise<void> {
  await t.app.ctx.db.insert(bookings).values({ eventId, userId, bookedById: userId, source: 'FREE' });
}

/** A parent and a child in one family, the child with a name that must never leave the server. */
async function family(childFirst: string, childLast: string): Promise<{ parent: FixtureUser; child: FixtureUser }> {
  const parent = await createUser(t.app);
  const child = await createUser(t.app, { racer: true, username: `${childFirst.toLowerCase()}kid` });
  const [f] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
  await t.app.ctx.db.update(users).set({ familyId: f?.id }).where(sql`${users.id} in (${parent.id}, ${child.id})`);
  await t.app.ctx.db.update(users).set({ firstName: childFirst, lastName: childLast }).where(eq(users.id, child.id));
  return { parent, child };
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function makeLink(app: App, access: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/profile/calendar-feed/', headers: bearer(access) });
  expect(res.statusCode).toBe(201);
  const { url } = json<{ url: string }>(res);
  expect(url).toMatch(/^https:\/\/entries\.example\.org\/api\/v1\/calendar\/family\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

describe('GET /api/v1/calendar/races.ics (public)', () => {
  it('lists each race from 30 days ago once, as its own entry; cancelled ones as CANCELLED; nothing else', async () => {
    t.clock.set('2027-03-01T12:00:00Z');
    const old = await eventRow({ date: '2027-01-29' }); // 31 days ago: gone
    const recent = await eventRow({ date: '2027-01-30', startTime: '09:00' }); // 30 days ago: kept
    const spring = await eventRow({ date: '2027-03-27', startTime: '10:00' });
    const summer = await eventRow({ date: '2027-03-29', startTime: '10:00' });
    const cancelled = await eventRow({ date: '2027-04-10', cancelledAt: new Date('2027-02-20Z') });
    const school = await eventRow({ date: '2027-04-11', eventType: 'school' });
    const info = await eventRow({ date: '2027-04-12', eventType: 'information' });

    const res = await get('/api/v1/calendar/races.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('X-WR-CALNAME:Eastern Snowsports races');

    const { entries, zones } = parse(res.body);
    expect(zones).toBe(1);
    const uids = entries.map((e) => e.uid);
    expect(uids.sort()).toEqual(
      [recent, spring, summer, cancelled].map((e) => `event-${e.id}@entries.example.org`).sort(),
    );
    for (const absent of [old, school, info]) expect(res.body).not.toContain(`event-${absent.id}@`);
    const status = (id: number) =>
      entries.find((e) => e.uid === `event-${id}@entries.example.org`)?.component.getFirstPropertyValue('status');
    expect(status(cancelled.id)).toBe('CANCELLED');
    expect(status(spring.id)).toBe('CONFIRMED');

    // London 10:00 either side of the clocks' change (28 March 2027): 10:00 GMT, then 09:00 UTC
    const start = (id: number) => entries.find((e) => e.uid === `event-${id}@entries.example.org`)?.startDate;
    expect(start(spring.id)?.zone?.tzid).toBe('Europe/London');
    expect(start(spring.id)?.toString()).toBe('2027-03-27T10:00:00');
    expect(start(spring.id)?.toJSDate().toISOString()).toBe('2027-03-27T10:00:00.000Z');
    expect(start(summer.id)?.toString()).toBe('2027-03-29T10:00:00');
    expect(start(summer.id)?.toJSDate().toISOString()).toBe('2027-03-29T09:00:00.000Z');
  });

  it('each entry is the one its per-event file holds: same UID and SEQUENCE', async () => {
    t.clock.set('2027-03-01T12:00:00Z');
    const race = await eventRow({ startTime: '10:00', updatedAt: new Date('2027-02-02T10:00:00Z') });
    const single = parse((await get(`/api/v1/products/${race.slug}/calendar.ics`)).body).entries[0];
    const inFeed = parse((await get('/api/v1/calendar/races.ics')).body).entries[0];
    expect(inFeed?.uid).toBe(single?.uid);
    expect(inFeed?.sequence).toBe(single?.sequence);
    expect(inFeed?.summary).toBe(single?.summary);
    expect(inFeed?.startDate.toString()).toBe(single?.startDate.toString());
  });
});

describe('a family’s private feed', () => {
  it('shows the races the family entered and no one’s name; another family’s booking is absent', async () => {
    t.clock.set('2027-03-01T12:00:00Z');
    const mine = await family('Zebedee', 'Quaglino');
    const theirs = await family('Ophelia', 'Wrenfield');
    const childRace = await eventRow({ name: 'Spring Slalom', startTime: '10:00' });
    const parentRace = await eventRow({ name: 'Parents Race', date: '2027-03-29' });
    const otherRace = await eventRow({ name: 'Other Family Race' });
    const schoolDay = await eventRow({ name: 'School Day', eventType: 'school' });
    await book(childRace.id, mine.child.id);
    await book(parentRace.id, mine.parent.id);
    await book(otherRace.id, theirs.child.id);
    await book(schoolDay.id, mine.child.id);

    const { access } = await login(t.app, mine.parent);
    const path = await makeLink(t.app, access);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { entries } = parse(res.body);
    expect(entries.map((e) => e.summary).sort()).toEqual(['Parents Race', 'Spring Slalom']);
    expect(entries.map((e) => e.uid).sort()).toEqual(
      [childRace, parentRace].map((e) => `event-${e.id}@entries.example.org`).sort(),
    );
    const body = res.body.toLowerCase();
    for (const person of [mine.child, mine.parent, theirs.child]) {
      expect(body).not.toContain(person.username.toLowerCase());
    }
    for (const word of ['zebedee', 'quaglino', 'ophelia', 'wrenfield', mine.parent.lastName.toLowerCase()]) {
      expect(body).not.toContain(word);
    }
    expect(res.body).toContain('https://entries.example.org/events/');
  });

  it('a child’s link shows the same family races (the family, not who made the link)', async () => {
    t.clock.set('2027-03-01T12:00:00Z');
    const mine = await family('Zebedee', 'Quaglino');
    const race = await eventRow({ name: 'Spring Slalom' });
    await book(race.id, mine.parent.id);
    const { access } = await login(t.app, mine.child);
    const { entries } = parse((await get(await makeLink(t.app, access))).body);
    expect(entries.map((e) => e.summary)).toEqual(['Spring Slalom']);
  });

  it('unknown, malformed and revoked tokens answer 404 with the API’s error shape', async () => {
    const user = await createUser(t.app);
    const { access } = await login(t.app, user);
    const path = await makeLink(t.app, access);
    expect((await get(path)).statusCode).toBe(200);

    for (const url of [`/api/v1/calendar/family/${'A'.repeat(43)}.ics`, '/api/v1/calendar/family/short.ics']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: 'Calendar feed not found.', code: 'NOT_FOUND' });
    }

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/calendar-feed/',
      headers: bearer(access),
    });
    expect(off.statusCode).toBe(204);
    const revoked = await get(path);
    expect(revoked.statusCode).toBe(404);
    expect(json(revoked)).toEqual({ error: 'Calendar feed not found.', code: 'NOT_FOUND' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/calendar-feed/',
      headers: bearer(access),
    });
    expect(again.statusCode).toBe(204);
  });

  it('making a new link stops the first one working; the status says so', async () => {
    const user = await createUser(t.app);
    const { access } = await login(t.app, user);
    const status = async () => json(await get('/api/v1/profile/calendar-feed/', access));
    expect(await status()).toEqual({ active: false, created_at: null });
    const first = await makeLink(t.app, access);
    const second = await makeLink(t.app, access);
    expect(second).not.toBe(first);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    const now = await status();
    expect(now.active).toBe(true);
    expect(typeof now.created_at).toBe('string');
    const live = await t.app.ctx.db.select().from(calendarFeeds).where(sql`${calendarFeeds.revokedAt} is null`);
    expect(live).toHaveLength(1);
  });

  it('the routes act on the caller only: one user turning theirs off leaves another’s working', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const aAccess = (await login(t.app, a)).access;
    const bAccess = (await login(t.app, b)).access;
    const aPath = await makeLink(t.app, aAccess);
    const bPath = await makeLink(t.app, bAccess);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/calendar-feed/',
      headers: bearer(bAccess),
    });
    expect(off.statusCode).toBe(204);
    // B making a new link does not touch A's either
    await makeLink(t.app, bAccess);
    expect((await get(aPath)).statusCode).toBe(200);
    expect((await get(bPath)).statusCode).toBe(404);
    expect(json(await get('/api/v1/profile/calendar-feed/', aAccess)).active).toBe(true);
    // without a sign-in, the management routes answer 401
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/calendar-feed/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/profile/calendar-feed/' })).statusCode).toBe(401);
  });

  it('stores the token only as its SHA-256 hash', async () => {
    const user = await createUser(t.app);
    const { access } = await login(t.app, user);
    const path = await makeLink(t.app, access);
    const token = path.match(/family\/([^/]+)\.ics$/)?.[1] ?? '';
    expect(token).toHaveLength(43);
    const rows = await t.app.ctx.db.execute(sql`SELECT * FROM calendar_feeds`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    const stored = JSON.stringify(list);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    expect(list[0]?.token_hash).toBe(feedTokenHash(token));
    expect(feedTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
