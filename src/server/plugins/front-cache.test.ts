import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, externalFields, NOW, useEventsApp } from '../events/test-support.ts';
import { setMaintenance } from '../maintenance/service.ts';
import { signedIn } from '../test/fixtures.ts';
import { invalidatePublicCache, publicCacheChanged, setPublicCachePushed } from './public-cache.ts';

/** The front path answers over real HTTP (app.inject goes straight to Fastify), so these tests
 * listen on a port and count the reads it answered. */
const t = useEventsApp();
let port: number;
let access: string;

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  // The front path answers only while the cache is known current: within a second of the last
  // look at the generation, or a minute while changes are pushed. On a busy machine more than a
  // second can pass between two reads (CI's did), so these tests hold the look as a server that
  // hears changes pushed does; the last test shows the front path stepping aside when it is not.
  setPublicCachePushed(t.app.ctx, true);
});

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
  for (let i = 0; i < 8; i++) {
    // enough events that the list is compressed (over 1 KB)
    await createEvent(t.app, access, externalFields({ name: `Summer Show ${i}`, date: `2026-07-0${i + 1}` }));
  }
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A request for `path` exactly as written (no URL clean-up on the way), with the raw answer. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads answered by the front path while `action` runs. */
async function frontServed(action: () => Promise<unknown>): Promise<number> {
  const before = t.app.front.served;
  await action();
  return t.app.front.served - before;
}

const withoutDate = ({ date: _date, ...headers }: Record<string, string>) => headers;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

