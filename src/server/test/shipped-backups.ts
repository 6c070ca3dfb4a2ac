/**
 * Backups as the shipped files run them, without systemd or Docker (issue 36): the backup unit's
 * commands (deploy/piste-backup.service) as its user, with its environment, into a folder made the
 * way its ExecStartPre= makes it; and compose.yaml's backup service's command with its volume as a
 * folder. Paths the files name are moved under a scratch root ("/var/backups/piste" →
 * ROOT/var/backups/piste, the unit's WorkingDirectory → the test's installation).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { everyRow } from './backup-sites.ts';
import type { ComposeService, UnitService } from './deploy-files.ts';
import { parseEnvironmentFile } from './deploy-files.ts';
import { type Ran, runCommand } from './processes.ts';

/** What systemd gives a service before its Environment= (a User= service also gets these). */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The OS user the shipped files run as, when this process may become it: as root (CI) the user
 * is made if missing (a system user, as README "Deploy" makes it) and removed by `cleanUp`. */
export interface RunAs {
  /** null: the current user runs everything (not root), `why` says so. */
  user: string | null;
  uid: number;
  gid: number;
  why: string | null;
  cleanUp(): void;
}

export function runAs(user: string): RunAs {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) {
    const why = `not root (uid ${uid}): the shipped units' commands run as this user instead of ${user}, and their folders are made without -o/-g`;
    return { user: null, uid, gid: process.getgid?.() ?? -1, why, cleanUp() {} };
  }
  let made = false;
  if (spawnSync('id', ['-u', user]).status !== 0) {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
    made = true;
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, user]).toString().trim());
  return {
    user,
    uid: id('-u'),
    gid: id('-g'),
    why: null,
    cleanUp() {
      if (made) spawnSync('userdel', [user]);
    },
  };
}

/** The words of a command run as `as` (runuser when it is another user). */
export function asUser(as: RunAs, command: string[]): [string, string[]] {
  if (!as.user) return [command[0] as string, command.slice(1)];
  return ['runuser', ['-u', as.user, '--', ...command]];
}

/** Where the scratch root puts a path the shipped files name. */
export class Places {
  readonly root: string;
  /** The unit's WorkingDirectory (or the image's WORKDIR), which is the test's installation. */
  readonly workingDirectory: string;
  readonly installation: string;

  constructor(root: string, workingDirectory: string, installation: string) {
    this.root = root;
    this.workingDirectory = workingDirectory;
    this.installation = installation;
  }

  path(p: string): string {
    if (p === this.workingDirectory || p.startsWith(`${this.workingDirectory}/`)) {
      return this.installation + p.slice(this.workingDirectory.length);
    }
    return join(this.root, p);
  }

  /** Every absolute path in a word (a command's argument, a shell script) moved: those under the
   * working directory, and the given others. */
  word(word: string, others: string[]): string {
    let out = word;
    for (const p of [...others, this.workingDirectory]) {
      out = out.replace(new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|\\s|$|')`, 'g'), this.path(p));
    }
    return out;
  }
}

/** The archive folder a backup command writes to (its --out). */
export function outFolder(command: string[]): string {
  const at = command.indexOf('--out');
  const out = at === -1 ? undefined : command[at + 1];
  if (!out) throw new Error(`no --out in ${command.join(' ')}`);
  return out;
}

/** The environment a unit's commands get: systemd's, its Environment= then its EnvironmentFile
 * (a setting there wins, as in the unit's comment), absolute paths moved. */
export function unitEnvironment(unit: UnitService, places: Places, envFile: string, as: RunAs): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: SYSTEMD_PATH, LANG: 'C.UTF-8' };
  if (as.user) Object.assign(env, { USER: as.user, LOGNAME: as.user, HOME: '/', SHELL: '/usr/sbin/nologin' });
  for (const [k, v] of Object.entries(unit.environment)) env[k] = v.startsWith('/') ? places.path(v) : v;
  Object.assign(env, parseEnvironmentFile(envFile));
  return env;
}

/** A unit's ExecStartPre= commands, in its WorkingDirectory: "+" ones as root (this process),
 * the others as its user; not as root, install's -o/-g are left out (the folder is this user's).
 * Stops at the first that fails. `others`: absolute paths in the commands to move. */
export async function runStartPre(
  unit: UnitService,
  places: Places,
  as: RunAs,
  env: NodeJS.ProcessEnv,
  others: string[],
): Promise<{ command: string; ran: Ran }[]> {
  const steps: { command: string; ran: Ran }[] = [];
  for (const pre of unit.execStartPre) {
    const privileged = pre[0]?.startsWith('+') ?? false;
    let words = [(pre[0] as string).replace(/^\+/, ''), ...pre.slice(1)].map((w) => places.word(w, others));
    if (!as.user)
      words = words.filter((w, i) => !['-o', '-g'].includes(w) && !['-o', '-g'].includes(words[i - 1] ?? ''));
    const [command, args] = privileged ? [words[0] as string, words.slice(1)] : asUser(as, words);
    const ran = await runCommand(command, args, places.path(unit.workingDirectory), env);
    steps.push({ command: words.join(' '), ran });
    if (ran.code !== 0) break;
  }
  return steps;
}

