/**
 * The shipped deployment files as a test reads them: a systemd unit's [Service] settings, one
 * compose.yaml service's command and volumes, and the Dockerfile's lines. Small parsers for the
 * forms these files use (they say so when a file stops fitting them), so that the tests run what
 * the files say rather than a copy of it.
 */
import { readFileSync } from 'node:fs';

export interface UnitService {
  user: string;
  group: string;
  workingDirectory: string;
  /** Environment= assignments, in order (a later one wins). */
  environment: Record<string, string>;
  environmentFile: string | null;
  /** Each command as its words; a leading "+" (run with full privileges) kept on the first. */
  execStartPre: string[][];
  execStart: string[];
  execStartPost: string[][];
  /** ReadWritePaths= entries, a leading "-" (ignored when missing) removed. */
  readWritePaths: string[];
}

/** A command line split into words as systemd does: whitespace, '…' and "…" quoting. */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    words.push(match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? (match[3] as string));
  }
  return words;
}

/** The [Service] section of a unit file. */
export function readUnit(path: string): UnitService {
  const lines = readFileSync(path, 'utf8').split('\n');
  const settings: [string, string][] = [];
  let section = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.endsWith('\\')) throw new Error(`${path}: continued lines are not read by this test`);
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1] as string;
      continue;
    }
    const at = line.indexOf('=');
    if (section === 'Service' && at > 0) settings.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  const all = (key: string) => settings.filter(([k]) => k === key).map(([, v]) => v);
  const one = (key: string) => {
    const values = all(key);
    if (values.length !== 1) throw new Error(`${path}: expected one ${key}=, found ${values.length}`);
    return values[0] as string;
  };
  const environment: Record<string, string> = {};
  for (const value of all('Environment')) {
    for (const word of splitCommand(value)) {
      const at = word.indexOf('=');
      environment[word.slice(0, at)] = word.slice(at + 1);
    }
  }
  const files = all('EnvironmentFile');
  return {
    user: one('User'),
    group: one('Group'),
    workingDirectory: one('WorkingDirectory'),
    environment,
    environmentFile: files[0]?.replace(/^-/, '') ?? null,
    execStartPre: all('ExecStartPre').map(splitCommand),
    execStart: splitCommand(one('ExecStart')),
    execStartPost: all('ExecStartPost').map(splitCommand),
    readWritePaths: all('ReadWritePaths').flatMap((v) => splitCommand(v).map((p) => p.replace(/^-/, ''))),
  };
}

/** An environment file (KEY=VALUE lines, # comments, a value optionally in double quotes). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) continue;
    env[line.slice(0, at).trim()] = line
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return env;
}

export interface ComposeService {
  /** `command:`, written as one flow sequence of double-quoted strings (JSON), compose's `$$` as `$`. */
  command: string[] | null;
  image: string | null;
  /** `volumes:` short forms, e.g. "backups:/backups". */
  volumes: string[];
}

/** One service of compose.yaml (two-space indentation, as the shipped file). */
export function composeService(text: string, name: string): ComposeService {
  const lines = text.split('\n');
  const services = lines.indexOf('services:');
  const start = lines.findIndex((l, i) => i > services && l === `  ${name}:`);
  if (services === -1 || start === -1) throw new Error(`compose.yaml has no service ${name}`);
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() && !line.trim().startsWith('#') && !line.startsWith('   ')) break;
    block.push(line);
  }
  const key = (k: string) =>
    block
      .find((l) => l.startsWith(`    ${k}:`))
      ?.slice(`    ${k}:`.length)
      .trim() ?? null;
  const command = key('command');
  if (command !== null && !command.startsWith('[')) {
    throw new Error(`compose.yaml: ${name}'s command must be one line ["…", …] for this test to read it`);
  }
  const volumesAt = block.indexOf('    volumes:');
  const volumes: string[] = [];
  if (volumesAt !== -1) {
    for (const line of block.slice(volumesAt + 1)) {
      const item = /^ {6}- (.+)$/.exec(line);
      if (!item) break;
      volumes.push((item[1] as string).trim().replace(/^"(.*)"$/, '$1'));
    }
  }
  return {
    command: command === null ? null : (JSON.parse(command) as string[]).map((w) => w.replaceAll('$$', '$')),
    image: key('image'),
    volumes,
  };
}
