// the test reads the seeded hashes itself; the app checks passwords only in accounts/password-checks.ts
import { readFileSync } from 'node:fs';
import { verify as verifyPassword } from '@node-rs/argon2';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordRule } from '../../domain/accounts/index.ts';
import { users } from '../db/schema.ts';
import { testConfig, useTestApp } from '../test/helper.ts';
import { DEMO_SIGN_INS, seedDemo, signInLines } from './seed.ts';

/** The passwords the README prints: anyone can read them. */
const README_PASSWORDS = ['Piste#Super1', 'Piste#Admin1', 'Piste#Parent1', 'Piste#Racer1'];

const t = useTestApp({
  NODE_ENV: 'production',
  JWT_SECRET: '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c',
  SMTP_URL: 'smtp://mail.example:587',
  MAIL_FROM: 'ERSA <entries@example.org>',
  PUBLIC_URL: 'https://entries.example.org',
  SEED_DEMO: 'true',
});

async function demoUsers() {
  return t.app.ctx.db.select().from(users).orderBy(asc(users.id));
}

/** The README's table of demo sign-ins: each row's role, usernames and password. */
function readmeSignIns(): { role: string; usernames: string[]; password: string }[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('Demo sign-ins (printed again at start):'));
  return [...table.matchAll(/^\| ([^|`]+?) \| ((?:`[^`]+`(?:, )?)+) \| `([^`]+)` \|$/gm)].map((m) => ({
    role: m[1] ?? '',
    usernames: [...(m[2] ?? '').matchAll(/`([^`]+)`/g)].map((u) => u[1] ?? ''),
    password: m[3] ?? '',
  }));
}

describe('the demo sign-ins `npm start` prints', () => {
  it('are the README’s eight accounts, in its rows and words', () => {
    const rows = readmeSignIns();
    expect(rows.flatMap((r) => r.usernames)).toEqual([
      'superadmin',
      'clubadmin',
      'sarahjones',
      'tomjones1',
      'emilyjones',
      'oliviabrown',
      'harrysmith',
      'noahwilson',
    ]);
    expect(DEMO_SIGN_INS.map((s) => s.username)).toEqual(rows.flatMap((r) => r.usernames));
    expect(signInLines(DEMO_SIGN_INS)).toEqual(
      rows.map((r) => `  ${r.role.padEnd(36)} ${r.usernames.join(', ')} / ${r.password}`),
    );
  });
});

describe('demo seed', { timeout: 60_000 }, () => {
  it('in production gives every demo account a random password, never one from the README', async () => {
    const seeded = await seedDemo(t.app.ctx);
    const accounts = await demoUsers();
    expect(accounts.map((u) => u.username)).toContain('superadmin');
    expect(seeded?.signIns.map((s) => s.username)).toEqual(accounts.map((u) => u.username));

    for (const user of accounts) {
      for (const readme of README_PASSWORDS) expect(await verifyPassword(user.passwordHash, readme)).toBe(false);
      const printed = seeded?.signIns.find((s) => s.username === user.username)?.password ?? '';
      expect(printed).toMatch(/^Dm#[A-Za-z0-9_-]{12}7$/);
      expect(passwordRule(printed)).toBeNull();
      expect(await verifyPassword(user.passwordHash, printed)).toBe(true);
    }
    const passwords = seeded?.signIns.map((s) => s.password) ?? [];
    expect(new Set(passwords).size).toBe(accounts.length);
  });

  it('in production, the README’s super administrator password does not sign in', async () => {
    await seedDemo(t.app.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'superadmin', password: 'Piste#Super1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('outside production seeds the README’s sign-ins, as `npm start` prints them', async () => {
    const seeded = await seedDemo({ ...t.app.ctx, config: testConfig() });
    expect(seeded?.signIns).toEqual(DEMO_SIGN_INS);
    const [superadmin] = await t.app.ctx.db.select().from(users).where(eq(users.username, 'superadmin'));
    expect(await verifyPassword(superadmin?.passwordHash ?? '', 'Piste#Super1')).toBe(true);
  });

  it('does nothing when the database already has a user', async () => {
    expect(await seedDemo(t.app.ctx)).not.toBeNull();
    expect(await seedDemo(t.app.ctx)).toBeNull();
    expect(await demoUsers()).toHaveLength(8);
  });
});

describe('demo results season', { timeout: 60_000 }, () => {
  it('uploads four club races this year and three last year, with qualifiers and non-qualifiers', async () => {
    await seedDemo({ ...t.app.ctx, config: testConfig() });
    const year = new Date().getUTCFullYear();
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/public/race-events/' });
    const events = listed.json() as { year: number; club_results: { club_id: string; points_calculated: boolean }[] }[];
    const calculated = (y: number) =>
      events
        .find((e) => e.year === y)
        ?.club_results.filter((c) => c.points_calculated)
        .map((c) => c.club_id);
    expect(calculated(year)).toEqual(['HEM', 'BRE', 'ESX', 'WGC']);
    expect(calculated(year - 1)).toEqual(['VIK', 'NOR', 'SMK']);

    const totals = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/season-totals/${year}/?group=junior_women`,
    });
    const rows = totals.json() as { is_qualified: boolean; races_needed: number }[];
    expect(rows.some((r) => r.is_qualified)).toBe(true);
    expect(rows.some((r) => !r.is_qualified && r.races_needed > 0)).toBe(true);
  });
});
