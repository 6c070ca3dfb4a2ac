import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import type { App } from '../app.ts';
import { eventDocuments, events, storedFiles } from '../db/schema.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { multipart, SAMPLE } from '../test/files.ts';
import { bearer, type TestApp, useTestApp } from '../test/helper.ts';
import { storedNames } from '../test/stored-files.ts';
import type { Product } from './shape.ts';

/** A test app whose uploads go to a folder of this file's own, so that comparing the folder
 * before and after a request is not disturbed by other test files. */
export function useEventsApp(config: Record<string, string> = {}): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'piste-events-'));
  const t = useTestApp({ DATA_DIR: dir, ...config });
  // the database is emptied before each test; so are the uploads
  beforeEach(() => rmSync(uploadsDir(t.app.ctx.config), { recursive: true, force: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return t;
}

/** The tests' fixed "now": Thursday 15 January 2026, 12:00 London (GMT). */
export const NOW = '2026-01-15T12:00:00Z';

/** A valid race form: registration open now (10 Jan 19:00 to 7 Feb 18:00), event 14 Feb 2026. */
export function raceFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Club Race',
    date: '2026-02-14',
    slope_name: 'Hemel Snow Centre',
    event_type: 'race',
    price: '25.00',
    quantity: '150',
    url: 'https://example.com/club-race',
    banner_message: '',
    registration_open: '2026-01-10',
    registration_open_time: '19:00',
    registration_close: '2026-02-07',
    registration_close_time: '18:00',
    ...overrides,
  };
}

export function externalFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Snow Show',
    date: '2026-03-01',
    slope_name: 'ExCeL London',
    event_type: 'external',
    price: '',
    quantity: '',
    url: '',
    banner_message: 'Visit our stand!',
    registration_open: '',
    registration_open_time: '',
    registration_close: '',
    registration_close_time: '',
    ...overrides,
  };
}

type Files = Record<string, { filename: string; bytes: Buffer; type?: string }>;

export const IMAGE_AND_LOGO: Files = {
  image: { filename: 'poster.jpg', bytes: SAMPLE.jpg, type: 'image/jpeg' },
  logo: { filename: 'logo.png', bytes: SAMPLE.png, type: 'image/png' },
};

export function sendForm(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  access: string | null,
  fields: Record<string, string>,
  files: Files = {},
) {
  const body = multipart(fields, files);
  return app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(access ? bearer(access) : {}) },
  });
}

/** Creates an event through the API and returns it. */
export async function createEvent(
  app: App,
  access: string,
  fields: Record<string, string> = raceFields(),
  files: Files = IMAGE_AND_LOGO,
): Promise<Product> {
  const res = await sendForm(app, 'POST', '/api/v1/products/create/', access, fields, files);
  if (res.statusCode !== 201) throw new Error(`create failed (${res.statusCode}): ${res.body}`);
  return res.json() as Product;
}

/** Attaches a document through the API. */
export async function addDocument(
  app: App,
  access: string,
  eventId: number,
  name = 'Timetable',
  file = { filename: 'timetable.pdf', bytes: SAMPLE.pdf },
) {
  const res = await sendForm(
    app,
    'POST',
    `/api/v1/products/${eventId}/add-document/`,
    access,
    { name },
    { document: file },
  );
  if (res.statusCode !== 201) throw new Error(`add-document failed (${res.statusCode}): ${res.body}`);
  return res.json() as { id: number; name: string; document: string; uploaded_at: string };
}

/** Marks places as booked straight in the database (bookings arrive with the cart issue). */
export async function setBooked(app: App, eventId: number, booked: number): Promise<void> {
  await app.ctx.db.update(events).set({ booked }).where(eq(events.id, eventId));
}

/** Everything a write could leave behind: rows in the three tables and files in the uploads folder. */
export async function written(app: App) {
  const n = async (table: typeof events | typeof eventDocuments | typeof storedFiles) =>
    (await app.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    events: await n(events),
    documents: await n(eventDocuments),
    storedFiles: await n(storedFiles),
    files: await storedNames(app),
  };
}

/** Runs a refused request and checks that nothing at all was written. */
export async function expectNothingWritten<T>(app: App, request: () => Promise<T>): Promise<T> {
  const before = await written(app);
  const result = await request();
  expect(await written(app)).toEqual(before);
  return result;
}

/** The key of a /media/{key} address. */
export function mediaKey(url: string | null): string {
  if (!url?.startsWith('/media/')) throw new Error(`not a media address: ${url}`);
  return url.slice('/media/'.length);
}
