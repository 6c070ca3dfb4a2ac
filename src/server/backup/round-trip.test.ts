/**
 * Issue 25, "Backups and upgrades": a site with the demo seed (every table, its pictures and
 * documents) is backed up and restored into an empty installation on the test run's database
 * engine (api-pglite: the embedded database, backed up while stopped; api-postgres: pg_dump of
 * the server's major version), and the copy holds every row of every table and every file's
 * bytes — except the installation id, which is new. Then restore's refusals, each leaving the
 * empty installation empty.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../config.ts';
import { uploadsDir } from '../plugins/storage.ts';
import {
  createDatabase,
  dropDatabases,
  everyFile,
  everyRow,
  openSite,
  removeAll,
  seededSite,
  siteConfig,
} from '../test/backup-sites.ts';
import { TEST_DB } from '../test/databases.ts';
import { backupCommand, restoreCommand } from './commands.ts';
import { codeMigrationCount, DATABASE_ENTRY, MANIFEST_NAME, type Manifest, parseManifest } from './manifest.ts';
import { ARCHIVE_TRUNCATED, packTar } from './tar.ts';

const folders: string[] = [];
const databases: string[] = [];
let counter = 0;

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'piste-backup-'));
  folders.push(dir);
  return dir;
}

/** A new, empty installation on this engine (on PostgreSQL, `migrated`: cloned from the run's
 * migrated template). */
async function emptySite(migrated = false): Promise<Config> {
  counter += 1;
  const dataDir = await folder();
  if (TEST_DB === 'pglite') return siteConfig(dataDir);
  const name = `piste_backup_${process.pid}_${counter}`;
  databases.push(name);
  return siteConfig(dataDir, await createDatabase(name, migrated ? inject('pgTemplate') : undefined));
}

async function contents(config: Config) {
  const database = await openSite(config);
  try {
    return await everyRow(database.db);
  } finally {
    await database.close();
  }
}

/** What an installation holds, for "nothing was written": its uploads and its tables. */
async function isEmpty(config: Config): Promise<boolean> {
  const uploads = await readdir(uploadsDir(config)).catch(() => []);
  if (uploads.length > 0) return false;
  if (!config.databaseUrl) return (await readdir(join(config.dataDir, 'pglite')).catch(() => [])).length === 0;
  return Object.keys(await contents(config)).length === 0;
}

function readManifest(archive: string): Manifest {
  return parseManifest(tarEntry(gunzipSync(readFileSync(archive)), MANIFEST_NAME).toString('utf8'));
}

