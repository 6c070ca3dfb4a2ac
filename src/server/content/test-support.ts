/** Shared pieces of the content API tests (not a test file itself). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, expect } from 'vitest';
import type { App } from '../app.ts';
import { storedFiles } from '../db/schema.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { multipart } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, type TestApp, useTestApp } from '../test/helper.ts';
import { storedNames } from '../test/stored-files.ts';

/** A test app whose uploads go to a folder of its own (removed afterwards), so that counting the
 * files on disk is not disturbed by other test files running at the same time. Before each test the
 * public cache and the uploads are emptied along with the tables, so that no test sees an earlier
 * test's cached reads or files. */
export function useContentTestApp(): TestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-content-'));
  const t = useTestApp({ DATA_DIR: dataDir });
  beforeEach(async () => {
    await invalidatePublicCache(t.app.ctx);
    rmSync(uploadsDir(t.app.ctx.config), { recursive: true, force: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return t;
}

export type Headers = Record<string, string>;

/** Bearer headers of a fresh administrator and a fresh ordinary user. */
export async function tokens(app: App): Promise<{ admin: Headers; user: Headers }> {
  const [admin, user] = await Promise.all([signedIn(app, 'admin'), signedIn(app, 'user')]);
  return { admin: bearer(admin.access), user: bearer(user.access) };
}

export type FormFiles = Record<string, { filename: string; bytes: Buffer }>;

/** A multipart request (POST or PUT). */
export function sendForm(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  headers: Headers,
  fields: Record<string, string>,
  files: FormFiles = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** The uploads stored (on the disk, or in the database on PostgreSQL), sorted. */
export const filesStored = storedNames;

export async function storedFileCount(app: App): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(storedFiles);
  return row?.n ?? 0;
}

/** The stored key behind a /media/{key} address. */
export function keyOf(url: string | null | undefined): string {
  const key = /^\/media\/([a-f0-9]{32}\.[a-z]{3,4})$/.exec(url ?? '')?.[1];
  if (!key) throw new Error(`not a media address: ${url}`);
  return key;
}

export interface Call {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** Every call answers 401 without a token and 403 to a signed-in user who is not an admin. */
export async function expectAdminOnly(app: App, user: Headers, calls: Call[]): Promise<void> {
  for (const call of calls) {
    const payload = call.payload as string | object | undefined;
    const anonymous = await app.inject({ method: call.method, url: call.url, payload });
    expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
    const plain = await app.inject({ method: call.method, url: call.url, payload, headers: user });
    expect(plain.statusCode, `${call.method} ${call.url} as a user`).toBe(403);
  }
}

/** The field errors of a refused request, after checking it was a 400. */
export function fieldErrors(res: LightMyRequestResponse): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { errors: Record<string, string[]> }).errors;
}

let ipCounter = 0;
/** A fresh client address, so that one test's rate limit does not touch another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
