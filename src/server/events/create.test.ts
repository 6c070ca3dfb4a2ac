import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_KINDS } from '../plugins/file-types.ts';
import { SAMPLE } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { json } from '../test/helper.ts';
import { storedBytes } from '../test/stored-files.ts';
import { ProductSchema } from './shape.ts';
import {
  createEvent,
  expectNothingWritten,
  externalFields,
  IMAGE_AND_LOGO,
  mediaKey,
  NOW,
  raceFields,
  sendForm,
  useEventsApp,
  written,
} from './test-support.ts';

const t = useEventsApp();
let access: string;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
});

const create = (fields: Record<string, string>, files = IMAGE_AND_LOGO) =>
  sendForm(t.app, 'POST', '/api/v1/products/create/', access, fields, files);

/** A refused create: the status, the body, and nothing written. */
async function refused(fields: Record<string, string>, files = IMAGE_AND_LOGO) {
  const res = await expectNothingWritten(t.app, () => create(fields, files));
  return {
    status: res.statusCode,
    body: json<{ error: string; code: string; errors?: Record<string, string[]> }>(res),
  };
}

describe('POST /api/v1/products/create/', () => {
  it('creates a race event and answers 201 with the product', async () => {
    const res = await create(raceFields({ price: '25.5' }));
    expect(res.statusCode).toBe(201);
    const product = json(res);
    expect(ProductSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({
      name: 'Club Race',
      slug: 'club-race-2026',
      date: '2026-02-14',
      slope_name: 'Hemel Snow Centre',
      price: '25.50',
      url: 'https://example.com/club-race',
      banner_message: '',
      event_type: 'race',
      registration_open: '2026-01-10',
      registration_open_time: '19:00',
      registration_close: '2026-02-07',
      registration_close_time: '18:00',
      quantity: 150,
      booked_quantity: 0,
      held_quantity: 0,
      is_full: false,
      is_cancelled: false,
      documents: [],
    });
    expect(product.id).toEqual(expect.any(Number));
    expect(product.image).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
    expect(product.image_card).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    expect(product.logo).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
    expect(product.logo_card).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
  });

  it('stores the image and logo under generated names, served with their real types', async () => {
    const product = await createEvent(t.app, access);
    const stored = (await storedBytes(t.app, mediaKey(product.image))) ?? Buffer.alloc(0);
    // the picture is stored as its web copy, the original kept beside it (never served)
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    const original = mediaKey(product.image).replace('.jpg', '.original.jpg');
    expect((await storedBytes(t.app, original))?.equals(SAMPLE.jpg)).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: String(product.image) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const logo = await t.app.inject({ method: 'GET', url: String(product.logo) });
    expect(logo.headers['content-type']).toBe('image/png');
    // the card copies of image and logo, what the cards show (docs/decisions/0045)
    const card = await t.app.inject({ method: 'GET', url: String(product.image_card) });
    expect(card.headers['content-type']).toBe('image/webp');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 8, height: 6 });
    const logoCard = await t.app.inject({ method: 'GET', url: String(product.logo_card) });
    expect(logoCard.headers['content-type']).toBe('image/webp');
    // a small PNG is sent as it came (no web copy, no original kept); each has its card copy
    expect((await written(t.app)).files).toHaveLength(5);
  });

  it('stores price 0 and quantity 0 and no window for an external event, and keeps its banner', async () => {
    const res = await create(
      externalFields({ price: '12', quantity: '9', registration_open: '2026-01-01', registration_open_time: '10:00' }),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      slug: 'snow-show-2026',
      event_type: 'external',
      price: '0.00',
      quantity: 0,
      is_full: false,
      banner_message: 'Visit our stand!',
      registration_open: null,
      registration_open_time: null,
      registration_close: null,
      registration_close_time: null,
    });
  });

  it('ignores the banner message of a race event', async () => {
    const res = await create(raceFields({ banner_message: 'Not for races' }));
    expect(json(res).banner_message).toBe('');
  });

  it('accepts a free race (price 0)', async () => {
    const res = await create(raceFields({ price: '0' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).price).toBe('0.00');
  });

  it('makes the slug unique by appending -2, -3', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await createEvent(t.app, access)).slug);
    expect(slugs).toEqual(['club-race-2026', 'club-race-2026-2', 'club-race-2026-3']);
    const other = await createEvent(
      t.app,
      access,
      raceFields({ date: '2027-02-14', registration_open: '2027-01-10', registration_close: '2027-02-07' }),
    );
    expect(other.slug).toBe('club-race-2027');
  });

  it('gives events created at the same moment distinct slugs', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(raceFields())));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.map((r) => json(r).slug).sort()).toEqual([
      'club-race-2026',
      'club-race-2026-2',
      'club-race-2026-3',
      'club-race-2026-4',
      'club-race-2026-5',
    ]);
  });

  it('trims text fields', async () => {
    const res = await create(raceFields({ name: '  Club Race  ', slope_name: ' Hemel ' }));
    expect(json(res)).toMatchObject({ name: 'Club Race', slope_name: 'Hemel' });
  });
});

