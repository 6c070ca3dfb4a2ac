/**
 * Issue 36: `npm run backup`, `npm run restore` and `npm run create-admin` with a DATABASE_URL
 * they cannot use print the server's one line (startup-errors.ts) and exit 1 — never Drizzle's
 * raw `Failed query: SELECT …`. Each script as its own process, against each bad address: a
 * database that does not exist, a wrong password, a user that does not exist, a server that is
 * not running. The test server trusts every local connection, so no password is ever wrong on
 * it: the wrong password comes from a stand-in that answers as PostgreSQL does (28P01), and the
 * real server refuses a user it does not know (28000).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { TEST_DATABASE_URL } from './test/databases.ts';
import { createEmptyDatabase, dropDatabase } from './test/scratch-databases.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function run(script: string, args: string[], databaseUrl: string) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const base = new URL(TEST_DATABASE_URL);
const where = `${base.hostname}:${base.port || '5432'}`;
const user = base.username || 'postgres';
const missing = `piste_nope_${process.pid}`;
const source = `piste_script_errors_${process.pid}`;

let folder = '';
let archive = '';
/** A PostgreSQL stand-in that refuses every password (28P01), as a server with password
 * authentication answers a wrong one. */
let refuser: Server;
let refuserPort = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'piste-script-errors-'));
  refuser = createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.from('SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "piste"\0\0');
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
  refuser.listen(0, '127.0.0.1');
  await once(refuser, 'listening');
  refuserPort = (refuser.address() as { port: number }).port;
  // a real archive for restore to check before it reaches the database
  const url = await createEmptyDatabase(source);
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const made = await run('scripts/backup.ts', ['--out', folder], url);
  expect(made.code, made.output).toBe(0);
  archive = join(folder, (await readdir(folder))[0] as string);
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => refuser.close(() => resolve()));
  await dropDatabase(source);
  await rm(folder, { recursive: true, force: true });
});

const scripts: [string, () => string[]][] = [
  ['backup', () => ['--out', join(folder, 'out')]],
  ['restore', () => [archive]],
  ['create-admin', () => ['chief', 'chief@example.org', 'Chief', 'Admin']],
];

const cases: [string, () => string, () => string][] = [
  [
    'a database that does not exist',
    () => `postgres://${user}@${where}/${missing}`,
    () =>
      `DATABASE_URL: the database "${missing}" does not exist on ${where}; create it (createdb -O ${user} ${missing}, see the README) or correct the name in DATABASE_URL.`,
  ],
  [
    'a wrong password',
    () => `postgres://piste:wrong-s3cret@127.0.0.1:${refuserPort}/piste`,
    () =>
      `DATABASE_URL: the database at 127.0.0.1:${refuserPort} refused the password of user "piste"; check the password in DATABASE_URL.`,
  ],
  [
    'a user that does not exist',
    () => `postgres://piste_nobody_${process.pid}:s3cret@${where}/test`,
    () =>
      `DATABASE_URL: the database at ${where} refused user "piste_nobody_${process.pid}" (role "piste_nobody_${process.pid}" does not exist); check the user in DATABASE_URL, or create it (see the README).`,
  ],
  [
    'a server that is not running',
    () => 'postgres://piste@127.0.0.1:1/piste',
    () =>
      'DATABASE_URL: cannot reach the database server at 127.0.0.1:1 (ECONNREFUSED); is PostgreSQL running there and accepting connections?',
  ],
];

for (const [script, args] of scripts) {
  describe.concurrent(`npm run ${script} with a DATABASE_URL it cannot use`, { timeout: 60_000 }, () => {
    for (const [name, url, line] of cases) {
      it(name, async () => {
        const result = await run(`scripts/${script}.ts`, args(), url());
        expect(result.output).not.toContain('Failed query');
        expect(result.output).not.toContain('s3cret');
        expect(result.output).not.toMatch(/^ {4}at /m);
        expect(result.output.trim()).toBe(line());
        expect(result.code).toBe(1);
      });
    }
  });
}
