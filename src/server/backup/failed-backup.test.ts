/**
 * A backup that fails before it has written anything (its folder cannot be made: the shipped
 * unit's /var/backups/piste that nothing created) is recorded failed with its reason, and Site
 * Health says so at once ("The last backup failed at … UTC: <reason>"), alert mail included. The
 * same asked of the running server is failed-backup.pglite.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { backups } from '../db/schema-operations.ts';
import { runHealthChecks } from '../operations/job.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { TEST_DB } from '../test/databases.ts';
import { backupAlert, lastBackup, useUnmakeableFolder, when } from '../test/failed-backups.ts';
import { useTestApp } from '../test/helper.ts';
import { makeBackup } from './backup.ts';

const t = useTestApp({ OPS_EMAIL: 'ops@ersa.example' });
const unmakeable = useUnmakeableFolder();

async function opsSubjects(): Promise<string[]> {
  await t.flushMail();
  return t.outbox.messages.filter((m) => m.to === 'ops@ersa.example').map((m) => m.subject);
}

describe(`a backup whose folder cannot be made (${TEST_DB})`, () => {
  it('is recorded failed with the reason; Site Health says so at once and mails it; a good backup clears it', async () => {
    const source = {
      db: t.app.ctx.db,
      kind: TEST_DB === 'pglite' ? ('pglite' as const) : ('postgresql' as const),
      databaseUrl: 'postgres://never-used.invalid/piste',
      uploadsDir: uploadsDir(t.app.ctx.config),
      now: t.clock.now,
    };
    const reason = `ENOTDIR: not a directory, mkdir '${unmakeable.path}'`;
    await expect(makeBackup(source, unmakeable.path)).rejects.toThrow(reason);

    const row = await lastBackup(t);
    expect(row).toMatchObject({ status: 'failed', error: reason, finishedAt: t.clock.now() });
    expect(row?.archive).toMatch(/^piste-backup-\d{8}-\d{6}\.tar\.gz$/);

    // a brand-new site: no other reason to raise the backup alert, the failure alone raises it
    expect((await runHealthChecks(t.app.ctx, t.app.health)).backup).toBe('raised');
    expect((await backupAlert(t))?.detail).toBe(`The last backup failed at ${when(t.clock.now())} UTC: ${reason}`);
    expect(await opsSubjects()).toEqual(['ERSA site health: No recent backup']);
    const mail = t.outbox.messages.find((m) => m.to === 'ops@ersa.example');
    expect(mail?.text).toContain(reason);

    t.clock.advance(60_000);
    await t.app.ctx.db.insert(backups).values({
      startedAt: t.clock.now(),
      finishedAt: t.clock.now(),
      status: 'done',
      database: source.kind,
      archive: 'piste-backup-good.tar.gz',
      bytes: 1000,
    });
    expect((await runHealthChecks(t.app.ctx, t.app.health)).backup).toBe('cleared');
  });
});