describe('create: refusals write nothing', () => {
  it('requires date, name and slope name, with every message at once', async () => {
    const { status, body } = await refused(raceFields({ date: '', name: '', slope_name: '' }));
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toMatchObject({
      date: ['Date is required'],
      name: ['Name is required'],
      slope_name: ['Slope name is required'],
    });
  });

  it('requires price, quantity and the registration window for a race', async () => {
    const { status, body } = await refused(
      raceFields({
        price: '',
        quantity: '',
        registration_open: '',
        registration_open_time: '',
        registration_close: '',
        registration_close_time: '',
      }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      price: ['Price is required'],
      quantity: ['Quantity is required'],
      registration_open: ['Registration open date is required'],
      registration_open_time: ['Registration open time is required'],
      registration_close: ['Registration close date is required'],
      registration_close_time: ['Registration close time is required'],
    });
  });

  it('refuses a bad price, quantity and window with the spec’s messages', async () => {
    const { body } = await refused(
      raceFields({ price: '25.555', quantity: '0', registration_open: '2026-02-01', registration_close: '2026-02-01' }),
    );
    expect(body.errors).toEqual({
      price: ['Price must be a number with at most 2 decimal places'],
      quantity: ['Quantity must be a whole number of at least 1'],
      registration_close: ['Registration must close at least a day after it opens'],
    });
    expect(body.error).toBe('Price must be a number with at most 2 decimal places');
  });

  it('refuses a window closing after the event or opening after it', async () => {
    expect((await refused(raceFields({ registration_close: '2026-02-15' }))).body.errors).toEqual({
      registration_close: ['Registration must close by the event date'],
    });
    expect(
      (await refused(raceFields({ registration_open: '2026-02-15', registration_close: '2026-02-16' }))).body.errors,
    ).toMatchObject({ registration_open: ['Registration must open by the event date'] });
  });

  it('refuses a url that is not http(s) and a time that is not HH:MM', async () => {
    const { body } = await refused(raceFields({ url: 'javascript:alert(1)', registration_open_time: '7pm' }));
    expect(body.errors).toEqual({
      url: ['URL must be a web address starting with http:// or https://'],
      registration_open_time: ['Registration open time must be a 24-hour time (HH:MM)'],
    });
  });

  it('requires the image and the logo', async () => {
    const { status, body } = await refused(raceFields(), {});
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      image: ['Please select a JPG file for the image.'],
      logo: ['Please select a PNG file for the logo.'],
    });
  });

  it('refuses a png as the image and a jpg as the logo, with the spec’s messages', async () => {
    const { status, body } = await refused(raceFields(), {
      image: { filename: 'poster.jpg', bytes: SAMPLE.png },
      logo: { filename: 'logo.png', bytes: SAMPLE.jpg },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      image: ['Please select a JPG file for the image.'],
      logo: ['Please select a PNG file for the logo.'],
    });
  });

  it('refuses an executable named .jpg', async () => {
    const { body } = await refused(raceFields(), {
      ...IMAGE_AND_LOGO,
      image: { filename: 'poster.jpg', bytes: SAMPLE.exe, type: 'image/jpeg' },
    });
    expect(body.errors).toEqual({ image: ['Please select a JPG file for the image.'] });
  });

  it('reports field errors and file errors together', async () => {
    const { body } = await refused(raceFields({ name: '' }), {
      ...IMAGE_AND_LOGO,
      logo: { filename: 'logo.png', bytes: SAMPLE.pdf },
    });
    expect(body.errors).toEqual({ name: ['Name is required'], logo: ['Please select a PNG file for the logo.'] });
  });

  it('refuses an oversize image with 413 and a clear message', async () => {
    const big = Buffer.concat([SAMPLE.jpg, Buffer.alloc(FILE_KINDS.eventImage.maxBytes + 1 - SAMPLE.jpg.length)]);
    const { status, body } = await refused(raceFields(), {
      ...IMAGE_AND_LOGO,
      image: { filename: 'big.jpg', bytes: big },
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'The image must be 5 MB or smaller.' });
  });

  it('refuses unknown form fields and unknown files', async () => {
    const { status, body } = await refused({ ...raceFields(), booked_quantity: '0', slug: 'mine' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ booked_quantity: ['Unknown field: booked_quantity'], slug: ['Unknown field: slug'] });
    const files = await refused(raceFields(), {
      ...IMAGE_AND_LOGO,
      document: { filename: 'a.pdf', bytes: SAMPLE.pdf },
    });
    expect(files.body.errors).toEqual({ document: ['Unknown field: document'] });
  });

  it('refuses an unknown event type', async () => {
    const { body } = await refused(raceFields({ event_type: 'party' }));
    expect(body.errors).toMatchObject({
      event_type: ['Event type must be one of race, external, school or information'],
    });
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await expectNothingWritten(t.app, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/products/create/',
        payload: raceFields(),
        headers: { authorization: `Bearer ${access}` },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(json(res).error).toBe('This form must be sent as multipart/form-data.');
  });
});
