import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';
import { pickEncoding } from './cache-entry.ts';
import { dropPublicCacheSoon, invalidatePublicCache, sendCached } from './public-cache.ts';

let app: FastifyInstance;
let loads = 0;
let value = 'first';

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: await openTestDatabase() });
  app.get('/api/v1/cached-thing/', { config: { access: 'public' } }, (request, reply) =>
    sendCached(app.ctx, request, reply, 'thing', async () => {
      loads += 1;
      return { value };
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('the public cache', () => {
  it('loads once, then answers from memory with an ETag; 304 for a matching If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/cached-thing/' });
    const second = await app.inject({ method: 'GET', url: '/api/v1/cached-thing/' });
    expect(first.json()).toEqual({ value: 'first' });
    expect(second.body).toBe(first.body);
    expect(loads).toBe(1);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const notModified = await app.inject({
      method: 'GET',
      url: '/api/v1/cached-thing/',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('never answers stale data after an invalidation', async () => {
    value = 'second';
    expect((await app.inject({ method: 'GET', url: '/api/v1/cached-thing/' })).json()).toEqual({ value: 'first' });
    await invalidatePublicCache(app.ctx);
    expect((await app.inject({ method: 'GET', url: '/api/v1/cached-thing/' })).json()).toEqual({ value: 'second' });
    expect(loads).toBe(2);
  });
});

describe('compressed public reads', () => {
  it('sends a large answer brotli- or gzip-compressed by Accept-Encoding, the same JSON either way', async () => {
    value = 'y'.repeat(5000);
    await invalidatePublicCache(app.ctx);
    const plain = await app.inject({ method: 'GET', url: '/api/v1/cached-thing/' });
    const br = await app.inject({
      method: 'GET',
      url: '/api/v1/cached-thing/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const gz = await app.inject({
      method: 'GET',
      url: '/api/v1/cached-thing/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(200);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ value });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ value });
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('leaves a small answer as it is', async () => {
    value = 'small';
    await invalidatePublicCache(app.ctx);
    const res = await app.inject({ method: 'GET', url: '/api/v1/cached-thing/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ value: 'small' });
  });

  it('honours q=0 and unknown encodings', () => {
    const entry = { br: Buffer.from('b'), gzip: Buffer.from('g') };
    expect(pickEncoding('br;q=0, gzip', entry)).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0', entry)).toBeNull();
    expect(pickEncoding('deflate', entry)).toBeNull();
    expect(pickEncoding(undefined, entry)).toBeNull();
    expect(pickEncoding('gzip, br', {})).toBeNull();
  });
});

describe('dropping the cache after bookings, coalesced', () => {
  let coalesced: FastifyInstance;
  let reads = 0;
  beforeAll(async () => {
    coalesced = await buildApp({
      config: testConfig({ PUBLIC_CACHE_COALESCE_MS: '150' }),
      database: await openTestDatabase(),
    });
    coalesced.get('/api/v1/cached-count/', { config: { access: 'public' } }, (request, reply) =>
      sendCached(coalesced.ctx, request, reply, 'count', async () => {
        reads += 1;
        return { reads };
      }),
    );
    await coalesced.ready();
  });
  afterAll(async () => coalesced?.close());
  const read = async () => (await coalesced.inject({ method: 'GET', url: '/api/v1/cached-count/' })).json().reads;

  it('drops at once for the first change, then once more at the end of the window for a burst', async () => {
    expect(await read()).toBe(1);
    await dropPublicCacheSoon(coalesced.ctx);
    expect(await read()).toBe(2);
    // a burst inside the window: no recomputation per change
    for (let i = 0; i < 20; i++) await dropPublicCacheSoon(coalesced.ctx);
    expect(await read()).toBe(2);
    // the trailing drop comes at the end of the window, and only one
    await new Promise((r) => setTimeout(r, 300));
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });
});
