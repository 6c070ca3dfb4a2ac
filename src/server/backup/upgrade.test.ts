/**
 * Issue 25, "Backups and upgrades", as a volunteer meets them, with real processes on the test
 * run's engine. The committed fixture (src/server/test/fixtures/upgrade-0009: the demo site as
 * main left it before this issue) is started with the new code: it migrates and serves its pages,
 * an event's picture and a document. Then `npm run backup` while that server runs (on the
 * embedded database through the server's local command, the only way while it holds the
 * database), `npm run restore` into an empty installation, and a server on the copy serves the
 * same files.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import {
  createDatabase,
  dropDatabases,
  fixtureUploads,
  installFixture,
  openSite,
  removeAll,
  siteConfig,
} from '../test/backup-sites.ts';
import { TEST_DB } from '../test/databases.ts';
import { type ServerProcess, startServer } from '../test/processes.ts';
import { localCommandSocket } from './local-command.ts';
import { codeMigrationCount, databaseMigrationCount } from './manifest.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folders: string[] = [];
const databases: string[] = [];
const running: ServerProcess[] = [];
let counter = 0;
/** The web app as the server loads it: a shell page and a stand-in for the built renderer that
 * paints the events from the API (the real build is the e2e suite's; this proves the pages are
 * painted from the upgraded database). */
let webDist = '';
const RENDERER = `
let load;
export function configure(loader) { load = loader; }
export function pagePatterns() { return [{ path: '/', ssr: true }, { path: '/booking', ssr: true }]; }
export async function render(url) {
  const { status, body } = await load('/products/');
  const names = status === 200 ? body.map((p) => '<li>' + p.name + '</li>').join('') : '';
  return { status: 200, html: '<ul>' + names + '</ul>', title: url, description: '', state: '{}',
    expiresAt: null, modules: [], complete: true };
}
`;

async function emptySite(): Promise<Config> {
  counter += 1;
  const dataDir = await mkdtemp(join(tmpdir(), 'piste-upgrade-'));
  folders.push(dataDir);
  if (TEST_DB === 'pglite') return siteConfig(dataDir);
  const name = `piste_upgrade_${process.pid}_${counter}`;
  databases.push(name);
  return siteConfig(dataDir, await createDatabase(name));
}

function env(config: Config): Record<string, string> {
  return { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}) };
}

async function serve(config: Config): Promise<{ server: ServerProcess; base: string }> {
  const server = startServer({ ...env(config), SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: webDist });
  running.push(server);
  return { server, base: await server.ready };
}

/** `npm run <script>` as the README gives it: node scripts/<script>.ts with the site's environment. */
async function script(name: string, args: string[], config: Config): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [`scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env(config) },
  });
  return stdout;
}

interface Product {
  slug: string;
  image: string | null;
}

/** The site serves its pages, an event's picture and its documents, byte for byte the fixture's. */
async function servesTheSite(base: string, uploads: Map<string, Buffer>): Promise<void> {
  for (const page of ['/', '/booking']) {
    const res = await fetch(`${base}${page}`);
    expect(res.status, page).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<li>Hemel Open Slalom</li>');
  }
  const products = (await (await fetch(`${base}/api/v1/products/`)).json()) as Product[];
  expect(products.length).toBe(8);
  const event = products.find((p) => p.slug.startsWith('hemel-open-slalom')) as Product;
  const picture = await fetch(`${base}${event.image}`);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/jpeg');
  expect(Buffer.from(await picture.arrayBuffer())).toEqual(uploads.get(String(event.image).replace('/media/', '')));

  const detail = (await (await fetch(`${base}/api/v1/products/${event.slug}/`)).json()) as {
    documents: { name: string; document: string }[];
  };
  const timetable = detail.documents.find((d) => d.name === 'Race Day Timetable') as { document: string };
  const download = await fetch(`${base}${timetable.document}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  expect(Buffer.from(await download.arrayBuffer())).toEqual(uploads.get(timetable.document.replace('/media/', '')));
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'piste-upgrade-web-'));
  folders.push(dir);
  webDist = join(dir, 'web');
  await mkdir(webDist);
  await mkdir(`${webDist}-ssr`);
  await writeFile(
    join(webDist, 'index.html'),
    '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(`${webDist}-ssr`, 'entry-server.js'), RENDERER);
});

afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await removeAll(folders);
  await dropDatabases(databases);
});

describe(`upgrade from the site main left before issue 25 (${TEST_DB})`, () => {
  it('migrates at start and serves, files included; backed up while running, it restores and serves again', async () => {
    const site = await emptySite();
    await installFixture(site);
    const uploads = await fixtureUploads();
    const { server, base } = await serve(site);
    await servesTheSite(base, uploads);

    const out = join(site.dataDir, '..', `piste-upgrade-backups-${process.pid}-${counter}`);
    folders.push(out);
    const said = await script('backup', ['--out', out], site);
    const archive = /^Backup written: (\S+) \(\d+ bytes, (\d+) uploaded files\)$/m.exec(said);
    expect(archive?.[2]).toBe(String(uploads.size));
    if (TEST_DB === 'pglite') {
      // the server held the database: the backup was its own, asked on the private socket
      expect((await stat(localCommandSocket(site.dataDir))).mode & 0o777).toBe(0o600);
      expect((await stat(join(site.dataDir, 'run'))).mode & 0o777).toBe(0o700);
    }
    await server.stop();
    const migrated = await openSite(site);
    expect(await databaseMigrationCount(migrated.db)).toBe(codeMigrationCount());
    await migrated.close();

    const copy = await emptySite();
    expect(await script('restore', [String(archive?.[1])], copy)).toMatch(/^Restored the backup of /);
    const second = await serve(copy);
    await servesTheSite(second.base, uploads);
  }, 600_000);
});
