import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.ts';
import { assetCacheControl } from './pages/routes.ts';
import { openTestDatabase, testConfig } from './test/helper.ts';

/** The built web app's files: compressed copies by Accept-Encoding, hashed assets cached for good. */
const dist = join(tmpdir(), `piste-web-${process.pid}`);
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let app: App;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const html = '<!doctype html><html><head><title>Piste</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), script);
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js.map'), '{"version":3}');
  app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database: await openTestDatabase() });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a hashed asset brotli-compressed, cached as immutable for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a missing asset and a source map with a plain 404, never a page', async () => {
    for (const url of ['/assets/gone-ZyXw9876.js', '/favicon.ico', '/assets/index-AbCd1234.js.map']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('marks only hashed build assets immutable', () => {
    expect(assetCacheControl('/srv/dist/web/assets/BookingPage-BGHP0vvC.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(assetCacheControl('/srv/dist/web/assets/BookingPage-BGHP0vvC.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    // chunks are named 'c-' and their hash (vite.config.ts)
    expect(assetCacheControl('/srv/dist/web/assets/c-CTyRkE-R.js.gz')).toBe('public, max-age=31536000, immutable');
    expect(assetCacheControl('/srv/dist/web/index.html')).toBe('no-cache');
    expect(assetCacheControl('/srv/dist/web/favicon.svg')).toBe('no-cache');
  });
});
