import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventSlugs } from '../db/schema-events.ts';
import { signedIn } from '../test/fixtures.ts';
import type { Product } from './shape.ts';
import {
  createEvent,
  externalFields,
  IMAGE_AND_LOGO,
  NOW,
  raceFields,
  sendForm,
  useEventsApp,
} from './test-support.ts';

const t = useEventsApp();
let access: string;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const update = (id: number, fields: Record<string, string>) =>
  sendForm(t.app, 'PUT', `/api/v1/products/${id}/update/`, access, fields);
const rename = async (event: Product, name: string, more: Record<string, string> = {}) => {
  const res = await update(event.id, raceFields({ name, ...more }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Product;
};

describe('start time (start_time)', () => {
  it('is stored and returned by create, by the slug read and the list; absent is null', async () => {
    const timed = await createEvent(t.app, access, raceFields({ start_time: '09:30' }));
    expect(timed.start_time).toBe('09:30');
    const untimed = await createEvent(t.app, access, raceFields({ name: 'Other Race' }));
    expect(untimed.start_time).toBeNull();
    expect((await get(`/api/v1/products/${timed.slug}/`)).json()).toMatchObject({ start_time: '09:30' });
    const list = (await get('/api/v1/products/')).json() as Product[];
    expect(list.map((p) => p.start_time)).toEqual(['09:30', null]);
  });

  it('is changed by an update, cleared by an empty value and kept when the field is not sent', async () => {
    const event = await createEvent(t.app, access, raceFields({ start_time: '09:30' }));
    expect((await update(event.id, raceFields({ start_time: '10:15' }))).json()).toMatchObject({ start_time: '10:15' });
    expect((await update(event.id, raceFields())).json()).toMatchObject({ start_time: '10:15' });
    expect((await update(event.id, raceFields({ start_time: '' }))).json()).toMatchObject({ start_time: null });
  });

  it('refuses a time that is not 24-hour HH:MM with the exact message, and writes nothing', async () => {
    for (const bad of ['24:00', '9:30', '09:60', 'noon', '09:30:00']) {
      const res = await sendForm(
        t.app,
        'POST',
        '/api/v1/products/create/',
        access,
        raceFields({ start_time: bad }),
        IMAGE_AND_LOGO,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toEqual({ start_time: ['Start time must be a 24-hour time (HH:MM)'] });
    }
    const event = await createEvent(t.app, access, raceFields({ start_time: '23:59' }));
    const res = await update(event.id, raceFields({ start_time: '7pm' }));
    expect(res.json().errors).toEqual({ start_time: ['Start time must be a 24-hour time (HH:MM)'] });
    expect((await get(`/api/v1/products/${event.slug}/`)).json()).toMatchObject({ start_time: '23:59' });
  });

  it('refuses it for an anonymous caller (401), as every admin write', async () => {
    const res = await sendForm(t.app, 'POST', '/api/v1/products/create/', null, raceFields({ start_time: '09:30' }));
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/products/{slug}/ and former slugs', () => {
  it('reads an event by its slug with its status fields, without a token', async () => {
    const event = await createEvent(t.app, access, raceFields());
    const res = await get(`/api/v1/products/${event.slug}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, slug: 'club-race-2026', is_cancelled: false, documents: [] });
  });

  it('answers 404 with the message for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-race-2026', 'Bad_Slug', 'a--b']) {
      const res = await get(`/api/v1/products/${slug}/`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Event not found.' });
    }
  });

  it('a rename keeps the old slug as a former slug that answers 308 to the new one', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Spring Race' }));
    const renamed = await rename(event, 'Easter Race');
    expect(renamed.slug).toBe('easter-race-2026');
    const res = await get('/api/v1/products/spring-race-2026/');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/api/v1/products/easter-race-2026/');
    const rows = await t.app.ctx.db.select().from(eventSlugs);
    expect(rows.map((r) => [r.slug, r.eventId])).toEqual([['spring-race-2026', event.id]]);
  });

  it('an update that keeps the name keeps no former slug', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Spring Race' }));
    await rename(event, 'Spring Race', { price: '30.00' });
    expect(await t.app.ctx.db.select().from(eventSlugs)).toEqual([]);
  });

  it('every slug of a chain of renames leads straight to the current one', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Race A' }));
    await rename(event, 'Race B');
    await rename(event, 'Race C');
    for (const former of ['race-a-2026', 'race-b-2026']) {
      const res = await get(`/api/v1/products/${former}/`);
      expect(res.statusCode, former).toBe(308);
      expect(res.headers.location).toBe('/api/v1/products/race-c-2026/');
    }
    expect((await get('/api/v1/products/race-c-2026/')).statusCode).toBe(200);
  });

  it('renaming back to a former slug takes it back (no redirect loop)', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Race A' }));
    await rename(event, 'Race B');
    await rename(event, 'Race A');
    expect((await get('/api/v1/products/race-a-2026/')).statusCode).toBe(200);
    const former = await get('/api/v1/products/race-b-2026/');
    expect(former.headers.location).toBe('/api/v1/products/race-a-2026/');
    const rows = await t.app.ctx.db.select().from(eventSlugs);
    expect(rows.map((r) => r.slug)).toEqual(['race-b-2026']);
  });

  it('a new event whose slug is a former slug takes it: it answers there, no longer a redirect', async () => {
    const old = await createEvent(t.app, access, raceFields({ name: 'Spring Race' }));
    await rename(old, 'Easter Race');
    const fresh = await createEvent(t.app, access, externalFields({ name: 'Spring Race', date: '2026-04-01' }));
    expect(fresh.slug).toBe('spring-race-2026');
    const res = await get('/api/v1/products/spring-race-2026/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fresh.id });
    expect(await t.app.ctx.db.select().from(eventSlugs).where(eq(eventSlugs.slug, 'spring-race-2026'))).toEqual([]);
  });
});

describe('GET /api/v1/products/{slug}/calendar.ics', () => {
  it('is the event as text/calendar, an attachment named after the slug', async () => {
    const event = await createEvent(t.app, access, raceFields({ start_time: '09:30' }));
    const res = await get(`/api/v1/products/${event.slug}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="club-race-2026.ics"');
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).toContain('SUMMARY:Club Race');
    expect(res.body).toContain('DTSTART;TZID=Europe/London:20260214T093000');
  });

  it('a former slug answers 308 to the current file; an unknown one 404', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Race A' }));
    await rename(event, 'Race B');
    const moved = await get('/api/v1/products/race-a-2026/calendar.ics');
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('/api/v1/products/race-b-2026/calendar.ics');
    expect(moved.headers['content-disposition']).toBeUndefined();
    const unknown = await get('/api/v1/products/no-race-2026/calendar.ics');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-disposition']).toBeUndefined();
  });

  it('shows a cancelled event as STATUS:CANCELLED, and a change reaches the cached file', async () => {
    const event = await createEvent(t.app, access, raceFields());
    expect((await get(`/api/v1/products/${event.slug}/calendar.ics`)).body).toContain('STATUS:CONFIRMED');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${event.id}/cancel/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect((await get(`/api/v1/products/${event.slug}/calendar.ics`)).body).toContain('STATUS:CANCELLED');
  });
});
