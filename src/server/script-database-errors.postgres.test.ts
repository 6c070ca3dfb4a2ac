import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { TEST_DATABASE_URL } from './test/databases.ts';
import { passwordRefuser } from './test/password-refuser.ts';
import { runCommand } from './test/processes.ts';
import { createEmptyDatabase, dropDatabase } from './test/scratch-databases.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(script: string, args: string[], databaseUrl: string) {
  return runCommand(process.execPath, [script, ...args], ROOT, {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATABASE_URL: databaseUrl,
  });
}

const base = new URL(TEST_DATABASE_URL);
const where = `${base.hostname}:${base.port || '5432'}`;
const user = base.username || 'postgres';
const missing = `piste_nope_${process.pid}`;
const source = `piste_script_errors_${process.pid}`;

let folder = '';
let archive = '';
let refuser: Awaited<ReturnType<typeof passwordRefuser>>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'piste-script-errors-'));
  refuser = await passwordRefuser();
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
  await refuser.close();
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
    () => `postgres://piste:wrong-s3cret@127.0.0.1:${refuser.port}/piste`,
    () =>
      `DATABASE_URL: the database at 127.0.0.1:${refuser.port} refused the password of user "piste"; check the password in DATABASE_URL.`,
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
