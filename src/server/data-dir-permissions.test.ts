/**
 * Issue 37: everything the site writes under DATA_DIR is its owner's only, whatever the umask. The
 * embedded database's files were found 0666 (PGlite's NODEFS makes them so itself), readable by
 * every user of the machine. Real processes, started with umask 000 (the worst an operator could
 * set) on a DATA_DIR that exists but is open to others (0755, as a hand-made folder or an older
 * StateDirectoryMode leaves it): `npm run create-admin` making the database, the server adding
 * files of its own to it and storing an administrator's uploads (a photo with its original, a
 * document), a backup into DATA_DIR through `npm run backup`; then every folder and
 * file under DATA_DIR is checked, while the server runs (its lock and its command socket) and
 * after it stopped. Folders are 0700 — the guarantee, since PGlite sets 0666 on the files it makes
 * itself — and the files the site makes are 0600. On PostgreSQL the server keeps nothing in
 * DATA_DIR (uploads are in the database): it tightens the folder, and a backup written there is
 * the owner's only.
 */
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir.ts';
import { createDatabase, dropDatabases } from './test/backup-sites.ts';
import { TEST_DB } from './test/databases.ts';
import { SAMPLE } from './test/files.ts';
import { runCommand, type ServerProcess, startServer } from './test/processes.ts';

const folders: string[] = [];
const databases: string[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
  await dropDatabases(databases);
});

/** A command run as a shell runs it after `umask 000`: folders 0777 and files 0666 unless the
 * program asks for less. */
function withUmask000(args: string[]): [string, ...string[]] {
  return ['sh', '-c', 'umask 000 && exec "$@"', 'sh', ...args];
}

interface Entry {
  /** Relative to DATA_DIR ('.' is DATA_DIR itself). */
  path: string;
  kind: 'folder' | 'file' | 'socket' | 'other';
  mode: number;
}

/** Every folder and file under `root`, `root` included; symbolic links are not followed. */
async function walk(root: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return null; // removed meanwhile (a database's temporary file)
      throw error;
    });
    if (!info) return;
    const kind = info.isDirectory() ? 'folder' : info.isFile() ? 'file' : info.isSocket() ? 'socket' : 'other';
    entries.push({ path: relative(root, path) || '.', kind, mode: info.mode & 0o777 });
    if (kind === 'folder') for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(root);
  return entries;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;
const show = (entries: Entry[]) => entries.map((e) => `${e.path} ${e.kind} ${octal(e.mode)}`);

/** The folders above an entry inside DATA_DIR, DATA_DIR included. */
function foldersAbove(path: string): string[] {
  if (path === '.') return [];
  const parts = path.split(sep);
  return ['.', ...parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join(sep))];
}

/** Entries another user can reach: open to its class (group or others), through folders that
 * let that class in (x) all the way from DATA_DIR. A 0666 file in a 0700 folder is not one. */
function reachableByOthers(entries: Entry[]): Entry[] {
  const modes = new Map(entries.map((e) => [e.path, e.mode]));
  return entries.filter((e) =>
    [0o070, 0o007].some(
      (klass) =>
        (e.mode & klass) !== 0 && foldersAbove(e.path).every((f) => ((modes.get(f) ?? 0) & klass & 0o111) !== 0),
    ),
  );
}

/** The checks: every folder 0700 (nothing for group or others), every file the site makes (all but
 * the embedded database's own, which PGlite makes 0666) 0600, nothing reachable by another user.
 * The message lists every entry looser than it should be, the database's files included. */
function expectOwnerOnly(entries: Entry[], when: string): void {
  const open = entries.filter((e) => (e.mode & 0o077) !== 0);
  const listed = show(open.slice(0, 40)).join('\n') || '(none)';
  const message = `${when}, open to others:\n${listed}${open.length > 40 ? `\n… and ${open.length - 40} more` : ''}`;
  expect(show(reachableByOthers(entries)), message).toEqual([]);
  expect(show(entries.filter((e) => e.kind === 'folder' && e.mode !== 0o700)), message).toEqual([]);
  const sitesFiles = entries.filter((e) => e.kind !== 'folder' && !e.path.startsWith(`pglite${sep}`));
  expect(show(sitesFiles.filter((e) => e.mode !== 0o600)), message).toEqual([]);
}

