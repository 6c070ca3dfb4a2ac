import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/client.ts';
import { setMaintenance } from './maintenance/service.ts';
import { type Access, MAINTENANCE_MESSAGE, type RouteEntry } from './plugins/access.ts';
import { signedIn } from './test/fixtures.ts';
import { bearer, json, testConfig, useTestApp } from './test/helper.ts';

/**
 * The access test, generated from the routes the app registers: every route is called as
 * anonymous, user, admin and super administrator, with maintenance off and on, through its plain
 * path and through encoded spellings of it, and must answer as its declared access says. A new
 * route joins this test by declaring its access; nothing else.
 */

/** The route table, read from an app built without a database (routes do not touch it). */
async function registeredRoutes(): Promise<RouteEntry[]> {
  const none = { db: null, kind: 'pglite', close: async () => {} } as unknown as Database;
  const app = await buildApp({ config: testConfig(), database: none });
  await app.ready();
  const routes = app.routeTable.filter((r) => !r.url.includes('*'));
  await app.close();
  return routes;
}

const ROUTES = await registeredRoutes();

type Role = 'anonymous' | 'user' | 'admin' | 'super';
const ROLES: Role[] = ['anonymous', 'user', 'admin', 'super'];

/** What a role meets on a route: the gate's or the guard's refusal, or 'through' (the handler ran). */
function expectedAnswer(
  route: { access: Access; openDuringMaintenance: boolean },
  role: Role,
  maintenance: boolean,
): 401 | 403 | 503 | 'through' {
  if (maintenance && !route.openDuringMaintenance && role !== 'super') return 503;
  if (route.access === 'public') return 'through';
  if (role === 'anonymous') return 401;
  if (route.access === 'admin' && role === 'user') return 403;
  if (route.access === 'super' && role !== 'super') return 403;
  return 'through';
}

/** A concrete path: parameters filled with harmless values. */
function concrete(url: string): string {
  return url.replace(/:id\b/g, '999999').replace(/:([a-zA-Z]+)/g, 'no-such-thing');
}

/** The plain path and spellings the router treats as the same route. */
function spellings(path: string): string[] {
  const encodeFirstLetter = (segment: string) => segment.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
  const parts = path.split('/');
  const lastStatic = parts.findLastIndex((p) => /^[a-z]/.test(p) && p !== 'no-such-thing');
  const inner = parts.map((p, i) => (i === lastStatic ? encodeFirstLetter(p) : p)).join('/');
  const out = [path, inner];
  if (path.startsWith('/api/v1/')) out.push(path.replace('/api/v1/', '/%61pi/v%31/'));
  return out;
}

const t = useTestApp();
const tokens: Partial<Record<Role, string>> = {};

async function signInAll(): Promise<void> {
  tokens.user = (await signedIn(t.app, 'user')).access;
  tokens.admin = (await signedIn(t.app, 'admin')).access;
  tokens.super = (await signedIn(t.app, 'super')).access;
}

function call(route: RouteEntry, url: string, role: Role) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const token = role === 'anonymous' ? undefined : tokens[role];
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: '{}' } : {}),
  });
}

describe('every route answers as its declared access says', () => {
  it('finds the routes of every area', () => {
    const urls = ROUTES.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/profile/',
        'POST /api/v1/faqs/create/',
        'POST /api/v1/maintenance/toggle/',
        'GET /api/v1/products/',
        'GET /media/:key',
      ]),
    );
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  for (const route of ROUTES) {
    const name = `${route.method} ${route.url} (${route.access}${route.openDuringMaintenance ? ', open in maintenance' : ''})`;
    it(name, async () => {
      await signInAll();
      const failures: string[] = [];
      for (const maintenance of [false, true]) {
        await setMaintenance(t.app.ctx, maintenance);
        for (const url of spellings(concrete(route.url))) {
          for (const role of ROLES) {
            const res = await call(route, url, role);
            const expected = expectedAnswer(route, role, maintenance);
            const status = res.statusCode;
            const ok =
              expected === 'through'
                ? status < 500 && status !== 403 && (route.access === 'public' || status !== 401)
                : status === expected;
            if (!ok) failures.push(`${role}, maintenance ${maintenance ? 'on' : 'off'}, ${url}: ${status}`);
          }
        }
      }
      await setMaintenance(t.app.ctx, false);
      expect(failures).toEqual([]);
    });
  }
});

describe('the maintenance gate cannot be passed by another spelling of a path', () => {
  it('refuses an encoded profile update and an encoded FAQ create, changing nothing', async () => {
    const user = await signedIn(t.app, 'user');
    const admin = await signedIn(t.app, 'admin');
    await setMaintenance(t.app.ctx, true);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/%61pi/v1/profile/',
      headers: bearer(user.access),
      payload: {
        email: 'changed@example.com',
        emergency_contact_name: 'Pat Morgan',
        emergency_contact_number: '01234 567891',
      },
    });
    expect(profile.statusCode).toBe(503);
    expect(json(profile).error).toBe(MAINTENANCE_MESSAGE);
    const faq = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/faqs/create/',
      headers: bearer(admin.access),
      payload: { question: 'Q?', answer: 'A.' },
    });
    expect(faq.statusCode).toBe(503);
    await setMaintenance(t.app.ctx, false);
    expect(json<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/v1/faqs/' }))).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(user.access) });
    expect(json<{ email: string }>(me).email).toBe(`${user.user.username}@example.com`);
  });

  it('refuses an absolute-form request line on a real socket', async () => {
    const user = await signedIn(t.app, 'user');
    await setMaintenance(t.app.ctx, true);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const body = JSON.stringify({ email: 'changed@example.com' });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PUT http://127.0.0.1:${port}/api/v1/profile/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Authorization: Bearer ${user.access}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    await setMaintenance(t.app.ctx, false);
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  });
});

describe('expectedAnswer', () => {
  it('lets super administrators through maintenance and refuses the rest with 503', () => {
    const closed = { access: 'public' as const, openDuringMaintenance: false };
    expect(expectedAnswer(closed, 'super', true)).toBe('through');
    expect(expectedAnswer(closed, 'admin', true)).toBe(503);
    expect(expectedAnswer({ ...closed, openDuringMaintenance: true }, 'anonymous', true)).toBe('through');
    expect(expectedAnswer({ access: 'admin', openDuringMaintenance: false }, 'user', false)).toBe(403);
    expect(expectedAnswer({ access: 'user', openDuringMaintenance: false }, 'anonymous', false)).toBe(401);
  });
});

describe('ids and tokens as clients write them', () => {
  it('takes ids in digits only, with one clear message', async () => {
    const admin = await signedIn(t.app, 'admin');
    for (const id of ['0', '01', '1e3', '2.0', 'abc', '99999999999']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/faqs/update/${id}/`,
        headers: bearer(admin.access),
        payload: { question: 'Q?', answer: 'A.' },
      });
      expect(res.statusCode, id).toBe(400);
      expect(json(res).error, id).toBe('The id must be a whole number from 1, written in digits.');
    }
  });

  it('accepts the bearer scheme in any case', async () => {
    const user = await signedIn(t.app, 'user');
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { authorization: `${scheme} ${user.access}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });
});
