import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { databaseTrouble, isDiskFull, noteDatabaseFailure, noteDatabaseWritten } from '../db/faults.ts';
import { siteSettings } from '../db/schema.ts';

/** Free space below either of these is low: Site Health warns (issue 36). */
export const LOW_SPACE_FRACTION = 0.1;
export const LOW_SPACE_BYTES = 1024 ** 3;
/** On the embedded database, a data folder with less than this free is still full, whatever a
 * small write found (PostgreSQL fills a half-empty page without asking the disk for more). */
export const FULL_BELOW_BYTES = 8 * 1024 ** 2;

export interface DiskSpace {
  /** The folder measured: DATA_DIR (uploads; the embedded database too). */
  path: string;
  free_bytes: number;
  total_bytes: number;
  /** Below LOW_SPACE_FRACTION of the total or LOW_SPACE_BYTES. */
  low: boolean;
}

/** The free space where this server writes (DATA_DIR); null when it keeps nothing on disk
 * (memory://) or the folder cannot be measured. */
export async function diskSpace(ctx: AppContext): Promise<DiskSpace | null> {
  const path = ctx.config.dataDir;
  if (path.startsWith('memory://')) return null;
  const found = await statfs(path).catch(() => null);
  if (!found) return null;
  const free = found.bavail * found.bsize;
  const total = found.blocks * found.bsize;
  return {
    path,
    free_bytes: free,
    total_bytes: total,
    low: free < LOW_SPACE_BYTES || free < total * LOW_SPACE_FRACTION,
  };
}

/** "1.2 GB free of 20 GB (6 %)". */
export function spaceText(space: DiskSpace | null): string {
  if (!space) return 'free space unknown';
  const gb = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${Math.round(n / 1024 ** 2)} MB`);
  const share = space.total_bytes > 0 ? Math.round((100 * space.free_bytes) / space.total_bytes) : 0;
  return `${gb(space.free_bytes)} free of ${gb(space.total_bytes)} (${share} %) in ${space.path}`;
}

/**
 * Whether the disk is still full, once a write has failed for it (readiness and the health job
 * ask): one small write to a table of the app, one that must grow the database (a row in a
 * temporary table of its own, which starts with no page: a write that fits in a page a table
 * already has goes through on a full disk, so the first alone said "room again" while the tables
 * that had to grow still refused, disk-full-tmpfs.test.ts on PostgreSQL), and on the embedded
 * database the data folder's free space. A probe that goes through ends the outage (db/faults.ts).
 * False when no write has failed for a full disk.
 */
export async function stillFull(ctx: AppContext): Promise<boolean> {
  if (!databaseTrouble(ctx).full) return false;
  if (ctx.databaseKind === 'pglite') {
    const space = await diskSpace(ctx);
    if (space && space.free_bytes < FULL_BELOW_BYTES) return true;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ key: 'disk_probe', value: { at: ctx.now().toISOString() }, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: ctx.now() } });
      // in the database's own tablespace, where its tables are, whatever temp_tablespaces says
      await tx.execute(sql`SET LOCAL temp_tablespaces = ''`);
      await tx.execute(sql`CREATE TEMPORARY TABLE piste_disk_probe (at timestamptz) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO piste_disk_probe VALUES (now())`);
    });
  } catch (error) {
    if (isDiskFull(error)) {
      noteDatabaseFailure(ctx, error);
      return true;
    }
    throw error;
  }
  noteDatabaseWritten(ctx);
  return false;
}
