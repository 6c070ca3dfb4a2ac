import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { setMaintenance } from '../maintenance/service.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';

/** A stand-in for the built renderer: paints the maintenance view when told maintenance is on. */
const RENDERER = `
export function configure() {}
export function pagePatterns() { return [{ path: '/booking', ssr: true }]; }
export async function render(url, options) {
  return { status: options.maintenance ? 503 : 200,
    html: options.maintenance ? '<h1>Site Under Maintenance</h1>' : '<h1>Booking</h1>',
    title: 'Booking', description: '', state: '{}', expiresAt: null, modules: [], complete: true };
}
`;

let app: App;

beforeAll(async () => {
  const dist = join(await mkdtemp(join(tmpdir(), 'piste-shell-')), 'web');
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

const get = (cookie?: string) => app.inject({ method: 'GET', url: '/booking', headers: cookie ? { cookie } : {} });

describe('a page asked for during maintenance', () => {
  it('is the painted maintenance view for a visitor, and the plain shell for a browser that holds a session', async () => {
    await setMaintenance(app.ctx, true);
    const visitor = await get();
    expect(visitor.statusCode).toBe(503);
    expect(visitor.body).toContain('Site Under Maintenance');

    // the session hint: a super administrator may bypass, so the browser paints the page itself
    // once it has read the status with its token (never the maintenance text first)
    const signedIn = await get('theme=x; signed_in=1');
    expect(signedIn.statusCode).toBe(503);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.body).not.toContain('Site Under Maintenance');
    expect(signedIn.body).toContain('<div id="root"></div>');
    // the shell is never kept: the next visitor still gets the maintenance view
    expect((await get()).body).toContain('Site Under Maintenance');
    expect((await get('signed_in=0')).body).toContain('Site Under Maintenance');

    await setMaintenance(app.ctx, false);
    const open = await get('signed_in=1');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('<h1>Booking</h1>');
  });
});
