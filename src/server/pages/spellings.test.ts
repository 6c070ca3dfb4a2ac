import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { publicCacheStats } from '../plugins/public-cache.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';

/**
 * Spellings of a page's address, sent as raw request lines on a real socket: `app.inject` (and
 * any HTTP client) would clean them up on the way and hide what a visitor can send.
 *
 * A stand-in for the built renderer: counts its paintings (globalThis.__paintings) and paints
 * about 16 KB that hardly compresses, so that each kept page weighs in the cache.
 */
const RENDERER = `
import { randomBytes } from 'node:crypto';
export function configure() {}
export function pagePatterns() {
  return [
    { path: '/', ssr: true }, { path: '/about', ssr: true }, { path: '/booking', ssr: true },
    { path: '/results', ssr: true }, { path: '/profile', ssr: false },
  ];
}
export async function render(url) {
  globalThis.__paintings = (globalThis.__paintings ?? 0) + 1;
  return { status: 200, html: '<p>painted ' + url.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</p><p>' + randomBytes(12000).toString('base64') + '</p>',
    title: 'Page', description: '', state: '{}', expiresAt: null, modules: [], complete: true };
}
`;
const paintings = () => (globalThis as { __paintings?: number }).__paintings ?? 0;

async function webDist(): Promise<string> {
  const dist = join(await mkdtemp(join(tmpdir(), 'piste-spellings-')), 'web');
  await mkdir(dist);
  await mkdir(`${dist}-ssr`);
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(`${dist}-ssr`, 'entry-server.js'), RENDERER);
  return dist;
}

async function listen(app: App): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends each target as `GET <target> HTTP/1.1`, exactly as written, all on one connection
 * (pipelined), and reads the answers in order. */
function rawGets(port: number, targets: string[], extraHeaders = ''): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    const answers: RawAnswer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length < end + 4 + length) return;
        answers.push({
          status: Number(statusLine.split(' ')[1]),
          headers,
          body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
        });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === targets.length) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.write(targets.map((target) => `GET ${target} HTTP/1.1\r\nHost: piste.test\r\n${extraHeaders}\r\n`).join(''));
  });
}

const rawGet = async (port: number, target: string, extraHeaders = '') =>
  (await rawGets(port, [target], extraHeaders))[0] as RawAnswer;

