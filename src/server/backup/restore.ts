import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { PRIVATE_FILE, PRIVATE_FOLDER, privateFolder } from '../data-dir.ts';
import { type Database, DataDirLockedError, lockDataDir, openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { checkAgainstManifest, readArchive, verifyArchive } from './archive-reader.ts';
import { restorePostgres } from './database-dump.ts';
import { DATABASE_ENTRY, type DatabaseKind, type Manifest, rowsOf, tableExists, UPLOADS_PREFIX } from './manifest.ts';
import type { TarSink } from './tar.ts';

/** Where a restore writes: an empty installation. */
export interface RestoreTarget {
  kind: DatabaseKind;
  /** DATA_DIR (the embedded database is its pglite/ folder). */
  dataDir: string;
  databaseUrl?: string | undefined;
  uploadsDir: string;
}

export interface RestoreResult {
  manifest: Manifest;
  installationId: string;
  uploads: number;
}

const KIND_NAME: Record<DatabaseKind, string> = { pglite: 'the embedded database (PGlite)', postgresql: 'PostgreSQL' };

async function isEmptyFolder(path: string): Promise<boolean> {
  const names = await readdir(path).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.length === 0;
}

export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** The archive's database must be the installation's. */
function checkKind(manifest: Manifest, target: RestoreTarget): void {
  if (manifest.database.kind !== target.kind) {
    const how = manifest.database.kind === 'pglite' ? 'unset DATABASE_URL' : 'set DATABASE_URL';
    throw new AppError(
      'CONFLICT',
      `This archive holds ${KIND_NAME[manifest.database.kind]}, and this installation uses ${KIND_NAME[target.kind]}: ${how} to restore it (moving a site between the two is not supported).`,
    );
  }
}

/** The uploads folder must be empty (or not made yet). */
async function checkUploadsEmpty(target: RestoreTarget): Promise<void> {
  if (!(await isEmptyFolder(target.uploadsDir))) {
    throw new AppError(
      'CONFLICT',
      `${target.uploadsDir} already holds files: a restore goes into an empty installation (a new DATA_DIR), never over a site.`,
    );
  }
}

/** The embedded database's folder must be free (no server running) and empty. Returns the lock. */
async function claimPglite(dataDir: string): Promise<() => void> {
  let release: () => void;
  try {
    // the owner's only, whatever the umask (data-dir.ts)
    privateFolder(dataDir);
    release = lockDataDir(pgliteFolder(dataDir));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new AppError(
      'CONFLICT',
      `A server (process ${error.pid}) is running on DATA_DIR=${dataDir}: stop it first; a restore goes into an empty installation no server is using.`,
    );
  }
  if (!(await isEmptyFolder(pgliteFolder(dataDir)))) {
    release();
    throw new AppError(
      'CONFLICT',
      `DATA_DIR=${dataDir} already holds a database: restore into an empty DATA_DIR (a new folder), never over a site.`,
    );
  }
  return release;
}

/** The PostgreSQL database must have no tables and nobody else connected (a running app). */
async function checkPostgresEmpty(database: Database): Promise<void> {
  const [others] = await rowsOf<{ n: number | string }>(
    database.db,
    sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  if (Number(others?.n) > 0) {
    throw new AppError(
      'CONFLICT',
      `Another program is connected to this database (${others?.n} connection(s): a running Piste?): stop it first; a restore goes into an empty database nobody is using.`,
    );
  }
  const [tables] = await rowsOf<{ n: number | string }>(
    database.db,
    sql`SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  );
  if (Number(tables?.n) > 0) {
    throw new AppError(
      'CONFLICT',
      `The database in DATABASE_URL is not empty (${tables?.n} tables): restore into a new, empty database (createdb), never over a site.`,
    );
  }
}

/** A file sink whose writes wait for the disk. */
function fileSink(path: string, written: string[]): TarSink {
  let out: WriteStream | null = null;
  return {
    write: async (chunk) => {
      if (!out) {
        written.push(path);
        out = createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE });
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out?.once('drain', () => resolve()));
    },
    end: async () => {
      if (!out) {
        written.push(path);
        out = createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE });
      }
      out.end();
      await finished(out);
    },
  };
}

/**
 * The second reading: the database's dump goes to a scratch file, each uploaded file to the
 * uploads folder; every file is hashed again and compared with the checked manifest (an archive
 * changed between the readings fails here). Returns the dump's path.
 */
async function extract(path: string, manifest: Manifest, target: RestoreTarget, scratch: string, written: string[]) {
  await mkdir(target.uploadsDir, { recursive: true, mode: PRIVATE_FOLDER });
  const dump = join(scratch, 'database');
  const { seen } = await readArchive(path, (name) => {
    if (name === DATABASE_ENTRY[manifest.database.kind]) return fileSink(dump, written);
    if (name.startsWith(UPLOADS_PREFIX))
      return fileSink(join(target.uploadsDir, name.slice(UPLOADS_PREFIX.length)), written);
    return null;
  });
  checkAgainstManifest(manifest, seen);
  return dump;
}

/** A new installation id (unless the same site is being put back), and the backup that made the
 * archive marked done in the restored history. */
async function settle(database: Database, manifest: Manifest, sameSite: boolean, archiveBytes: number) {
  const { db } = database;
  if (!sameSite || !manifest.installationId) {
    await db.execute(
      sql`INSERT INTO site_settings (key, value) VALUES ('installation_id', to_jsonb(${randomUUID()}::text))
          ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    );
  }
  if (manifest.backupId !== null && (await tableExists(db, 'backups'))) {
    await db.execute(
      sql`UPDATE backups SET status = 'done', finished_at = ${manifest.createdAt}, bytes = ${archiveBytes}, error = NULL
          WHERE id = ${manifest.backupId} AND status = 'running'`,
    );
  }
  const [row] = await rowsOf<{ value: string }>(db, sql`SELECT value FROM site_settings WHERE key = 'installation_id'`);
  return String(row?.value);
}

/**
 * Restores an archive into an empty installation: checks the whole archive first (nothing is
 * written for a damaged, altered or newer one), then the target (empty, no server on it), then
 * writes the database and the files, and gives the site a new installation id unless `sameSite`.
 * A failure part-way removes what it wrote, so the installation is empty again.
 */
export async function restoreArchive(path: string, target: RestoreTarget, sameSite: boolean): Promise<RestoreResult> {
  const manifest = await verifyArchive(path);
  checkKind(manifest, target);
  const { size: archiveBytes } = await stat(path);
  const written: string[] = [];
  let release: (() => void) | null = null;
  let database: Database | null = null;
  const scratch = await mkdtemp(join(tmpdir(), 'piste-restore-'));
  try {
    if (target.kind === 'pglite') {
      release = await claimPglite(target.dataDir);
    } else {
      database = await openDatabase({ url: target.databaseUrl, poolSize: 1 });
      await checkPostgresEmpty(database);
    }
    await checkUploadsEmpty(target);
    const dump = await extract(path, manifest, target, scratch, written);
    if (target.kind === 'pglite') {
      const loadDataDir = await openAsBlob(dump, { type: 'application/x-gzip' });
      database = await openDatabase({ dataDir: pgliteFolder(target.dataDir), loadDataDir });
    } else {
      await restorePostgres((database as Database).db, target.databaseUrl as string, dump);
    }
    const installationId = await settle(database as Database, manifest, sameSite, archiveBytes);
    const uploads = manifest.files.filter((f) => f.name.startsWith(UPLOADS_PREFIX)).length;
    return { manifest, installationId, uploads };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (release) {
      // the folder was empty when claimed: whatever is in it now is this restore's
      await database?.close();
      database = null;
      await rm(pgliteFolder(target.dataDir), { recursive: true, force: true });
    }
    throw error;
  } finally {
    await database?.close();
    release?.();
    await rm(scratch, { recursive: true, force: true });
  }
}