/**
 * Runs a backup unit as systemd would: its environment file written where it says (moved), the
 * parent of its archive folder made as root's (/var/backups), ExecStartPre= ("+": as root),
 * ExecStart= and ExecStartPost= as its user in its WorkingDirectory. Returns the archive written
 * and each command's outcome.
 */
export async function runBackupUnit(
  unit: UnitService,
  places: Places,
  envFile: string,
  as: RunAs,
): Promise<{ archive: string | null; steps: { command: string; ran: Ran }[] }> {
  const out = outFolder(unit.execStart);
  if (unit.environmentFile) {
    mkdirSync(dirname(places.path(unit.environmentFile)), { recursive: true });
    writeFileSync(places.path(unit.environmentFile), envFile, { mode: 0o600 });
  }
  mkdirSync(dirname(places.path(out)), { recursive: true, mode: 0o755 });
  const env = unitEnvironment(unit, places, envFile, as);
  const cwd = places.path(unit.workingDirectory);
  const steps = await runStartPre(unit, places, as, env, [out]);
  if (steps.some((step) => step.ran.code !== 0)) return { archive: null, steps };
  const word = (w: string) => places.word(w, [out]);
  const [command, args] = asUser(as, unit.execStart.map(word));
  const ran = await runCommand(command, args, cwd, env);
  steps.push({ command: unit.execStart.join(' '), ran });
  const archive = /Backup written: (\S+)/.exec(ran.output)?.[1] ?? null;
  if (ran.code !== 0) return { archive, steps };
  for (const post of unit.execStartPost) {
    const [c, a] = asUser(as, post.map(word));
    steps.push({ command: post.join(' '), ran: await runCommand(c, a, cwd, env) });
  }
  return { archive, steps };
}

/**
 * Starts a compose service's command with its volume target moved to a folder made as the image
 * makes it (owned by the image's user: here `as`), the image's WORKDIR being the installation and
 * the installation's Node first on PATH (the image's `node`). It loops (a backup, then a day's
 * sleep): the caller waits for what it needs, then stops it with `stop()`.
 */
export function startComposeCommand(
  service: ComposeService,
  volume: string,
  places: Places,
  env: NodeJS.ProcessEnv,
  as: RunAs,
): { child: ChildProcess; output(): string; folder: string; stop(): void } {
  const target = service.volumes.find((v) => v.startsWith(`${volume}:`))?.split(':')[1];
  if (!target || !service.command) throw new Error(`the service has no command, or no volume ${volume}`);
  const folder = places.path(target);
  mkdirSync(folder, { recursive: true });
  chownSync(folder, as.uid, as.gid);
  chmodSync(folder, 0o750);
  const words = service.command.map((w) => places.word(w, [target]));
  const [command, args] = asUser(as, words);
  const child = spawn(command, args, {
    cwd: places.installation,
    env: { PATH: `${join(places.installation, 'node_modules', '.bin')}:${SYSTEMD_PATH}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    child,
    folder,
    output: () => text,
    stop() {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    },
  };
}

const ARCHIVE = /^piste-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;
export const archivesIn = (folder: string) => readdirSync(folder).filter((n) => ARCHIVE.test(n));

/** Fourteen archives from 2000 (their times too) in `folder`, the user's: the oldest first. */
export async function oldArchives(folder: string, as: RunAs): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < 14; i++) {
    const name = `piste-backup-20000101-0000${String(i).padStart(2, '0')}.tar.gz`;
    await writeFile(join(folder, name), 'old');
    chownSync(join(folder, name), as.uid, as.gid);
    await utimes(join(folder, name), 946_684_800 + i * 60, 946_684_800 + i * 60);
    names.push(name);
  }
  return names;
}

/** A site's rows, less what differs by design after a restore: the new installation id, and the
 * backups' own records (the later backups are not in the earlier archives). */
export async function readSite(where: { url: string } | { dataDir: string }): Promise<Record<string, string[]>> {
  const database = await openDatabase('url' in where ? { url: where.url, poolSize: 1 } : { dataDir: where.dataDir });
  try {
    const rows = await everyRow(database.db);
    rows['public.site_settings'] = (rows['public.site_settings'] ?? []).filter((r) => !r.includes('"installation_id"'));
    delete rows['public.backups'];
    return rows;
  } finally {
    await database.close();
  }
}
