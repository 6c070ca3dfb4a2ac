import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR is its owner's only, whatever the umask (issue 37): it holds password hashes,
 * authenticator secrets and members' data. Folders are 0700 — the guarantee, since the embedded
 * database (PGlite's NODEFS) sets 0666 on the files it makes itself — and the files the site makes
 * are 0600. A mode given to mkdir or open is masked by the umask, which only ever takes bits away:
 * asked for 0700 or 0600, a folder or file is never looser, whatever the umask.
 */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** What the site keeps in DATA_DIR besides the embedded database (whose folder openDatabase
 * makes private, db/client.ts): its lock, the uploads kept on the disk, the local command's socket
 * (backup/local-command.ts). Only these are walked: DATA_DIR may be a folder holding other things
 * (a home folder by mistake), left as they are. */
const SITE_ENTRIES = ['pglite.lock', 'uploads', 'run'];

/** Bits for the group and others. */
const OTHERS = 0o077;

/** This process's user (undefined where there are no Unix users). */
const uid = process.getuid?.();

/** Takes the group's and others' bits off an entry this process owns; true if it is now private
 * (or was). One it does not own (another user's mount point) is left as it is: chmod would fail. */
function tighten(path: string, mode: number, owner: number): boolean {
  if ((mode & OTHERS) === 0) return true;
  if (uid === undefined || owner !== uid) return false;
  try {
    chmodSync(path, mode & ~OTHERS);
    return true;
  } catch {
    // a file system without Unix modes (some network and bind mounts): left as it is
    return false;
  }
}

/**
 * Makes a folder (and the missing folders above it) 0700, and tightens it when it exists and is
 * open to others and belongs to this process. Returns false when it is left open.
 */
export function privateFolder(path: string): boolean {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER });
  return tightenFolder(path);
}

/** Tightens an existing folder (itself, not what is inside); false when it is left open. */
function tightenFolder(path: string): boolean {
  const info = statSync(path);
  return tighten(path, info.mode & 0o7777, info.uid);
}

/**
 * Takes the group's and others' bits off a folder or file and everything inside it that this
 * process owns (a stale lock, uploads written by an older version under a looser umask, the
 * embedded database's 0666 files). Symbolic links are not followed; a missing path is nothing to
 * do. Files made while the site runs are private by their folder (0700) either way: this keeps a
 * copy of the folder (cp -a, tar) from carrying 0666 files along.
 */
export function tightenTree(path: string): void {
  let info: ReturnType<typeof lstatSync>;
  try {
    info = lstatSync(path);
  } catch {
    return; // absent, or removed meanwhile
  }
  if (info.isSymbolicLink()) return;
  tighten(path, info.mode & 0o7777, info.uid);
  if (!info.isDirectory()) return;
  let names: string[] = [];
  try {
    names = readdirSync(path);
  } catch {
    return;
  }
  for (const name of names) tightenTree(join(path, name));
}

/**
 * At start, before the database opens: DATA_DIR made 0700 (on the embedded database; on
 * PostgreSQL the server keeps nothing there, so it is only tightened when it exists), and what the
 * site keeps in it made its owner's only. DATA_DIR is tightened only when this process owns it: a
 * systemd StateDirectory= is made and owned by the unit's User=, and its StateDirectoryMode (0700
 * in deploy/piste.service) is applied again at each start; a folder of another user's (a mount
 * point that root owns) is the operator's to set. Returns the warnings to log (DATA_DIR left open
 * to others).
 */
export function prepareDataDir(dataDir: string, embedded: boolean): string[] {
  if (dataDir.startsWith('memory://')) return [];
  if (!embedded && !existsSync(dataDir)) return [];
  const isPrivate = embedded ? privateFolder(dataDir) : tightenFolder(dataDir);
  for (const name of SITE_ENTRIES) tightenTree(join(dataDir, name));
  if (isPrivate) return [];
  const mode = (statSync(dataDir).mode & 0o777).toString(8).padStart(3, '0');
  return [
    `DATA_DIR=${dataDir} is open to other users of this machine (mode 0${mode}) and this process cannot change it (it belongs to another user, or its file system has no Unix modes): make it the server user's, mode 0700 (chown <user> ${dataDir} && chmod 700 ${dataDir}). (The folders the server keeps in it are 0700.)`,
  ];
}
