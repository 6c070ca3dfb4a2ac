/**
 * `npm run create-admin -- --reset-second-factor <username>` as an operator runs it (issue 37,
 * docs/decisions/0062): its own process, in production mode, on the embedded database in a
 * DATA_DIR of its own (the server stopped, as the embedded database needs). The account made by
 * create-admin is given an authenticator, recovery codes and sessions straight in its database;
 * the reset removes them and says so, and an unknown username is one line and exit 1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { securityEvents, totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { runCommand } from '../test/processes.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

const createAdmin = (args: string[], dataDir: string) =>
  runCommand(process.execPath, ['scripts/create-admin.ts', ...args], ROOT, {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c',
    PUBLIC_URL: 'https://entries.example.org',
    DATA_DIR: dataDir,
  });

async function withDatabase<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

it('removes the authenticator and recovery codes, ends the sessions and says what happens next; an unknown name is exit 1', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'piste-reset-'));
  folders.push(dataDir);
  const made = await createAdmin(['chiefadmin', 'chief@example.org', 'Chief', 'Admin'], dataDir);
  expect(made.code, made.output).toBe(0);
  // in production the new super administrator is told what the first sign-in asks
  expect(made.output).toContain(
    'Signing in first asks for an authenticator app to be set up (TOTP_REQUIRED_FOR_SUPER).',
  );

  const now = new Date();
  const later = new Date(now.getTime() + 86_400_000);
  const userId = await withDatabase(dataDir, async ({ db }) => {
    const [chief] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'chiefadmin'));
    const id = chief?.id as number;
    await db.insert(totpFactors).values({ userId: id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: now, lastStep: 1 });
    await db.insert(totpRecoveryCodes).values(['a', 'b', 'c'].map((c) => ({ userId: id, codeHash: c.repeat(64) })));
    await db.insert(sessions).values([
      { userId: id, tokenHash: 'one', expiresAt: later },
      { userId: id, tokenHash: 'two', expiresAt: later },
      { userId: id, tokenHash: 'ended', expiresAt: later, revokedAt: now },
    ]);
    return id;
  });

  const reset = await createAdmin(['--reset-second-factor', 'ChiefAdmin'], dataDir);
  expect(reset.code, reset.output).toBe(0);
  expect(reset.output).toBe(
    "Second factor reset: removed chiefadmin's authenticator and 3 recovery codes; ended 2 signed-in sessions.\n" +
      'At the next sign-in chiefadmin signs in with the password alone and is taken to My Profile → Security to set up an authenticator app before anything else (TOTP_REQUIRED_FOR_SUPER).\n',
  );
  await withDatabase(dataDir, async ({ db }) => {
    expect(await db.select().from(totpFactors)).toEqual([]);
    expect(await db.select().from(totpRecoveryCodes)).toEqual([]);
    const open = (await db.select().from(sessions)).filter((s) => s.revokedAt === null);
    expect(open).toEqual([]);
    const logged = await db
      .select({ userId: securityEvents.userId, username: securityEvents.username, kind: securityEvents.kind })
      .from(securityEvents);
    expect(logged).toEqual([{ userId, username: 'chiefadmin', kind: 'second_factor_off' }]);
  });

  const unknown = await createAdmin(['--reset-second-factor', 'chiefadmn'], dataDir);
  expect([unknown.code, unknown.output]).toEqual([
    1,
    'No account has the username "chiefadmn": nothing was changed. Check the spelling (sign-in names are not case-sensitive).\n',
  ]);

  // on the embedded database, not while the server (here: this process) holds it
  const locked = await withDatabase(dataDir, () => createAdmin(['--reset-second-factor', 'chiefadmin'], dataDir));
  expect(locked.code).toBe(1);
  expect(locked.output).toMatch(
    /^The embedded database is in use by process \d+ \(lock .+\)\. Stop the server first: on the embedded database this runs while it is stopped\.\n$/,
  );

  const usage = await createAdmin(['--reset-second-factor'], dataDir);
  expect(usage.code).toBe(2);
  expect(usage.output).toContain('npm run create-admin -- --reset-second-factor <username>');
}, 120_000);