/** The bytes of one entry in an uncompressed archive, and where they start. */
function tarEntryAt(tar: Buffer, name: string): { start: number; size: number } {
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    const entry = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('ascii'), 8);
    if (entry === name) return { start: at + 512, size };
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} is not in the archive`);
}

function tarEntry(tar: Buffer, name: string): Buffer {
  const { start, size } = tarEntryAt(tar, name);
  return tar.subarray(start, start + size);
}

/** An archive made here: these entries and a manifest listing them, changed by `patch`. */
async function craftArchive(
  path: string,
  entries: { name: string; bytes: Buffer }[],
  base: Manifest,
  patch: Partial<Manifest>,
): Promise<void> {
  const sources = entries.map((e) => ({
    name: e.name,
    size: e.bytes.length,
    bytes: async function* () {
      yield e.bytes;
    },
  }));
  const blocks = packTar(
    sources,
    (files) => ({ name: MANIFEST_NAME, bytes: Buffer.from(JSON.stringify({ ...base, files, ...patch })) }),
    new Date(),
  );
  await pipeline(Readable.from(blocks), createGzip(), createWriteStream(path));
}

let source: Config;
let archive: string;
let manifest: Manifest;

beforeAll(async () => {
  source = await emptySite(true);
  await seededSite(source);
  const result = await backupCommand(source, join(await folder(), 'backups'));
  archive = result.archive;
  manifest = readManifest(archive);
}, 400_000);

afterAll(async () => {
  await removeAll(folders);
  await dropDatabases(databases);
});

describe(`backup and restore (${TEST_DB})`, () => {
  it('restores every row of every table and every file into an empty installation, with a new installation id', async () => {
    expect(archive).toMatch(/\/piste-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(manifest.database.kind).toBe(TEST_DB === 'pglite' ? 'pglite' : 'postgresql');
    expect(manifest.migrations).toBe(codeMigrationCount());
    expect(manifest.files[0]?.name).toBe(DATABASE_ENTRY[manifest.database.kind]);

    const target = await emptySite();
    const restored = await restoreCommand(target, archive, false);

    const before = await contents(source);
    const after = await contents(target);
    expect(before['public.users']?.length).toBeGreaterThan(3);
    expect(before['public.stored_files']?.length).toBeGreaterThan(10);
    // the installation id is new; the backup's own row is 'done' in both, finished at its own time
    const id = (rows: Record<string, string[]>) =>
      rows['public.site_settings']?.find((r) => r.includes('"installation_id"'));
    expect(id(before)).toContain(manifest.installationId);
    expect(id(after)).toContain(restored.installationId);
    expect(restored.installationId).not.toBe(manifest.installationId);
    const backupRow = (rows: Record<string, string[]>) =>
      rows['public.backups']?.map((r) => JSON.parse(r)).find((r) => r.id === manifest.backupId);
    expect(backupRow(before)).toMatchObject({ status: 'done', bytes: (await stat(archive)).size });
    expect(backupRow(after)).toMatchObject({ status: 'done', bytes: (await stat(archive)).size, error: null });
    const without = (rows: Record<string, string[]>) => ({
      ...rows,
      'public.site_settings': rows['public.site_settings']?.filter((r) => !r.includes('"installation_id"')),
      'public.backups': rows['public.backups']?.filter((r) => JSON.parse(r).id !== manifest.backupId),
    });
    expect(without(after)).toEqual(without(before));

    if (TEST_DB === 'postgres') {
      // on PostgreSQL the files' bytes are rows (file_chunks), compared with every other row above
      expect(before['public.file_chunks']?.length).toBeGreaterThan(10);
      expect(restored.uploads).toBe(0);
    } else {
      const files = await everyFile(uploadsDir(source));
      expect(files.size).toBeGreaterThan(10);
      expect(await everyFile(uploadsDir(target))).toEqual(files);
      expect(restored.uploads).toBe(files.size);
    }
  }, 400_000);

  it('--same-site keeps the installation id', async () => {
    const target = await emptySite();
    const restored = await restoreCommand(target, archive, true);
    expect(restored.installationId).toBe(manifest.installationId);
  }, 300_000);

  it('refuses an installation that is not empty', async () => {
    const message =
      TEST_DB === 'pglite'
        ? `DATA_DIR=${source.dataDir} already holds a database: restore into an empty DATA_DIR (a new folder), never over a site.`
        : `The database in DATABASE_URL is not empty (${Object.keys(await contents(source)).length} tables): restore into a new, empty database (createdb), never over a site.`;
    await expect(restoreCommand(source, archive, false)).rejects.toThrow(message);

    const target = await emptySite();
    await writeFile(join(target.dataDir, 'stray'), '');
    const uploads = uploadsDir(target);
    await mkdir(uploads, { recursive: true });
    await writeFile(join(uploads, 'left.jpg'), 'x');
    await expect(restoreCommand(target, archive, false)).rejects.toThrow(
      `${uploads} already holds files: a restore goes into an empty installation (a new DATA_DIR), never over a site.`,
    );
  });

  it('refuses an installation a server is using', async () => {
    const target = await emptySite();
    if (TEST_DB === 'pglite') {
      // a live process holds DATA_DIR's lock, as a running server does
      const holder: ChildProcess = spawn('sleep', ['60']);
      try {
        await writeFile(join(target.dataDir, 'pglite.lock'), String(holder.pid));
        await expect(restoreCommand(target, archive, false)).rejects.toThrow(
          `A server (process ${holder.pid}) is running on DATA_DIR=${target.dataDir}: stop it first; a restore goes into an empty installation no server is using.`,
        );
      } finally {
        holder.kill();
      }
    } else {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        await expect(restoreCommand(target, archive, false)).rejects.toThrow(
          'Another program is connected to this database (1 connection(s): a running Piste?): stop it first; a restore goes into an empty database nobody is using.',
        );
      } finally {
        await client.end();
      }
    }
    await removeAll([join(target.dataDir, 'pglite.lock')]);
    expect(await isEmpty(target)).toBe(true);
  });

  it('checks every file against the manifest before writing anything', async () => {
    const tar = gunzipSync(await readFile(archive));
    // an uploaded file, or (on PostgreSQL, where the files are in it) the database's dump
    const upload = (manifest.files.find((f) => f.name.startsWith('uploads/')) ?? manifest.files[0])?.name as string;
    const { start } = tarEntryAt(tar, upload);
    const altered = Buffer.from(tar);
    altered[start + 100] = (altered[start + 100] as number) ^ 0xff;
    const path = join(await folder(), 'altered.tar.gz');
    await writeFile(path, gzipSync(altered));
    const target = await emptySite();
    await expect(restoreCommand(target, path, false)).rejects.toThrow(
      `The archive's ${upload} does not match its manifest (the archive is damaged or was changed): nothing was restored.`,
    );
    expect(await isEmpty(target)).toBe(true);

    const cut = join(await folder(), 'cut.tar.gz');
    const whole = await readFile(archive);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreCommand(target, cut, false)).rejects.toThrow(ARCHIVE_TRUNCATED);
    expect(await isEmpty(target)).toBe(true);
  });

  it('refuses an archive from a newer Piste, and one of the other database', async () => {
    const entry = { name: DATABASE_ENTRY[manifest.database.kind], bytes: Buffer.from('not read') };
    const newer = join(await folder(), 'newer.tar.gz');
    await craftArchive(newer, [entry], manifest, {
      migrations: codeMigrationCount() + 1,
      app: { version: '0.9.0', commit: null },
    });
    const target = await emptySite();
    await expect(restoreCommand(target, newer, false)).rejects.toThrow(
      `This archive comes from a newer Piste (0.9.0, ${codeMigrationCount() + 1} migrations; this code has ${codeMigrationCount()}): upgrade this copy first (git pull, npm ci, npm run build), then restore.`,
    );

    const other = manifest.database.kind === 'pglite' ? 'postgresql' : 'pglite';
    const crossed = join(await folder(), 'crossed.tar.gz');
    await craftArchive(crossed, [{ name: DATABASE_ENTRY[other], bytes: Buffer.from(randomUUID()) }], manifest, {
      database: { kind: other, serverMajor: null },
    });
    await expect(restoreCommand(target, crossed, false)).rejects.toThrow(
      other === 'pglite'
        ? 'This archive holds the embedded database (PGlite), and this installation uses PostgreSQL: unset DATABASE_URL to restore it (moving a site between the two is not supported).'
        : 'This archive holds PostgreSQL, and this installation uses the embedded database (PGlite): set DATABASE_URL to restore it (moving a site between the two is not supported).',
    );
    expect(await isEmpty(target)).toBe(true);
  });
});
