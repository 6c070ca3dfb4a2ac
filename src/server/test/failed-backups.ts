/**
 * What the failed-backup tests share: a folder that cannot be made (its parent is a plain file, so
 * mkdir fails with ENOTDIR even as root, as CI runs), the last backup recorded, the backup alert
 * and the time as Site Health writes it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { backups, healthAlerts } from '../db/schema-operations.ts';
import type { TestApp } from './helper.ts';

export const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

/** The folder that cannot be made, for this file's tests (made in beforeAll, removed afterwards). */
export function useUnmakeableFolder(): { path: string } {
  const folder = { path: '' };
  let scratch = '';
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'piste-failed-backup-'));
    await writeFile(join(scratch, 'a-file'), 'not a folder');
    folder.path = join(scratch, 'a-file', 'backups');
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });
  return folder;
}

export async function lastBackup(t: TestApp) {
  const [row] = await t.app.ctx.db.select().from(backups).orderBy(desc(backups.id)).limit(1);
  return row;
}

export const backupAlert = async (t: TestApp) =>
  (await t.app.ctx.db.select().from(healthAlerts).where(sql`${healthAlerts.kind} = 'backup'`))[0];
