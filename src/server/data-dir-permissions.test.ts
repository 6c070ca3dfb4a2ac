/**
 * At start the server makes what an earlier version left in DATA_DIR its owner's only, on either
 * database; the umask-000 runs of a whole installation are data-dir-permissions.pglite.test.ts and
 * data-dir-permissions.postgres.test.ts.
 */
import { chmod, chown, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir.ts';
import { octal, openDataDir, removeDataDirs, walk } from './test/data-dir-modes.ts';
import { TEST_DB } from './test/databases.ts';

afterAll(removeDataDirs);

describe('at start, what an earlier version left in DATA_DIR', () => {
  it("is made the owner's only: DATA_DIR, the uploads and a stale lock; other things in the folder are left alone", async () => {
    const dataDir = await openDataDir();
    await mkdir(join(dataDir, 'uploads'), { mode: 0o755 });
    await writeFile(join(dataDir, 'uploads', 'a.pdf'), 'x', { mode: 0o644 });
    await writeFile(join(dataDir, 'pglite.lock'), '1', { mode: 0o644 });
    await mkdir(join(dataDir, 'notes'), { mode: 0o755 });
    await writeFile(join(dataDir, 'notes', 'n.txt'), 'x', { mode: 0o644 });
    for (const [path, mode] of [
      ['uploads', 0o755],
      ['uploads/a.pdf', 0o644],
      ['notes', 0o755],
    ] as const) {
      await chmod(join(dataDir, path), mode); // whatever this run's umask took away
    }
    expect(prepareDataDir(dataDir, TEST_DB === 'pglite')).toEqual([]);
    const modes = Object.fromEntries((await walk(dataDir)).map((e) => [e.path, octal(e.mode)]));
    expect(modes).toEqual({
      '.': '0700',
      uploads: '0700',
      'uploads/a.pdf': '0600',
      'pglite.lock': '0600',
      notes: '0755',
      'notes/n.txt': '0644',
    });
  });

  // as root: the only way to give a folder to another user
  it.skipIf(process.getuid?.() !== 0)(
    'a DATA_DIR of another user stays as it is, with a warning that says what to change',
    async () => {
      const dataDir = await openDataDir();
      await chown(dataDir, 65534, 65534);
      const warnings = prepareDataDir(dataDir, TEST_DB === 'pglite');
      expect(warnings).toEqual([expect.stringContaining(`DATA_DIR=${dataDir} is open to other users`)]);
      expect(warnings[0]).toContain(`chmod 700 ${dataDir}`);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o755);
    },
  );
});