describe('the front path for cached public reads', () => {
  it('answers a repeated anonymous read itself, with exactly the bytes and headers the route sent', async () => {
    for (const path of ['/api/v1/products/', '/api/v1/faqs/', '/api/v1/maintenance/status/']) {
      let fromRoute: Answer | undefined;
      expect(await frontServed(async () => (fromRoute = await get(path, BROWSER))), path).toBe(0);
      let fromFront: Answer | undefined;
      expect(await frontServed(async () => (fromFront = await get(path, BROWSER))), path).toBe(1);
      expect(fromFront?.status).toBe(200);
      expect(withoutDate(fromFront?.headers ?? {})).toEqual(withoutDate(fromRoute?.headers ?? {}));
      expect(fromFront?.body.equals(fromRoute?.body ?? Buffer.alloc(0))).toBe(true);
    }
    const events = await get('/api/v1/products/', BROWSER);
    expect(events.headers['content-encoding']).toBe('br');
    expect(events.headers['x-content-type-options']).toBe('nosniff');
    const names = JSON.parse(brotliDecompressSync(events.body).toString()).map((p: { name: string }) => p.name);
    expect(names).toHaveLength(8);
    expect(names[0]).toBe('Summer Show 0');
  });

  it('never answers stale data after an admin write', async () => {
    await get('/api/v1/products/');
    expect(await frontServed(() => get('/api/v1/products/'))).toBe(1);
    await createEvent(t.app, access, externalFields({ name: 'Autumn Show', date: '2026-09-01' }));
    let after: Answer | undefined;
    expect(await frontServed(async () => (after = await get('/api/v1/products/')))).toBe(0);
    expect(JSON.parse(String(after?.body)).map((p: { name: string }) => p.name)).toContain('Autumn Show');
    await invalidatePublicCache(t.app.ctx);
    expect(await frontServed(() => get('/api/v1/products/'))).toBe(0);
  });

  it('steps aside while maintenance is on, and never serves what it saw then once it is off', async () => {
    await get('/api/v1/faqs/');
    expect(await frontServed(() => get('/api/v1/faqs/'))).toBe(1);
    await setMaintenance(t.app.ctx, true);
    let refused: Answer | undefined;
    expect(await frontServed(async () => (refused = await get('/api/v1/faqs/')))).toBe(0);
    expect(refused?.status).toBe(503);
    // an open route during maintenance: answered by the route every time, never learnt
    for (let i = 0; i < 2; i++) {
      let status: Answer | undefined;
      expect(await frontServed(async () => (status = await get('/api/v1/maintenance/status/')))).toBe(0);
      expect(JSON.parse(String(status?.body)).is_enabled).toBe(true);
    }
    await setMaintenance(t.app.ctx, false);
    const open = await get('/api/v1/maintenance/status/');
    expect(JSON.parse(String(open.body)).is_enabled).toBe(false);
    let again: Answer | undefined;
    expect(await frontServed(async () => (again = await get('/api/v1/maintenance/status/')))).toBe(1);
    expect(JSON.parse(String(again?.body)).is_enabled).toBe(false);
  });

  it('learns only plain addresses: other spellings and queries always go to the route', async () => {
    const spellings = ['/api/v1/%66aqs/', '/api/v1/faqs/?x=1', '/api/v1/products/?', '/api/v1//products/'];
    // a raw fragment reaches the route (the router cuts it off) but is not the route's own spelling
    spellings.push('/api/v1/faqs/#1', '/api/v1/products/#x');
    for (const path of spellings) {
      const served = await frontServed(async () => {
        await get(path);
        await get(path);
      });
      expect(served, path).toBe(0);
    }
  });

  it("learns a route's own query only in its one canonical spelling (the public results' slope_id)", async () => {
    const root = await signedIn(t.app, 'super');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/race-events/create/',
      headers: { authorization: `Bearer ${root.access}` },
      payload: { year: 2026 },
    });
    const id = made.json().id as number;
    const base = `/api/v1/public/race-events/${id}/category-results/`;
    const canonical = await frontServed(async () => {
      expect((await get(`${base}?slope_id=HEM`)).status).toBe(200);
      expect((await get(`${base}?slope_id=HEM`)).status).toBe(200);
    });
    expect(canonical).toBe(1);
    for (const query of ['?slope_id=hem', '?slope_id=HEM&x=1', '?x=1&slope_id=HEM', '?slope_id=%48EM']) {
      const served = await frontServed(async () => {
        await get(`${base}${query}`);
        await get(`${base}${query}`);
      });
      expect(served, query).toBe(0);
    }
  });

  it('leaves a token, a conditional request and other methods to the route', async () => {
    const first = await get('/api/v1/products/');
    const { access: memberToken } = await signedIn(t.app, 'user');
    const cases: [Record<string, string>, string][] = [
      [{ authorization: `Bearer ${memberToken}` }, 'GET'],
      [{ authorization: 'Bearer not-a-token' }, 'GET'],
      [{ 'if-none-match': first.headers.etag ?? '' }, 'GET'],
      [{}, 'HEAD'],
    ];
    for (const [headers, method] of cases) {
      let answer: Answer | undefined;
      expect(await frontServed(async () => (answer = await get('/api/v1/products/', headers, method)))).toBe(0);
      if (headers['if-none-match']) expect(answer?.status).toBe(304);
    }
  });

  it('lets the upcoming events go stale at London midnight', async () => {
    t.clock.set('2026-07-08T22:59:00Z'); // 23:59 on 8 July in London
    const names = async () =>
      JSON.parse(String((await get('/api/v1/latest-products/')).body)).map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['Summer Show 7']);
    expect(await frontServed(async () => expect(await names()).toEqual(['Summer Show 7']))).toBe(1);
    t.clock.set('2026-07-08T23:00:00Z'); // midnight
    expect(await frontServed(async () => expect(await names()).toEqual([]))).toBe(0);
    expect(await frontServed(async () => expect(await names()).toEqual([]))).toBe(1);
  });

  it('steps aside when the cache is not known current, until a read through the route looks again', async () => {
    await get('/api/v1/faqs/');
    expect(await frontServed(() => get('/api/v1/faqs/'))).toBe(1);
    publicCacheChanged(t.app.ctx); // another instance changed something: look before answering
    expect(await frontServed(() => get('/api/v1/faqs/'))).toBe(0);
    expect(await frontServed(() => get('/api/v1/faqs/'))).toBe(1);
  });
});
