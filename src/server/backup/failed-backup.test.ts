/**
 * Issue 36: a backup that fails before it has written anything (its folder cannot be made: the
 * shipped unit's /var/backups/piste that nothing created) is recorded failed with its reason, and
 * Site Health says so at once ("The last backup failed at … UTC: <reason>"), alert mail included —
 * also when the running server made it for `npm run backup` (the local command, embedded database).
 * The folder is one under a plain file: mkdir fails with ENOTDIR even as root, as CI runs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups, healthAlerts } from '../db/schema-operations.ts';
import { runHealthChecks } from '../operations/job.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { TEST_DB } from '../test/databases.ts';
import { useTestApp } from '../test/helper.ts';
import { makeBackup } from './backup.ts';
import { askForBackup, type LocalCommands, listenForLocalCommands } from './local-command.ts';

const t = useTestApp({ OPS_EMAIL: 'ops@ersa.example' });
const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

let scratch: string;
/** A folder that cannot be made: its parent is a plain file. */
let unmakeable: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'piste-failed-backup-'));
  await writeFile(join(scratch, 'a-file'), 'not a folder');
  unmakeable = join(scratch, 'a-file', 'backups');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function lastBackup() {
  const [row] = await t.app.ctx.db.select().from(backups).orderBy(desc(backups.id)).limit(1);
  return row;
}

const backupAlert = async () =>
  (await t.app.ctx.db.select().from(healthAlerts).where(sql`${healthAlerts.kind} = 'backup'`))[0];

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
    const reason = `ENOTDIR: not a directory, mkdir '${unmakeable}'`;
    await expect(makeBackup(source, unmakeable)).rejects.toThrow(reason);

    const row = await lastBackup();
    expect(row).toMatchObject({ status: 'failed', error: reason, finishedAt: t.clock.now() });
    expect(row?.archive).toMatch(/^piste-backup-\d{8}-\d{6}\.tar\.gz$/);

    // a brand-new site: no other reason to raise the backup alert, the failure alone raises it
    expect((await runHealthChecks(t.app.ctx, t.app.health)).backup).toBe('raised');
    expect((await backupAlert())?.detail).toBe(`The last backup failed at ${when(t.clock.now())} UTC: ${reason}`);
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

  it.runIf(TEST_DB === 'pglite')(
    'asked of the running server (npm run backup on the embedded database): the server records it, the script gets the reason',
    async () => {
      let commands: LocalCommands | undefined;
      try {
        commands = await listenForLocalCommands(t.app, { kind: 'pglite' });
        const reason = `ENOTDIR: not a directory, mkdir '${unmakeable}'`;
        await expect(askForBackup(t.app.ctx.config.dataDir, process.pid, unmakeable)).rejects.toThrow(
          `The server could not make the backup: ${reason}`,
        );
        expect(await lastBackup()).toMatchObject({ status: 'failed', error: reason });
        expect((await runHealthChecks(t.app.ctx, t.app.health)).backup).toBe('raised');
        expect((await backupAlert())?.detail).toBe(`The last backup failed at ${when(t.clock.now())} UTC: ${reason}`);
      } finally {
        await commands?.close();
      }
    },
  );
});
