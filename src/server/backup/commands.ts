import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { DataDirLockedError, openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { type BackupResult, makeBackup } from './backup.ts';
import { askForBackup } from './local-command.ts';
import { pgliteFolder, type RestoreResult, restoreArchive } from './restore.ts';

/**
 * What `npm run backup` and `npm run restore` do (scripts/backup.ts, scripts/restore.ts), from the
 * same environment as the server (DATABASE_URL, DATA_DIR).
 */

/** The embedded database's folder holds a database (PG_VERSION is PostgreSQL's first file). */
async function hasPglite(dataDir: string): Promise<boolean> {
  const names = await readdir(pgliteFolder(dataDir)).catch(() => [] as string[]);
  return names.includes('PG_VERSION');
}

/**
 * Backs up the site into `outDir`. PostgreSQL: pg_dump beside the files, whether the server runs
 * or not. The embedded database: opened here when no server holds it (its lock is taken, so a
 * server started meanwhile waits for nothing: it refuses and says why); asked of the running
 * server through the local command otherwise.
 */
export async function backupCommand(config: Config, outDir: string): Promise<BackupResult> {
  const out = resolve(outDir);
  const source = { uploadsDir: uploadsDir(config), now: () => new Date() };
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      return await makeBackup({ ...source, db: database.db, kind: 'postgresql', databaseUrl: config.databaseUrl }, out);
    } finally {
      await database.close();
    }
  }
  if (config.dataDir.startsWith('memory://')) {
    throw new AppError(
      'BAD_REQUEST',
      'DATA_DIR=memory:// keeps nothing to back up: set DATA_DIR to the site’s folder.',
    );
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    if (!(await hasPglite(config.dataDir))) {
      throw new AppError(
        'NOT_FOUND',
        `There is no embedded database in DATA_DIR=${config.dataDir} (no ${pgliteFolder(config.dataDir)}): is DATA_DIR the site's folder?`,
      );
    }
    database = await openDatabase({ dataDir: pgliteFolder(config.dataDir) });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askForBackup(config.dataDir, error.pid, out);
  }
  try {
    return await makeBackup({ ...source, db: database.db, kind: 'pglite' }, out);
  } finally {
    await database.close();
  }
}

/** Restores an archive into this (empty) installation. */
export function restoreCommand(config: Config, archive: string, sameSite: boolean): Promise<RestoreResult> {
  if (!config.databaseUrl && config.dataDir.startsWith('memory://')) {
    throw new AppError('BAD_REQUEST', 'DATA_DIR=memory:// keeps nothing: set DATA_DIR to the new site’s folder.');
  }
  return restoreArchive(
    resolve(archive),
    {
      kind: config.databaseUrl ? 'postgresql' : 'pglite',
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      uploadsDir: uploadsDir(config),
    },
    sameSite,
  );
}
