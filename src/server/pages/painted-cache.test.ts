import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';

/** A stand-in for the built renderer: counts its paintings and says whether every read of the
 * page succeeded as the test tells it (globalThis.__paintComplete). */
const RENDERER = `
let paintings = 0;
export function configure() {}
export function pagePatterns() { return [{ path: '/policies', ssr: true }]; }
export async function render(url) {
  paintings += 1;
  const filler = url === '/policies' ? '' : '<p>' + 'results '.repeat(1000) + '</p>';
  return { status: 200, html: '<p>painting ' + paintings + '</p>' + filler, title: 'Policies', description: '',
    state: '{}', expiresAt: null, modules: [], complete: globalThis.__paintComplete };
}
`;

let app: App;
const state = globalThis as { __paintComplete?: boolean };

beforeAll(async () => {
  const dist = join(await mkdtemp(join(tmpdir(), 'piste-painted-')), 'web');
  await mkdir(dist);
  await mkdir(`${dist}-ssr`);
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(`${dist}-ssr`, 'entry-server.js'), RENDERER);
  app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database: await openTestDatabase() });
  await app.ready();
});
afterAll(() => app.close());

const page = async () => (await app.inject({ method: 'GET', url: '/policies' })).body.match(/painting \d+/)?.[0];

describe('the page cache', () => {
  it('never keeps a page painted while one of its reads failed, and keeps a complete one', async () => {
    state.__paintComplete = false;
    expect(await page()).toBe('painting 1');
    expect(await page()).toBe('painting 2');
    state.__paintComplete = true;
    expect(await page()).toBe('painting 3');
    expect(await page()).toBe('painting 3');
  });
});

describe('a page asked for with a query it does not read', () => {
  it('is sent to its canonical address (docs/decisions/0026), never painted under the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/policies?year=2026&club=HEM' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/policies');
  });
});

describe('the page painted for an address that names no page', () => {
  it('is painted afresh and still sent compressed (it is not kept, but it is as big as any page)', async () => {
    state.__paintComplete = true;
    const res = await app.inject({
      method: 'GET',
      url: '/no-such-page?year=2026&club=HEM',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/painting \d+/);

    const gz = await app.inject({ method: 'GET', url: '/no-such-page?x=1', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/no-such-page?x=1' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/painting \d+/);
  });
});
