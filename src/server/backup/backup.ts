import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../data-dir.ts';
import type { Db } from '../db/client.ts';
import { backups } from '../db/schema-operations.ts';
import { dumpPglite, dumpPostgres } from './database-dump.ts';
import {
  appInfo,
  DATABASE_ENTRY,
  type DatabaseKind,
  databaseMigrationCount,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  rowsOf,
  tableExists,
  UPLOAD_NAME,
  UPLOADS_PREFIX,
} from './manifest.ts';
import { packTar, type TarSource } from './tar.ts';

/** What a backup reads: the database (and, on PostgreSQL, its address for pg_dump), the uploads
 * folder, and the clock. */
export interface BackupSource {
  db: Db;
  kind: DatabaseKind;
  databaseUrl?: string | undefined;
  uploadsDir: string;
  now: () => Date;
}

export interface BackupResult {
  /** The archive's full path. */
  archive: string;
  bytes: number;
  /** Uploaded files in it. */
  uploads: number;
}

const two = (n: number) => String(n).padStart(2, '0');

/** piste-backup-YYYYMMDD-HHMMSS.tar.gz, in UTC. */
export function archiveName(at: Date): string {
  const day = `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}`;
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  return `piste-backup-${day}-${time}.tar.gz`;
}

/** A path in `dir` for a new archive, never one that exists (a second backup in the same second
 * gets -2, -3 …). */
async function freshPath(dir: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : name.replace(/\.tar\.gz$/, `-${n}.tar.gz`));
    if (!(await stat(candidate).catch(() => null))) return candidate;
  }
}

/** Records the backup as running; null when the database is older than the backups table. */
async function recordStart(source: BackupSource, archive: string): Promise<number | null> {
  if (!(await tableExists(source.db, 'backups'))) return null;
  const [row] = await source.db
    .insert(backups)
    .values({ database: source.kind, archive: basename(archive), startedAt: source.now() })
    .returning({ id: backups.id });
  return row?.id ?? null;
}

async function recordEnd(
  source: BackupSource,
  id: number | null,
  end: { status: 'done'; bytes: number } | { status: 'failed'; error: string },
): Promise<void> {
  if (id === null) return;
  await source.db
    .update(backups)
    .set({ finishedAt: source.now(), ...end })
    .where(eq(backups.id, id));
}

async function readInstallationId(db: Db): Promise<string | null> {
  if (!(await tableExists(db, 'site_settings'))) return null;
  const [row] = await rowsOf<{ value: unknown }>(
    db,
    sql`SELECT value FROM site_settings WHERE key = 'installation_id'`,
  );
  return typeof row?.value === 'string' ? row.value : null;
}

/** Each uploaded file, opened before its entry is written (a file deleted meanwhile is left out:
 * files are written once under a new name and never changed, so an open one is complete). */
async function* uploadSources(dir: string): AsyncGenerator<TarSource> {
  const names = await readdir(dir).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const name of names.sort()) {
    if (!UPLOAD_NAME.test(name)) continue;
    const handle = await open(join(dir, name), 'r').catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) continue;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      continue;
    }
    yield { name: `${UPLOADS_PREFIX}${name}`, size: info.size, bytes: () => handle.createReadStream() };
  }
}

/** A Blob's bytes, a chunk at a time. */
async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** The database's entry: PGlite's data folder from memory, or pg_dump's file. */
async function databaseSource(
  source: BackupSource,
  scratch: string,
): Promise<{ entry: TarSource; serverMajor: number | null }> {
  if (source.kind === 'pglite') {
    const blob = await dumpPglite(source.db);
    const entry = { name: DATABASE_ENTRY.pglite, size: blob.size, bytes: () => blobChunks(blob) };
    return { entry, serverMajor: null };
  }
  if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the database address');
  // made 0600 first: pg_dump writes into it as it finds it, whatever the umask
  await (await open(scratch, 'wx', PRIVATE_FILE)).close();
  const serverMajor = await dumpPostgres(source.db, source.databaseUrl, scratch);
  const handle = await open(scratch, 'r');
  const { size } = await handle.stat();
  return { entry: { name: DATABASE_ENTRY.postgresql, size, bytes: () => handle.createReadStream() }, serverMajor };
}

/**
 * Writes one archive into `outDir`: the database's dump, every uploaded file, and the manifest
 * listing them (sizes and SHA-256). It is written as `<name>.part` (readable by this user only:
 * it holds password hashes) and renamed when complete, so an archive that exists is whole. Each
 * backup is a `backups` row: running, then done (its size) or failed (the reason).
 */
export async function makeBackup(source: BackupSource, outDir: string): Promise<BackupResult> {
  const startedAt = source.now();
  // recorded before anything touches the folder: a folder that cannot be made or written (the
  // unit's /var/backups/piste nobody created) is a failed backup with its reason, which Site
  // Health shows, not a line in a journal nobody reads
  const archive = await freshPath(outDir, archiveName(startedAt));
  const part = `${archive}.part`;
  const scratch = join(outDir, `.piste-backup-${randomBytes(6).toString('hex')}.pgdump`);
  const id = await recordStart(source, archive);
  try {
    // a folder made here is the owner's only, whatever the umask (data-dir.ts); an existing one is
    // the operator's (the archives in it are 0600 either way)
    await mkdir(outDir, { recursive: true, mode: PRIVATE_FOLDER });
    const [installationId, migrations] = [await readInstallationId(source.db), await databaseMigrationCount(source.db)];
    const database = await databaseSource(source, scratch);
    let uploads = 0;
    const manifest = (files: Manifest['files']): Manifest => ({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      app: appInfo(),
      migrations,
      database: { kind: source.kind, serverMajor: database.serverMajor },
      installationId,
      createdAt: source.now().toISOString(),
      backupId: id,
      files,
    });
    async function* sources(): AsyncGenerator<TarSource> {
      yield database.entry;
      for await (const upload of uploadSources(source.uploadsDir)) {
        uploads += 1;
        yield upload;
      }
    }
    const blocks = packTar(
      sources(),
      (files) => ({ name: MANIFEST_NAME, bytes: Buffer.from(`${JSON.stringify(manifest(files), null, 2)}\n`) }),
      startedAt,
    );
    await pipeline(Readable.from(blocks), createGzip(), createWriteStream(part, { flags: 'wx', mode: PRIVATE_FILE }));
    await rename(part, archive);
    const { size } = await stat(archive);
    await recordEnd(source, id, { status: 'done', bytes: size });
    return { archive, bytes: size, uploads };
  } catch (error) {
    // (a folder that could not be made has no part to remove: rm's own error is not the reason)
    await rm(part, { force: true }).catch(() => {});
    await recordEnd(source, id, { status: 'failed', error: (error as Error).message.slice(0, 500) }).catch(() => {});
    throw error;
  } finally {
    await rm(scratch, { force: true }).catch(() => {});
  }
}
