import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingSections, schoolEvents } from '../../domain/events/index.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { seedContent } from '../seed/seed-content.ts';
import { seedEvents } from '../seed/seed-events.ts';
import { json } from '../test/helper.ts';
import { type Product, ProductSchema } from './shape.ts';
import { NOW, useEventsApp, written } from './test-support.ts';

const t = useEventsApp();

beforeEach(() => t.clock.set(NOW));

async function products(): Promise<Product[]> {
  await invalidatePublicCache(t.app.ctx);
  return json<Product[]>(await t.app.inject({ method: 'GET', url: '/api/v1/products/' }));
}

async function sha(url: string | null): Promise<string> {
  const file = await t.app.inject({ method: 'GET', url: String(url) });
  expect(file.statusCode).toBe(200);
  return createHash('sha256').update(file.rawPayload).digest('hex');
}

describe('demo events', { timeout: 60_000 }, () => {
  it('fill every Booking section and the Schools page, with real pictures and documents', async () => {
    expect(await seedEvents(t.app.ctx)).toBe(8);
    const list = await products();
    expect(list).toHaveLength(8);
    for (const p of list) expect(ProductSchema.parse(p)).toEqual(p);

    const sections = bookingSections(list, new Date(NOW));
    for (const [key, events] of Object.entries(sections)) expect(events.length, key).toBeGreaterThan(0);
    expect(schoolEvents(list, new Date(NOW)).map((p) => p.name)).toEqual(['Schools Championship']);
    expect(list.some((p) => p.event_type === 'race' && p.price === '0.00')).toBe(true);

    for (const p of list) {
      const image = await t.app.inject({ method: 'GET', url: String(p.image) });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.length).toBeLessThan(60_000);
      const logo = await t.app.inject({ method: 'GET', url: String(p.logo) });
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.length).toBeLessThan(30_000);
      // the cards' copies (decision 0045): small WebPs, the logo.s under half the PNG
      for (const [url, under] of [
        [p.image_card, image.rawPayload.length],
        [p.logo_card, logo.rawPayload.length / 2],
      ] as const) {
        const card = await t.app.inject({ method: 'GET', url: String(url) });
        expect(card.headers['content-type'], String(url)).toBe('image/webp');
        expect(card.rawPayload.length).toBeLessThan(under);
      }
    }
    const slalom = list.find((p) => p.slug === 'hemel-open-slalom-2026');
    expect(slalom?.documents.map((d) => d.name)).toEqual(['Race Day Timetable', 'Entry Information']);
    const pdf = await t.app.inject({ method: 'GET', url: String(slalom?.documents[0]?.document) });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="timetable.pdf"/);
  });

  it('each have a picture and a logo of their own', async () => {
    await seedEvents(t.app.ctx);
    const list = await products();
    const images = await Promise.all(list.map((p) => sha(p.image)));
    const logos = await Promise.all(list.map((p) => sha(p.logo)));
    expect(new Set(images).size).toBe(list.length);
    expect(new Set(logos).size).toBe(list.length);
  });

  it('list under Other Events only events run by others, never the association’s own', async () => {
    await seedEvents(t.app.ctx);
    const list = await products();
    const { code, name } = t.app.ctx.config.association;
    const { otherEvents } = bookingSections(list, new Date(NOW));
    expect(otherEvents.map((p) => p.name)).toEqual(['London Snowsports Show']);
    for (const p of otherEvents) {
      expect(p.event_type).toBe('external');
      expect(p.name).not.toMatch(/general meeting|\bAGM\b/i);
      expect(p.name).not.toContain(code);
      expect(p.name).not.toContain(name);
      expect(p.url).toMatch(/^https:\/\/.+\.example$/);
    }
    // the association's own meetings are not events at all
    expect(list.filter((p) => p.event_type === 'information')).toEqual([]);
  });

  it('are held at the demo clubs’ slopes, races on weekends', async () => {
    await seedEvents(t.app.ctx);
    await seedContent(t.app.ctx);
    const list = await products();
    const clubs = json<{ slope_name: string; locality: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/v1/slope-info/' }),
    );
    for (const p of list.filter((e) => e.event_type !== 'external')) {
      const club = clubs.find((c) => p.slope_name.startsWith(c.slope_name));
      expect(club, p.slope_name).toBeDefined();
      expect(p.slope_name, p.name).toContain(club?.locality);
    }
    for (const p of list.filter((e) => e.event_type === 'race')) {
      expect([0, 6], `${p.name} on ${p.date}`).toContain(new Date(`${p.date}T12:00:00Z`).getUTCDay());
      // entry closes before race day
      expect(String(p.registration_close) < p.date, p.name).toBe(true);
    }
  });

  // the sections must be filled whatever the day `npm start` first runs: across a year, at a
  // change of year and of clocks, and late in the evening
  it.each([
    '2026-03-28T23:30:00Z',
    '2026-11-20T12:00:00Z',
    '2026-06-01T08:00:00Z',
    '2026-08-31T18:59:00Z',
    '2026-10-24T22:00:00Z',
    '2026-12-30T12:00:00Z',
  ])('fill every section when seeded at %s', async (now) => {
    t.clock.set(now);
    await seedEvents(t.app.ctx);
    const list = await products();
    const sections = bookingSections(list, new Date(now));
    for (const [key, events] of Object.entries(sections)) expect(events.length, key).toBeGreaterThan(0);
    expect(sections.bookNow).toHaveLength(2);
    expect(sections.happeningSoon).toHaveLength(1);
    expect(sections.comingSoon).toHaveLength(2);
    expect(schoolEvents(list, new Date(now))).toHaveLength(1);
    for (const p of list) {
      expect(p.date.slice(5), `${p.name} is not in the Christmas break`).not.toMatch(/^(12-2[4-9]|12-3[01]|01-01)$/);
      if (p.event_type === 'race') expect([0, 6]).toContain(new Date(`${p.date}T12:00:00Z`).getUTCDay());
      if (p.registration_close) expect(p.registration_close < p.date, p.name).toBe(true);
    }
  });

  it('are added once only', async () => {
    await seedEvents(t.app.ctx);
    const before = await written(t.app);
    expect(await seedEvents(t.app.ctx)).toBe(0);
    expect(await written(t.app)).toEqual(before);
  });
});
