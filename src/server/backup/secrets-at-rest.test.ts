/**
 * Issue 37: authenticator secrets are sealed at rest with a key derived from JWT_SECRET. A site
 * whose administrator has added an authenticator holds no base32 secret in clear in its database
 * (every row of every table) nor in a backup's database part (the embedded database's files, or
 * pg_dump's archive written out as SQL) — while the grep does find the administrator's username
 * there, so it reads the bytes the secret would be in. Restored with another JWT_SECRET, the start
 * says that those authenticators must be set up again, removes them, and the administrator signs
 * in with the password; with the old secret as JWT_SECRET_PREVIOUS they are sealed again instead.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkTotpSecrets } from '../accounts/totp-secrets.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { users } from '../db/schema.ts';
import { securityEvents, totpFactors } from '../db/schema-security.ts';
import { createDatabase, dropDatabases, everyRow, openSite, removeAll, seededSite } from '../test/backup-sites.ts';
import { TEST_DB } from '../test/databases.ts';
import { testConfig } from '../test/helper.ts';
import { backupCommand, restoreCommand } from './commands.ts';
import { pgToolPath, serverMajor } from './database-dump.ts';
import { DATABASE_ENTRY } from './manifest.ts';

const ADMIN = { username: 'clubadmin', password: 'Piste#Admin1' };
const SECRET_A = 'jwt-secret-of-the-first-installation-0123456789';
const SECRET_B = 'jwt-secret-of-another-installation-9876543210';

const folders: string[] = [];
const databases: string[] = [];
let counter = 0;

async function site(jwtSecret: string, extra: Record<string, string> = {}, migrated = false): Promise<Config> {
  counter += 1;
  const dataDir = await mkdtemp(join(tmpdir(), 'piste-secrets-'));
  folders.push(dataDir);
  const url =
    TEST_DB === 'pglite'
      ? undefined
      : await createDatabase(`piste_secrets_${process.pid}_${counter}`, migrated ? inject('pgTemplate') : undefined);
  if (url) databases.push(url.split('/').pop() ?? '');
  return testConfig({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret, ...(url ? { DATABASE_URL: url } : {}), ...extra });
}

async function withApp<T>(config: Config, work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  const database = await openSite(config);
  const app = await buildApp({ config, database, jobs: 'manual' });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

const signIn = (app: Awaited<ReturnType<typeof buildApp>>) =>
  app.inject({ method: 'POST', url: '/api/v1/login/', payload: ADMIN });

/** The bytes of one entry of an uncompressed tar. */
function tarEntry(tar: Buffer, name: string): Buffer {
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    const entry = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('ascii'), 8);
    if (entry === name) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} is not in the archive`);
}

/** The backup's database part as bytes a grep can read: the embedded database's files (the
 * folder's tar, unzipped), or pg_dump's custom archive written out as SQL by pg_restore. */
async function readableDatabase(config: Config, archive: string): Promise<Buffer> {
  const tar = gunzipSync(await readFile(archive));
  if (TEST_DB === 'pglite') return gunzipSync(tarEntry(tar, DATABASE_ENTRY.pglite));
  const dump = join(config.dataDir, 'dump.pgdump');
  await writeFile(dump, tarEntry(tar, DATABASE_ENTRY.postgresql));
  const major = await withApp(config, (app) => serverMajor(app.ctx.db));
  const sqlFile = join(config.dataDir, 'dump.sql');
  await promisify(execFile)(pgToolPath('pg_restore', major), ['--file', sqlFile, dump]);
  return readFile(sqlFile);
}

let source: Config;
let archive: string;
let secret: string;

beforeAll(async () => {
  source = await site(SECRET_A, {}, true);
  await seededSite(source);
  secret = await withApp(source, async (app) => {
    const { access } = (await signIn(app)).json() as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const setup = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/totp/setup/',
      headers,
      payload: { password: ADMIN.password },
    });
    const made = (setup.json() as { secret: string }).secret;
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/totp/confirm/',
      headers,
      payload: { code: await generate({ secret: made }) },
    });
    if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
    return made;
  });
  archive = (await backupCommand(source, join(source.dataDir, 'backups'))).archive;
}, 400_000);

afterAll(async () => {
  await removeAll(folders);
  await dropDatabases(databases);
});

describe(`authenticator secrets at rest (${TEST_DB})`, () => {
  it('the database holds the secret sealed, nowhere in clear', async () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await withApp(source, async (app) => {
      const [row] = await app.ctx.db
        .select({ secret: totpFactors.secret })
        .from(totpFactors)
        .innerJoin(users, eq(users.id, totpFactors.userId))
        .where(eq(users.username, ADMIN.username));
      expect(row?.secret).toMatch(/^v1\.[A-Za-z0-9_-]{40,}$/);
      const everything = JSON.stringify(await everyRow(app.ctx.db));
      expect(everything).toContain(ADMIN.username);
      expect(everything).not.toContain(secret);
      // and the sign-in still asks for the code made from it
      expect(Object.keys((await signIn(app)).json() as object)).toContain('challenge');
    });
  });

  it('a backup file holds no secret in clear', async () => {
    const bytes = await readableDatabase(source, archive);
    expect(bytes.includes(Buffer.from(ADMIN.username))).toBe(true);
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect((await readFile(archive)).includes(Buffer.from(secret))).toBe(false);
  });

  it('restored with another JWT_SECRET: the start says plainly the authenticator must be set up again, and the password signs in', async () => {
    const target = await site(SECRET_B);
    await restoreCommand(target, archive, false);
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
    await withApp(target, async (app) => {
      const result = await checkTotpSecrets(app.ctx, log);
      expect(result).toEqual({ sealed: 0, resealed: 0, removed: [ADMIN.username] });
      expect(lines).toEqual([
        `warn 1 authenticator(s) were sealed with another JWT_SECRET (a backup from another installation, or JWT_SECRET changed without JWT_SECRET_PREVIOUS) and cannot be read: their second factor must be set up again, at the next sign-in (My Profile → Security). Accounts: ${ADMIN.username}`,
      ]);
      const res = await signIn(app);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json() as object)).toEqual(['access']);
      const [event] = await app.ctx.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.detail, 'sealed with another JWT_SECRET: to be set up again'));
      expect(event).toMatchObject({ username: ADMIN.username, kind: 'second_factor_off', ip: null });
      // a second start finds nothing more to do
      expect(await checkTotpSecrets(app.ctx, log)).toEqual({ sealed: 0, resealed: 0, removed: [] });
    });
  }, 120_000);

  it('restored with the old secret as JWT_SECRET_PREVIOUS: sealed again with the new one, the code still asked', async () => {
    const target = await site(SECRET_B, { JWT_SECRET_PREVIOUS: SECRET_A });
    await restoreCommand(target, archive, false);
    const log = { info: () => {}, warn: () => {} };
    await withApp(target, async (app) => {
      expect(await checkTotpSecrets(app.ctx, log)).toEqual({ sealed: 0, resealed: 1, removed: [] });
      const res = await signIn(app);
      const { challenge } = res.json() as { challenge: string };
      const done = await app.inject({
        method: 'POST',
        url: '/api/v1/login/totp/',
        payload: { challenge, code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
      });
      expect(done.statusCode, done.body).toBe(200);
    });
  }, 120_000);
});