/** A DATA_DIR that exists and is open to others, as a hand-made folder leaves it. */
async function openDataDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'piste-perms-'));
  folders.push(root);
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** `npm run backup -- --out <DATA_DIR>/backups` with the server's environment, umask 000. */
async function backup(env: Record<string, string>, out: string): Promise<string> {
  const [command, ...args] = withUmask000([process.execPath, 'scripts/backup.ts', '--out', out]);
  const ran = await runCommand(command, args, process.cwd(), {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...env,
  });
  expect(ran.code, ran.output).toBe(0);
  return /Backup written: (\S+)/.exec(ran.output)?.[1] as string;
}

/** `npm run <script>` with the site's environment, umask 000; its output. */
async function script(name: string, args: string[], env: Record<string, string>): Promise<string> {
  const [command, ...rest] = withUmask000([process.execPath, `scripts/${name}.ts`, ...args]);
  const ran = await runCommand(command, rest, process.cwd(), {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...env,
  });
  expect(ran.code, ran.output).toBe(0);
  return ran.output;
}

/** Signs in and sends a team member's photo (its web copy and its original are kept on the disk on
 * the embedded database) and an organisation document. */
async function upload(base: string, username: string, password: string): Promise<void> {
  const login = await fetch(`${base}/api/v1/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const send = async (path: string, fields: Record<string, string>, file: [string, Buffer, string, string]) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const [field, bytes, type, filename] = file;
    form.set(field, new Blob([new Uint8Array(bytes)], { type }), filename);
    const res = await fetch(`${base}/api/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  await send('team-members/create/', { first_name: 'Helen', last_name: 'Umask', position: 'Chair' }, [
    'photo',
    SAMPLE.jpg,
    'image/jpeg',
    'helen.jpg',
  ]);
  await send('organization-documents/create/', { name: 'Umask Policy' }, [
    'document',
    SAMPLE.pdf,
    'application/pdf',
    'umask-policy.pdf',
  ]);
}

const databaseFiles = async (dataDir: string) =>
  new Set((await walk(join(dataDir, 'pglite'))).filter((e) => e.kind === 'file').map((e) => e.path));

describe.skipIf(TEST_DB !== 'pglite')('DATA_DIR on the embedded database, started with umask 000', () => {
  it('every folder is 0700 and every file the site makes 0600, while it runs and after it stopped', async () => {
    const dataDir = await openDataDir();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
    // the first administrator (npm run create-admin): makes and migrates the database
    const made = await script('create-admin', ['permadmin', 'perm.admin@example.com', 'Perm', 'Admin'], env);
    const password = /shown only this once\): (\S+)/.exec(made)?.[1] as string;
    const before = await databaseFiles(dataDir);
    const server = startServer(env, 90_000, { command: withUmask000([process.execPath, 'src/server/main.ts']) });
    running.push(server);
    const base = await server.ready;
    await upload(base, 'permadmin', password);
    const archive = await backup(env, join(dataDir, 'backups'));
    expect(relative(dataDir, archive)).toMatch(/^backups\//);

    const whileRunning = await walk(dataDir);
    // what the check covers: the database (with files the server made), uploads, the lock, the
    // command socket, the backup
    const paths = whileRunning.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['pglite', 'pglite.lock', 'uploads', 'run', 'run/command.sock']));
    expect([...(await databaseFiles(dataDir))].filter((p) => !before.has(p)).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.startsWith('uploads/')).length).toBe(3);
    expectOwnerOnly(whileRunning, 'while the server runs');

    await server.stop();
    expectOwnerOnly(await walk(dataDir), 'after the server stopped');
  }, 180_000);
});

describe.skipIf(TEST_DB !== 'postgres')('DATA_DIR on PostgreSQL, started with umask 000', () => {
  it('the server keeps nothing there and makes the folder 0700; a backup written there is 0600 in a 0700 folder', async () => {
    const dataDir = await openDataDir();
    const name = `piste_perms_${process.pid}`;
    databases.push(name);
    const env = { DATA_DIR: dataDir, DATABASE_URL: await createDatabase(name), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
    const server = startServer(env, 90_000, { command: withUmask000([process.execPath, 'src/server/main.ts']) });
    running.push(server);
    await server.ready;
    await backup(env, join(dataDir, 'backups'));
    await server.stop();
    const entries = await walk(dataDir);
    expect(entries.map((e) => e.path)).toEqual(['.', 'backups', expect.stringMatching(/^backups\/.+\.tar\.gz$/)]);
    expectOwnerOnly(entries, 'on PostgreSQL');
  }, 180_000);
});

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
