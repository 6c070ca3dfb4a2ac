import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../test/fixtures.ts';
import { json } from '../test/helper.ts';
import { type Product, ProductSchema } from './shape.ts';
import {
  addDocument,
  createEvent,
  externalFields,
  NOW,
  raceFields,
  sendForm,
  setBooked,
  useEventsApp,
} from './test-support.ts';

const t = useEventsApp();
let access: string;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const list = async (url = '/api/v1/products/') => json<Product[]>(await get(url));

/** A race on `date` with a window that fits it. */
const raceOn = (name: string, date: string) =>
  raceFields({ name, date, registration_open: '2025-12-01', registration_close: date });

describe('GET /api/v1/products/', () => {
  it('answers [] with no events, without a token', async () => {
    const res = await get('/api/v1/products/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([]);
  });

  it('lists every event by date ascending, each with its documents, in the product shape', async () => {
    const later = await createEvent(t.app, access, raceOn('Later Race', '2026-03-01'));
    const earlier = await createEvent(t.app, access, externalFields({ date: '2026-01-20' }));
    const past = await createEvent(t.app, access, raceOn('Old Race', '2025-12-20'));
    const doc = await addDocument(t.app, access, later.id, 'Timetable');
    const products = await list();
    expect(products.map((p) => p.name)).toEqual(['Old Race', 'Snow Show', 'Later Race']);
    for (const p of products) expect(ProductSchema.parse(p)).toEqual(p);
    expect(products[2]?.documents).toEqual([
      { id: doc.id, name: 'Timetable', document: doc.document, uploaded_at: '2026-01-15T12:00:00.000Z' },
    ]);
    expect(products[0]?.id).toBe(past.id);
    expect(products[1]?.id).toBe(earlier.id);
  });

  it('shows booked_quantity and is_full', async () => {
    const race = await createEvent(t.app, access, raceFields({ quantity: '2' }));
    await setBooked(t.app, race.id, 2);
    const [product] = await list();
    expect(product).toMatchObject({ quantity: 2, booked_quantity: 2, is_full: true });
  });

  it('shows an admin’s change at once, although it is cached', async () => {
    const race = await createEvent(t.app, access);
    const first = await get('/api/v1/products/');
    expect(first.json()[0].name).toBe('Club Race');
    const etag = String(first.headers.etag);
    expect((await get('/api/v1/products/', { 'if-none-match': etag })).statusCode).toBe(304);

    const res = await sendForm(
      t.app,
      'PUT',
      `/api/v1/products/${race.id}/update/`,
      access,
      raceFields({ name: 'Renamed Race', price: '30' }),
    );
    expect(res.statusCode).toBe(200);
    const second = await get('/api/v1/products/', { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect(second.json()[0]).toMatchObject({ name: 'Renamed Race', price: '30.00' });
  });

  it('shows a cancellation, a new document and a deleted document at once', async () => {
    const race = await createEvent(t.app, access);
    expect((await list())[0]?.documents).toEqual([]);
    const doc = await addDocument(t.app, access, race.id);
    expect((await list())[0]?.documents.map((d) => d.id)).toEqual([doc.id]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/documents/${doc.id}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect((await list())[0]?.documents).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${race.id}/cancel/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect((await list())[0]?.is_cancelled).toBe(true);
  });
});

describe('GET /api/v1/products/{slug}/', () => {
  it('answers one event with its documents', async () => {
    const race = await createEvent(t.app, access);
    await addDocument(t.app, access, race.id, 'Entry Form');
    const res = await get('/api/v1/products/club-race-2026/');
    expect(res.statusCode).toBe(200);
    const product = json<Product>(res);
    expect(ProductSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({ id: race.id, slug: 'club-race-2026', name: 'Club Race' });
    expect(product.documents.map((d) => d.name)).toEqual(['Entry Form']);
  });

  it('answers 404 with "Event not found." for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-event-2026', 'Club%20Race', '..%2F..%2Fetc']) {
      const res = await get(`/api/v1/products/${slug}/`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({ error: 'Event not found.', code: 'NOT_FOUND' });
    }
  });

  it('follows a rename: the new slug answers at once, the old one with a 308 to it (issue 26)', async () => {
    const race = await createEvent(t.app, access);
    expect((await get('/api/v1/products/club-race-2026/')).statusCode).toBe(200);
    await sendForm(t.app, 'PUT', `/api/v1/products/${race.id}/update/`, access, raceFields({ name: 'Spring Race' }));
    const former = await get('/api/v1/products/club-race-2026/');
    expect(former.statusCode).toBe(308);
    expect(former.headers.location).toBe('/api/v1/products/spring-race-2026/');
    expect((await get('/api/v1/products/spring-race-2026/')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/latest-products/', () => {
  it('lists upcoming, not cancelled events, date ascending, at most 6', async () => {
    const dates = ['2026-02-20', '2026-02-10', '2026-03-01', '2026-02-01', '2026-04-01', '2026-05-01', '2026-06-01'];
    for (const [i, date] of dates.entries()) await createEvent(t.app, access, raceOn(`Race ${i}`, date));
    await createEvent(t.app, access, raceOn('Yesterday Race', '2026-01-14'));
    await createEvent(t.app, access, externalFields({ name: 'Today Show', date: '2026-01-15' }));
    const cancelled = await createEvent(t.app, access, externalFields({ name: 'Off Show', date: '2026-01-16' }));
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${cancelled.id}/cancel/`,
      headers: { authorization: `Bearer ${access}` },
    });

    const res = await get('/api/v1/latest-products/');
    expect(res.statusCode).toBe(200);
    const products = json<Product[]>(res);
    expect(products.map((p) => p.date)).toEqual([
      '2026-01-15',
      '2026-02-01',
      '2026-02-10',
      '2026-02-20',
      '2026-03-01',
      '2026-04-01',
    ]);
    for (const p of products) expect(ProductSchema.parse(p)).toEqual(p);
  });

  it('moves on at London midnight, although it is cached', async () => {
    await createEvent(t.app, access, externalFields({ name: 'Summer Show', date: '2026-07-01' }));
    t.clock.set('2026-07-01T22:59:00Z'); // 23:59 on 1 July in London
    expect((await list('/api/v1/latest-products/')).map((p) => p.name)).toEqual(['Summer Show']);
    t.clock.set('2026-07-01T23:00:00Z'); // 00:00 on 2 July in London
    expect(await list('/api/v1/latest-products/')).toEqual([]);
  });
});

describe('the API documentation', () => {
  it('lists every events path under the events tag', async () => {
    const doc = json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(await get('/api/docs/json'));
    const expected: [string, string][] = [
      ['/api/v1/products/', 'get'],
      ['/api/v1/latest-products/', 'get'],
      ['/api/v1/products/{slug}/', 'get'],
      ['/api/v1/products/create/', 'post'],
      ['/api/v1/products/{id}/update/', 'put'],
      ['/api/v1/products/{id}/cancel/', 'post'],
      ['/api/v1/products/{id}/add-document/', 'post'],
      ['/api/v1/products/documents/{id}/', 'delete'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['events']);
  });
});
