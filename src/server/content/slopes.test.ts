import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema.ts';
import { SAMPLE } from '../test/files.ts';
import { json } from '../test/helper.ts';
import {
  expectAdminOnly,
  fieldErrors,
  filesStored,
  keyOf,
  sendForm,
  storedFileCount,
  tokens,
  useContentTestApp,
} from './test-support.ts';

const t = useContentTestApp();

const HEMEL = {
  race_club_name: 'Hemel Ski Race Club',
  slope_name: 'The Snow Centre',
  slope_contact_number: '01632 960101',
  slope_website: 'https://www.snowcentre.example',
  slope_email: 'racing@snowcentre.example',
  address_line_1: 'St Albans Hill',
  address_line_2: '',
  locality: 'Hemel Hempstead',
  postcode: 'HP3 9NH',
};

const create = (headers: Record<string, string>, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'POST', '/api/v1/slope-info/create/', headers, fields, files);
const update = (headers: Record<string, string>, id: number, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'PUT', `/api/v1/slope-info/update/${id}/`, headers, fields, files);
const list = async () =>
  json<Record<string, unknown>[]>(await t.app.inject({ method: 'GET', url: '/api/v1/slope-info/' }));

describe('club (slope) details', () => {
  it('creates a club with its image and map, and lists every field publicly', async () => {
    const { admin } = await tokens(t.app);
    const res = await create(admin, HEMEL, {
      slope_image: { filename: 'slope.jpg', bytes: SAMPLE.jpg },
      slope_map: { filename: 'map.png', bytes: SAMPLE.png },
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toEqual({
      id: 1,
      ...HEMEL,
      slope_image: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.jpg$/),
      slope_map: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.png$/),
    });
    expect(await list()).toEqual([body]);
    const image = await t.app.inject({ method: 'GET', url: String(body.slope_image) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // the web copy of the picture: still an 8×6 JPEG
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
  });

  it('needs only the two names; pictures are null when not sent; sorted by race club name', async () => {
    const { admin } = await tokens(t.app);
    expect((await create(admin, { race_club_name: 'Vikings Ski Race Team', slope_name: 'Harlow' })).statusCode).toBe(
      201,
    );
    expect(
      (await create(admin, { race_club_name: 'essex Ski Racing Club', slope_name: 'Chelmsford' })).statusCode,
    ).toBe(201);
    const rows = await list();
    expect(rows.map((r) => r.race_club_name)).toEqual(['essex Ski Racing Club', 'Vikings Ski Race Team']);
    expect(rows[0]).toMatchObject({ slope_contact_number: '', slope_website: '', slope_image: null, slope_map: null });
  });

  it('refuses missing names, a bad e-mail, a non-http website and a long contact number', async () => {
    const { admin } = await tokens(t.app);
    expect(
      fieldErrors(
        await create(admin, {
          race_club_name: ' ',
          slope_email: 'nope',
          slope_website: 'www.snow.example',
        }),
      ),
    ).toEqual({
      race_club_name: ['Race club name is required'],
      slope_name: ['Slope name is required'],
      slope_website: ['Please enter a website address starting with http:// or https://'],
      slope_email: ['Please enter a valid email address (max 254 characters)'],
    });
    // a value over its field's maximum is refused by the text rule, before the form's other rules
    expect(fieldErrors(await create(admin, { race_club_name: ' ', slope_contact_number: '0'.repeat(31) }))).toEqual({
      slope_contact_number: ['Contact number must be 30 characters or fewer'],
    });
    expect(await list()).toEqual([]);
  });

  it('refuses a picture that is not an image, and an unknown field, writing nothing', async () => {
    const { admin } = await tokens(t.app);
    const before = await filesStored(t.app);
    const res = await create(admin, HEMEL, {
      slope_image: { filename: 'slope.jpg', bytes: SAMPLE.jpg },
      slope_map: { filename: 'map.png', bytes: SAMPLE.exe },
    });
    expect(fieldErrors(res)).toEqual({ slope_map: ['Please select a JPG, PNG or WEBP image.'] });
    expect(fieldErrors(await create(admin, { ...HEMEL, colour: 'red' }))).toEqual({
      colour: ['Unknown field: colour'],
    });
    expect(fieldErrors(await create(admin, HEMEL, { brochure: { filename: 'b.pdf', bytes: SAMPLE.pdf } }))).toEqual({
      brochure: ['Unknown field: brochure'],
    });
    expect(await list()).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    expect(await filesStored(t.app)).toEqual(before);
  });

  it('refuses a form that is not multipart', async () => {
    const { admin } = await tokens(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/slope-info/create/',
      headers: admin,
      payload: HEMEL,
    });
    expect(res.statusCode).toBe(415);
  });

  it('updates sent fields, keeps the rest, replaces a picture and deletes the old file', async () => {
    const { admin } = await tokens(t.app);
    const created = json(await create(admin, HEMEL, { slope_image: { filename: 'a.jpg', bytes: SAMPLE.jpg } }));
    const oldKey = keyOf(String(created.slope_image));

    const res = await update(
      admin,
      1,
      { slope_name: 'Snow Centre Hemel', slope_image: '' },
      {
        slope_image: { filename: 'b.png', bytes: SAMPLE.png },
      },
    );
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ ...HEMEL, slope_name: 'Snow Centre Hemel', slope_map: null });
    const newKey = keyOf(String(body.slope_image));
    expect(newKey).toMatch(/\.png$/);
    expect(await filesStored(t.app)).toContain(newKey);
    expect(await filesStored(t.app)).not.toContain(oldKey);
    expect(await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, oldKey))).toEqual([]);
    expect(await list()).toEqual([body]);
  });

  it('removes a picture with slope_image_clear=true, and validates the merged values', async () => {
    const { admin } = await tokens(t.app);
    const created = json(await create(admin, HEMEL, { slope_image: { filename: 'a.jpg', bytes: SAMPLE.jpg } }));
    const key = keyOf(String(created.slope_image));
    expect(fieldErrors(await update(admin, 1, { slope_name: '' }))).toEqual({ slope_name: ['Slope name is required'] });
    const res = await update(admin, 1, { slope_image_clear: 'true' });
    expect(json(res)).toMatchObject({ slope_name: HEMEL.slope_name, slope_image: null });
    expect(await filesStored(t.app)).not.toContain(key);
    expect(await storedFileCount(t.app)).toBe(0);
  });

  it('deletes a club and its stored pictures (204); 404 for an unknown one', async () => {
    const { admin } = await tokens(t.app);
    const created = json(
      await create(admin, HEMEL, {
        slope_image: { filename: 'a.jpg', bytes: SAMPLE.jpg },
        slope_map: { filename: 'm.webp', bytes: SAMPLE.webp },
      }),
    );
    const keys = [keyOf(String(created.slope_image)), keyOf(String(created.slope_map))];
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/slope-info/delete/1/', headers: admin });
    expect(res.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    for (const key of keys) expect(await filesStored(t.app)).not.toContain(key);

    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/slope-info/delete/1/', headers: admin });
    expect(again.statusCode).toBe(404);
    expect(json(again).error).toBe('Slope not found.');
    const missing = await update(admin, 7, HEMEL);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to a user on every admin call', async () => {
    const { admin, user } = await tokens(t.app);
    await create(admin, HEMEL);
    await expectAdminOnly(t.app, user, [
      { method: 'POST', url: '/api/v1/slope-info/create/' },
      { method: 'PUT', url: '/api/v1/slope-info/update/1/' },
      { method: 'DELETE', url: '/api/v1/slope-info/delete/1/' },
    ]);
    expect(await list()).toHaveLength(1);
  });

  it('shows a change on the very next read, though reads are cached', async () => {
    const { admin } = await tokens(t.app);
    await create(admin, HEMEL);
    expect((await list())[0]?.slope_name).toBe('The Snow Centre');
    await update(admin, 1, { slope_name: 'Hemel Snow Centre' });
    expect((await list())[0]?.slope_name).toBe('Hemel Snow Centre');
  });
});
