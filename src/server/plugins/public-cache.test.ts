import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';
import { invalidatePublicCache, sendCached } from './public-cache.ts';

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
