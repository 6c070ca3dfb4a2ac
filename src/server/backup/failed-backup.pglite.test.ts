/**
 * `npm run backup` on the embedded database asks the running server: when the backup's folder
 * cannot be made, the server records the failure with its reason and Site Health raises it, and
 * the script gets the reason.
 */
import { describe, expect, it } from 'vitest';
import { runHealthChecks } from '../operations/job.ts';
import { backupAlert, lastBackup, useUnmakeableFolder, when } from '../test/failed-backups.ts';
import { useTestApp } from '../test/helper.ts';
import { askForBackup, type LocalCommands, listenForLocalCommands } from './local-command.ts';

const t = useTestApp({ OPS_EMAIL: 'ops@ersa.example' });
const unmakeable = useUnmakeableFolder();

describe('a backup asked of the running server whose folder cannot be made', () => {
  it('asked of the running server (npm run backup on the embedded database): the server records it, the script gets the reason', async () => {
    let commands: LocalCommands | undefined;
    try {
      commands = await listenForLocalCommands(t.app, { kind: 'pglite' });
      const reason = `ENOTDIR: not a directory, mkdir '${unmakeable.path}'`;
      await expect(askForBackup(t.app.ctx.config.dataDir, process.pid, unmakeable.path)).rejects.toThrow(
        `The server could not make the backup: ${reason}`,
      );
      expect(await lastBackup(t)).toMatchObject({ status: 'failed', error: reason });
      expect((await runHealthChecks(t.app.ctx, t.app.health)).backup).toBe('raised');
      expect((await backupAlert(t))?.detail).toBe(`The last backup failed at ${when(t.clock.now())} UTC: ${reason}`);
    } finally {
      await commands?.close();
    }
  });
});
