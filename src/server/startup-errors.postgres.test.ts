/**
 * A volunteer's mistakes at start, seen from outside (issue 25): the server and
 * `npm run create-admin` run as their own processes with a wrong DATABASE_URL, a database they
 * cannot reach, or no (or a weak) JWT_SECRET, and print one line naming the problem and the
 * variable — no stack trace — and exit non-zero. In the api-postgres project only: it needs a
 * PostgreSQL server to point at (a database that does not exist on it).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './test/databases.ts';
import { passwordRefuser } from './test/password-refuser.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOOD_SECRET = '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c';

/** Runs `node <script> …args` with exactly this environment; resolves with its exit code and
 * what it wrote to standard error. */
async function run(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', WEB_DIST: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close': once the pipes are drained ('exit' may come first; stderr was read empty under load)
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stderr };
}

const server = (env: Record<string, string>) => run('src/server/main.ts', { LOG_LEVEL: 'silent', ...env });
const createAdmin = (env: Record<string, string>) =>
  run('scripts/create-admin.ts', env, ['chief', 'chief@example.org', 'Chief', 'Admin']);

/** Exits non-zero having written exactly this one line, and no stack frame. */
function expectOneLine(result: { code: number | null; stderr: string }, line: string): void {
  expect(result.stderr).not.toMatch(/^ {4}at /m);
  expect(result.stderr.trim()).toBe(line);
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
}

const base = new URL(TEST_DATABASE_URL);
const where = `${base.hostname}:${base.port || '5432'}`;
const withDatabase = (name: string) => `postgres://${base.username || 'postgres'}@${where}/${name}`;

let refuser: Awaited<ReturnType<typeof passwordRefuser>>;
beforeAll(async () => {
  refuser = await passwordRefuser();
});
afterAll(() => refuser.close());

describe.concurrent('the server with a DATABASE_URL it cannot use', { timeout: 90_000 }, () => {
  it('not a PostgreSQL address', async () => {
    expectOneLine(
      await server({ DATABASE_URL: 'mysql://piste:s3cret@localhost/piste' }),
      'Invalid environment configuration: DATABASE_URL: not a PostgreSQL connection string; write it as postgres://user:password@host:5432/database',
    );
  });

  it('a host that does not exist', async () => {
    expectOneLine(
      await server({ DATABASE_URL: 'postgres://piste:s3cret@no-such-host.invalid/piste' }),
      'DATABASE_URL: the database host "no-such-host.invalid" was not found; check the host name in DATABASE_URL.',
    );
  });

  it('a wrong password, never repeated', async () => {
    const result = await server({ DATABASE_URL: `postgres://piste:wrong-s3cret@127.0.0.1:${refuser.port}/piste` });
    expectOneLine(
      result,
      `DATABASE_URL: the database at 127.0.0.1:${refuser.port} refused the password of user "piste"; check the password in DATABASE_URL.`,
    );
    expect(result.stderr).not.toContain('wrong-s3cret');
  });

  it('a database that does not exist', async () => {
    expectOneLine(
      await server({ DATABASE_URL: withDatabase('piste_ops_no_such_database') }),
      `DATABASE_URL: the database "piste_ops_no_such_database" does not exist on ${where}; create it (createdb -O ${base.username || 'postgres'} piste_ops_no_such_database, see the README) or correct the name in DATABASE_URL.`,
    );
  });

  it('a server that is not running', async () => {
    expectOneLine(
      await server({ DATABASE_URL: 'postgres://piste@127.0.0.1:1/piste' }),
      'DATABASE_URL: cannot reach the database server at 127.0.0.1:1 (ECONNREFUSED); is PostgreSQL running there and accepting connections?',
    );
  });

  it('in production without PUBLIC_URL', async () => {
    expectOneLine(
      await server({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATABASE_URL: withDatabase('unused') }),
      "Invalid environment configuration: PUBLIC_URL: required in production: the site's address as visitors reach it (e.g. https://entries.example.org); links in e-mails are made from it",
    );
  });
});

describe.concurrent('npm run create-admin', { timeout: 90_000 }, () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://entries.example.org', DATA_DIR: 'memory://' };

  it('without JWT_SECRET in production', async () => {
    expectOneLine(
      await createAdmin(production),
      'Invalid environment configuration: JWT_SECRET: required in production',
    );
  });

  it('with a weak JWT_SECRET in production', async () => {
    expectOneLine(
      await createAdmin({ ...production, JWT_SECRET: 'abcdefgh'.repeat(4) }),
      'Invalid environment configuration: JWT_SECRET: a short pattern repeated; generate one with openssl rand -hex 32',
    );
  });

  it('with a database server that is not running', async () => {
    expectOneLine(
      await createAdmin({ ...production, JWT_SECRET: GOOD_SECRET, DATABASE_URL: 'postgres://piste@127.0.0.1:1/piste' }),
      'DATABASE_URL: cannot reach the database server at 127.0.0.1:1 (ECONNREFUSED); is PostgreSQL running there and accepting connections?',
    );
  });
});