describe('a page asked for under another spelling (limit off, cache bounded at 1 MB)', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    const config = testConfig({
      WEB_DIST: await webDist(),
      PAINT_LIMIT_PER_MINUTE: '0',
      PUBLIC_CACHE_MAX_BYTES: '1048576',
    });
    app = await buildApp({ config, database: await openTestDatabase() });
    port = await listen(app);
  });
  afterAll(() => app.close());

  it('answers 308 to the canonical address, before anything is painted', async () => {
    const cases: [string, string][] = [
      ['/booking#1', '/booking'],
      ['/booking#2', '/booking'],
      ['/BOOKING', '/booking'],
      ['/Booking', '/booking'],
      ['/booking/', '/booking'],
      ['//booking', '/booking'],
      ['/./booking', '/booking'],
      ['/about/../booking', '/booking'],
      ['/ab%6Fut', '/about'],
      ['/%61bout/', '/about'],
      ['http://piste.test/booking', '/booking'],
      ['HTTP://elsewhere.example:8080/about?x=1', '/about'],
      ['/booking?', '/booking'],
      ['/booking?x=1', '/booking'],
      ['/?utm_source=mail', '/'],
      ['/?redirect=/profile', '/?redirect=%2Fprofile'],
      ['/?redirect=https://evil.example/', '/'],
      ['/results?club=hem&year=2026&tab=overall&x=1', '/results?year=2026&club=HEM&tab=overall'],
      ['/results?year=2026&club=HEM&tab=categories', '/results?year=2026&club=HEM'],
      ['/results?year=2026&club=Season&tab=clubs', '/results?year=2026&club=season&tab=clubs'],
      ['/results?year=1999&club=ZZZ&tab=overall', '/results'],
      ['/results?year=2101', '/results'],
      ['/results?tab=overall', '/results'],
      ['/RESULTS?year=2026', '/results?year=2026'],
      ['/PROFILE?tab=security', '/profile?tab=security'],
    ];
    const before = paintings();
    const answers = await rawGets(
      port,
      cases.map(([target]) => target),
    );
    answers.forEach((answer, i) => {
      const [target, location] = cases[i] ?? [];
      expect({ target, status: answer.status, location: answer.headers.location }).toEqual({
        target,
        status: 308,
        location,
      });
    });
    expect(paintings()).toBe(before);
    expect(publicCacheStats(app.ctx).entries).toBe(0);
  });

  it('paints the canonical addresses, the page a raw #fragment named among them', async () => {
    const answers = await rawGets(port, [
      '/booking',
      '/about',
      '/results?year=2026&club=HEM&tab=overall',
      '/profile?tab=x',
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]?.body).toContain('<p>painted /booking</p>');
    expect(answers[2]?.body).toContain('<p>painted /results?year=2026&amp;club=HEM&amp;tab=overall</p>');
    // a page behind a sign-in is the plain shell: its query is the browser's, kept as sent
    expect(answers[3]?.body).not.toContain('painted');
    const fragment = await rawGet(port, '/booking#1');
    expect([fragment.status, fragment.headers.location]).toEqual([308, '/booking']);
    const followed = await rawGet(port, fragment.headers.location ?? '');
    expect(followed.body).toBe(answers[0]?.body);
  });

  it('keeps no more entries than canonical pages after 10,000 spellings, within the byte bound', async () => {
    await rawGets(port, ['/', '/about', '/booking', '/results']);
    const canonical = publicCacheStats(app.ctx).entries;
    const before = paintings();
    const spellings: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const forms = [
        `/booking#${i}`,
        `/BOOKING?${i}`,
        `/ab%6Fut?x=${i}`,
        `//booking/${'/'.repeat(i % 5)}`,
        `http://host${i}/about`,
        `/results?year=2026&club=HEM&n=${i}`,
        `/./?v=${i}`,
        `/booking/?utm=${i}`,
      ];
      spellings.push(forms[i % forms.length] as string);
    }
    const statuses = new Map<number, number>();
    for (let from = 0; from < spellings.length; from += 2000) {
      for (const answer of await rawGets(port, spellings.slice(from, from + 2000))) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 308: 10_000 });
    expect(paintings()).toBe(before);
    const stats = publicCacheStats(app.ctx);
    expect(stats.entries).toBe(canonical);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
  });

  it('holds no more than its byte bound however many canonical pages are painted, the least recently used out first', async () => {
    const clubs = ['HEM', 'BRE', 'ESX', 'WGC', 'VIK', 'NOR', 'SMK', 'season'];
    const addresses: string[] = [];
    for (let year = 2000; addresses.length < 120; year++) {
      for (const club of clubs) addresses.push(`/results?year=${year}&club=${club}`);
    }
    const kept = '/results?year=2026&club=HEM&tab=overall';
    let painted = 0;
    for (let from = 0; from < addresses.length; from += 20) {
      // a page read again and again stays: it is never the least recently used
      const answers = await rawGets(port, [...addresses.slice(from, from + 20), kept]);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      painted += 20;
      const stats = publicCacheStats(app.ctx);
      expect(stats.bytes, `after ${painted} pages`).toBeLessThanOrEqual(stats.maxBytes);
    }
    const stats = publicCacheStats(app.ctx);
    // each page (about 16 KB, and its compressed copies) counts about 40 KB: 1 MB holds some 25
    expect(stats.entries).toBeGreaterThan(10);
    expect(stats.entries).toBeLessThan(40);
    const before = paintings();
    await rawGet(port, kept);
    expect(paintings()).toBe(before);
    await rawGet(port, addresses[0] as string);
    expect(paintings()).toBe(before + 1);
  }, 60_000);
});

describe('the limit on paints per client address', () => {
  let app: App;
  let port: number;
  const now = new Date('2026-11-26T12:00:10Z');

  beforeAll(async () => {
    // the proxy in front says who the client is: one test sends as several addresses
    const config = testConfig({ WEB_DIST: await webDist(), TRUST_PROXY: '1' });
    app = await buildApp({ config, database: await openTestDatabase(), now: () => now });
    port = await listen(app);
  });
  afterAll(() => app.close());

  const from = (address: string) => `X-Forwarded-For: ${address}\r\n`;
  const years = (count: number, first = 2000) =>
    Array.from({ length: count }, (_, i) => `/results?year=${first + i}&club=HEM`);

  it('paints 60 uncached pages a minute for an address; the 61st answers 429 with a readable page and Retry-After', async () => {
    const answers = await rawGets(port, years(60), from('198.51.100.7'));
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const before = paintings();
    const refused = await rawGet(port, '/results?year=2060&club=HEM', from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('<h1>Too many pages asked for</h1>');
    expect(refused.body).toContain('Please wait 50 seconds and try again.');
    expect(paintings()).toBe(before);
    // a page not found is painted too, and counted
    expect((await rawGet(port, '/no-such-page', from('198.51.100.7'))).status).toBe(429);

    // cached pages are never counted: they are still answered
    const cached = await rawGets(port, years(60), from('198.51.100.7'));
    expect(cached.map((a) => a.status)).toEqual(Array(60).fill(200));
    expect(paintings()).toBe(before);

    // another address paints as before
    expect((await rawGet(port, '/results?year=2060&club=HEM', from('198.51.100.8'))).status).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const answers = await rawGets(
      port,
      years(60, 2030).map((y) => `${y}&tab=clubs`),
      from('2001:db8:1:2::5'),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const sameNetwork = await rawGet(port, '/results?year=2030&club=BRE', from('2001:db8:1:2:ffff::9'));
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await rawGet(port, '/results?year=2030&club=BRE', from('2001:db8:1:3::5'));
    expect(otherNetwork.status).toBe(200);
  });
});
