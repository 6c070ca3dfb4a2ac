import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetMailsSettled } from '../accounts/password-reset.ts';
import { type App, buildApp } from '../app.ts';
import { createUser } from '../test/fixtures.ts';
import { openTestDatabase, TestOutbox, testConfig } from '../test/helper.ts';
import { errorForLog, withoutParams } from './errors.ts';

/**
 * Issue 24: a failed statement in the password-reset task reached the log with its parameters
 * (the username, a token hash), against DESIGN.md's "Logs never hold … query parameters of failed
 * SQL". The logger's serializer for `err` and `error` cuts them, whoever logs the error.
 */
const lines: string[] = [];
let app: App;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info' }),
    database: await openTestDatabase(),
    mailer: new TestOutbox(),
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => app?.close());

const entries = () =>
  lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);

async function requestReset(username: string): Promise<void> {
  lines.length = 0;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/password-reset-request/',
    payload: { username },
    remoteAddress: '10.77.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  await resetMailsSettled();
}

describe('a failed query in the password-reset task', () => {
  it('is logged with its SQL and its cause, without the token hash it was storing', async () => {
    const user = await createUser(app, { username: 'resetlogger1' });
    await app.ctx.db.execute(
      sql.raw(`CREATE FUNCTION refuse_reset() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'no reset tokens today' USING ERRCODE = 'P0001'; END $$`),
    );
    await app.ctx.db.execute(
      sql.raw(`CREATE TRIGGER refuse_reset BEFORE INSERT ON password_reset_tokens
        FOR EACH ROW EXECUTE FUNCTION refuse_reset()`),
    );
    try {
      await requestReset(user.username);
    } finally {
      await app.ctx.db.execute(sql.raw('DROP TRIGGER refuse_reset ON password_reset_tokens'));
    }
    const failure = entries().find((e) => e.msg === 'password reset mail failed');
    expect(failure, JSON.stringify(entries())).toBeDefined();
    expect(failure?.err).toMatchObject({
      code: 'P0001',
      message: 'no reset tokens today',
      query: expect.stringMatching(
        /^insert into "password_reset_tokens" .* values \(default, \$1, \$2, \$3, default, \$4\)$/,
      ),
    });
    expect(JSON.stringify(failure)).not.toContain('params');
    // the token's hash is 64 hex digits; the user's id and the dates were the other parameters
    expect(JSON.stringify(entries())).not.toMatch(/[0-9a-f]{64}/);
  });

  it('is logged without the username it looked up', async () => {
    const user = await createUser(app, { username: 'resetlogger2' });
    await app.ctx.db.execute(sql.raw('ALTER TABLE users RENAME COLUMN is_active TO is_active_gone'));
    try {
      await requestReset(user.username);
    } finally {
      await app.ctx.db.execute(sql.raw('ALTER TABLE users RENAME COLUMN is_active_gone TO is_active'));
    }
    const failure = entries().find((e) => e.msg === 'password reset mail failed');
    expect(failure, JSON.stringify(entries())).toBeDefined();
    expect(failure?.err).toMatchObject({
      code: '42703',
      message: 'column "is_active" does not exist',
      query: expect.stringMatching(/ from "users" where lower\("users"\."username"\) = \$1$/),
    });
    expect(JSON.stringify(entries())).not.toContain('resetlogger2');
  });
});

describe('the log serializer', () => {
  const query = 'select "id" from "users" where "username" = $1';
  const drizzleError = () => {
    const cause = Object.assign(new Error('relation "users" does not exist'), { code: '42P01' });
    const error = new Error(`Failed query: ${query}\nparams: sarahjones,pat@example.com`, { cause });
    error.name = 'DrizzleQueryError';
    return Object.assign(error, { query, params: ['sarahjones', 'pat@example.com'] });
  };

  it('describes a query error by its SQL, its cause and code, never its parameters', () => {
    const logged = errorForLog(drizzleError()) as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '42P01',
      message: 'relation "users" does not exist',
      query,
    });
    expect(JSON.stringify(logged)).not.toMatch(/sarahjones|pat@example\.com|params/);
  });

  it('cuts the parameters out of a message a caller copied into its own object', () => {
    const message = String(drizzleError());
    expect(message).toContain('sarahjones');
    expect(errorForLog({ message, code: 'X' })).toEqual({
      message: `DrizzleQueryError: Failed query: ${query}`,
      code: 'X',
    });
    expect(errorForLog(message)).toBe(`DrizzleQueryError: Failed query: ${query}`);
    expect(withoutParams('no parameters here')).toBe('no parameters here');
  });
});
