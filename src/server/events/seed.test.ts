import { beforeEach, describe, expect, it } from 'vitest';
import { bookingSections, schoolEvents } from '../../domain/events/index.ts';
import { seedEvents } from '../db/seed-events.ts';
import { json } from '../test/helper.ts';
import { type Product, ProductSchema } from './shape.ts';
import { NOW, useEventsApp, written } from './test-support.ts';

const t = useEventsApp();

beforeEach(() => t.clock.set(NOW));

describe('demo events', () => {
  it('fill every Booking section and the Schools page, with real pictures and documents', async () => {
    expect(await seedEvents(t.app.ctx)).toBe(8);
    const products = json<Product[]>(await t.app.inject({ method: 'GET', url: '/api/v1/products/' }));
    expect(products).toHaveLength(8);
    for (const p of products) expect(ProductSchema.parse(p)).toEqual(p);

    const sections = bookingSections(products, new Date(NOW));
    for (const [key, list] of Object.entries(sections)) expect(list.length, key).toBeGreaterThan(0);
    expect(schoolEvents(products, new Date(NOW)).map((p) => p.name)).toEqual(['Schools Championship']);
    expect(products.some((p) => p.event_type === 'race' && p.price === '0.00')).toBe(true);

    for (const p of products) {
      const image = await t.app.inject({ method: 'GET', url: String(p.image) });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.length).toBeLessThan(60_000);
      const logo = await t.app.inject({ method: 'GET', url: String(p.logo) });
      expect(logo.headers['content-type']).toBe('image/png');
    }
    const slalom = products.find((p) => p.slug === 'hemel-winter-slalom-2026');
    expect(slalom?.documents.map((d) => d.name)).toEqual(['Race Day Timetable', 'Entry Information']);
    const pdf = await t.app.inject({ method: 'GET', url: String(slalom?.documents[0]?.document) });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="timetable.pdf"/);
  });

  it('are added once only', async () => {
    await seedEvents(t.app.ctx);
    const before = await written(t.app);
    expect(await seedEvents(t.app.ctx)).toBe(0);
    expect(await written(t.app)).toEqual(before);
  });
});
