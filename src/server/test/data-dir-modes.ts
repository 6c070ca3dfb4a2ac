/**
 * What the DATA_DIR permission tests share: every folder and file under DATA_DIR with its mode,
 * the owner-only check, a DATA_DIR open to others as a hand-made folder leaves it, and the
 * site's scripts and server run with umask 000 (the worst an operator could set).
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { expect } from 'vitest';
import { SAMPLE } from './files.ts';
import { runCommand } from './processes.ts';

const folders: string[] = [];

/** Removes every DATA_DIR openDataDir made (an afterAll of each file). */
export async function removeDataDirs(): Promise<void> {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
}

/** A command run as a shell runs it after `umask 000`: folders 0777 and files 0666 unless the
 * program asks for less. */
export function withUmask000(args: string[]): [string, ...string[]] {
  return ['sh', '-c', 'umask 000 && exec "$@"', 'sh', ...args];
}

export interface Entry {
  /** Relative to DATA_DIR ('.' is DATA_DIR itself). */
  path: string;
  kind: 'folder' | 'file' | 'socket' | 'other';
  mode: number;
}

/** Every folder and file under `root`, `root` included; symbolic links are not followed. */
export async function walk(root: string): Promise<Entry[]> {
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

export const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;
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
export function expectOwnerOnly(entries: Entry[], when: string): void {
  const open = entries.filter((e) => (e.mode & 0o077) !== 0);
  const listed = show(open.slice(0, 40)).join('\n') || '(none)';
  const message = `${when}, open to others:\n${listed}${open.length > 40 ? `\n… and ${open.length - 40} more` : ''}`;
  expect(show(reachableByOthers(entries)), message).toEqual([]);
  expect(show(entries.filter((e) => e.kind === 'folder' && e.mode !== 0o700)), message).toEqual([]);
  const sitesFiles = entries.filter((e) => e.kind !== 'folder' && !e.path.startsWith(`pglite${sep}`));
  expect(show(sitesFiles.filter((e) => e.mode !== 0o600)), message).toEqual([]);
}

/** A DATA_DIR that exists and is open to others, as a hand-made folder leaves it. */
export async function openDataDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'piste-perms-'));
  folders.push(root);
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** `npm run backup -- --out <DATA_DIR>/backups` with the server's environment, umask 000. */
export async function backup(env: Record<string, string>, out: string): Promise<string> {
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
export async function script(name: string, args: string[], env: Record<string, string>): Promise<string> {
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
export async function upload(base: string, username: string, password: string): Promise<void> {
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

export const databaseFiles = async (dataDir: string) =>
  new Set((await walk(join(dataDir, 'pglite'))).filter((e) => e.kind === 'file').map((e) => e.path));
