import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { events, storedFiles } from '../db/schema.ts';
import { SAMPLE } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json } from '../test/helper.ts';
import { type Product, ProductSchema } from './shape.ts';
import {
  createEvent,
  expectNothingWritten,
  externalFields,
  mediaKey,
  NOW,
  raceFields,
  sendForm,
  setBooked,
  useEventsApp,
  written,
} from './test-support.ts';

const t = useEventsApp();
let access: string;
let race: Product;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
  race = await createEvent(t.app, access);
});

const update = (
  fields: Record<string, string>,
  files: Record<string, { filename: string; bytes: Buffer }> = {},
  id = race.id,
) => sendForm(t.app, 'PUT', `/api/v1/products/${id}/update/`, access, fields, files);

const storedKeys = async () =>
  (await t.app.ctx.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key).sort();

describe('PUT /api/v1/products/{id}/update/', () => {
  it('updates every field and keeps image and logo when none are sent', async () => {
    const res = await update(
      raceFields({
        name: 'Spring Slalom',
        date: '2026-03-14',
        slope_name: 'Chelmsford',
        price: '30.5',
        quantity: '80',
        url: 'http://example.org',
        registration_open: '2026-02-01',
        registration_open_time: '08:30',
        registration_close: '2026-03-07',
        registration_close_time: '21:15',
      }),
    );
    expect(res.statusCode).toBe(200);
    const product = json<Product>(res);
    expect(ProductSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({
      id: race.id,
      name: 'Spring Slalom',
      slug: 'spring-slalom-2026',
      date: '2026-03-14',
      slope_name: 'Chelmsford',
      price: '30.50',
      quantity: 80,
      url: 'http://example.org',
      registration_open: '2026-02-01',
      registration_open_time: '08:30',
      registration_close: '2026-03-07',
      registration_close_time: '21:15',
      image: race.image,
      logo: race.logo,
    });
  });

  it('keeps the slug when name and year are unchanged', async () => {
    await createEvent(t.app, access); // takes club-race-2026-2
    const res = await update(raceFields({ date: '2026-02-13', registration_close: '2026-02-06', price: '5' }));
    expect(json(res).slug).toBe('club-race-2026');
  });

  it('gives a renamed event a free slug, not its own old one', async () => {
    const other = await createEvent(t.app, access, raceFields({ name: 'Spring Race' }));
    const res = await update(raceFields({ name: 'Spring Race' }));
    expect(other.slug).toBe('spring-race-2026');
    expect(json(res).slug).toBe('spring-race-2026-2');
  });

  it('replaces the image: the new file is stored, the old one removed from disk and database', async () => {
    const oldImage = mediaKey(race.image);
    const res = await update(raceFields(), { image: { filename: 'new.jpg', bytes: SAMPLE.jpg } });
    expect(res.statusCode).toBe(200);
    const product = json<Product>(res);
    const newImage = mediaKey(product.image);
    expect(newImage).not.toBe(oldImage);
    expect(product.logo).toBe(race.logo);
    // the new image's card copy replaces the old one's too
    const oldCard = mediaKey(race.image_card);
    const newCard = mediaKey(product.image_card);
    expect(newCard).not.toBe(oldCard);
    const state = await written(t.app);
    expect(state.files).toContain(newImage);
    expect(state.files).toContain(newCard);
    expect(state.files).not.toContain(oldImage);
    expect(state.files).not.toContain(oldCard);
    expect(await storedKeys()).toEqual([newImage, newCard, mediaKey(race.logo), mediaKey(race.logo_card)].sort());
    expect((await t.app.inject({ method: 'GET', url: `/media/${oldImage}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/${oldCard}` })).statusCode).toBe(404);
  });

  it('replaces the logo alone', async () => {
    const res = await update(raceFields(), { logo: { filename: 'new.png', bytes: SAMPLE.png } });
    const product = json<Product>(res);
    expect(product.image).toBe(race.image);
    expect(product.image_card).toBe(race.image_card);
    expect(product.logo).not.toBe(race.logo);
    expect(product.logo_card).not.toBe(race.logo_card);
    // the image, its original, its card copy, and the new logo with its card copy
    expect((await written(t.app)).files).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url: String(race.logo_card) })).statusCode).toBe(404);
  });

  it('treats a text value sent for image or logo as "keep the current file"', async () => {
    const res = await update({ ...raceFields(), image: String(race.image), logo: '' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ image: race.image, logo: race.logo });
  });

  it('turns a race without bookings into an external event: price and quantity 0, no window', async () => {
    const res = await update(externalFields({ name: 'Club Race', date: '2026-02-14' }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      event_type: 'external',
      price: '0.00',
      quantity: 0,
      registration_open: null,
      banner_message: 'Visit our stand!',
    });
  });

  it('keeps a cancelled event cancelled', async () => {
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${race.id}/cancel/`, headers: bearer(access) });
    expect(json(await update(raceFields({ name: 'Still Off' }))).is_cancelled).toBe(true);
  });
});

describe('update: refusals write nothing and remove nothing', () => {
  it('refuses a quantity below the places already booked', async () => {
    await setBooked(t.app, race.id, 12);
    const res = await expectNothingWritten(t.app, () => update(raceFields({ quantity: '11' })));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ quantity: ['Quantity cannot be less than the places already booked (12)'] });
    expect((await update(raceFields({ quantity: '12' }))).statusCode).toBe(200);
  });

  it('refuses turning a race with bookings into another type', async () => {
    await setBooked(t.app, race.id, 3);
    const res = await expectNothingWritten(t.app, () => update(externalFields()));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ event_type: ['The event type cannot be changed while places are booked (3)'] });
  });

  it('an image stored before card copies keeps showing itself until replaced', async () => {
    // as after the upgrade that brought card copies (migration 0012): the column is empty
    await t.app.ctx.db.update(events).set({ imageCard: null }).where(eq(events.id, race.id));
    const kept = json<Product>(await update(raceFields({ name: 'Renamed Race' })));
    expect(kept.image).toBe(race.image);
    expect(kept.image_card).toBeNull();
    const replaced = json<Product>(await update(raceFields(), { image: { filename: 'new.jpg', bytes: SAMPLE.jpg } }));
    expect(replaced.image_card).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
  });

  it('refuses a wrong new image, keeping the old one', async () => {
    const res = await expectNothingWritten(t.app, () =>
      update(raceFields(), { image: { filename: 'new.jpg', bytes: SAMPLE.png } }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ image: ['Please select a JPG file for the image.'] });
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, race.id));
    expect(row?.image).toBe(mediaKey(race.image));
  });

  it('refuses invalid fields with the spec’s messages', async () => {
    const res = await expectNothingWritten(t.app, () => update(raceFields({ name: '', price: '1.234' })));
    expect(json(res).errors).toEqual({
      name: ['Name is required'],
      price: ['Price must be a number with at most 2 decimal places'],
    });
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const missing = await expectNothingWritten(t.app, () =>
      update(raceFields(), { image: { filename: 'a.jpg', bytes: SAMPLE.jpg } }, 9999),
    );
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ error: 'Event not found.', code: 'NOT_FOUND' });
    const bad = await sendForm(t.app, 'PUT', '/api/v1/products/abc/update/', access, raceFields());
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/v1/products/{id}/cancel/', () => {
  const cancel = (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/v1/products/${id}/cancel/`, headers: bearer(access) });

  it('cancels: 200 with is_cancelled true; the event is no longer bookable', async () => {
    const res = await cancel(race.id);
    expect(res.statusCode).toBe(200);
    const product = json<Product>(res);
    expect(ProductSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({ id: race.id, is_cancelled: true, name: 'Club Race' });
  });

  it('is idempotent: cancelling again answers the same and keeps the first time', async () => {
    await cancel(race.id);
    const [first] = await t.app.ctx.db.select().from(events).where(eq(events.id, race.id));
    t.clock.advance(60_000);
    const again = await cancel(race.id);
    expect(again.statusCode).toBe(200);
    expect(json(again).is_cancelled).toBe(true);
    const [second] = await t.app.ctx.db.select().from(events).where(eq(events.id, race.id));
    expect(second?.cancelledAt?.toISOString()).toBe(first?.cancelledAt?.toISOString());
    expect(first?.cancelledAt?.toISOString()).toBe('2026-01-15T12:00:00.000Z');
  });

  it('answers 404 for an unknown event', async () => {
    const res = await cancel(9999);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Event not found.');
  });
});
