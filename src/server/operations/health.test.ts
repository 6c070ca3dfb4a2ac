import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { backups, healthAlerts } from '../db/schema-operations.ts';
import { createUser, signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { runHealthChecks } from './job.ts';

const t = useTestApp({ OPS_EMAIL: 'ops@ersa.example' });
const HOUR = 60 * 60_000;

const check = () => runHealthChecks(t.app.ctx, t.app.health);
/** The alert e-mails received at the operations address, as [subject, first line]. */
async function opsMail(): Promise<[string, string][]> {
  await t.flushMail();
  return t.outbox.messages
    .filter((m) => m.to === 'ops@ersa.example')
    .map((m) => [m.subject, m.text.split('\n')[0] ?? '']);
}
const alertRow = async (kind: string) =>
  (await t.app.ctx.db.select().from(healthAlerts).where(sql`${healthAlerts.kind} = ${kind}`))[0];

describe('mail keeps failing', () => {
  /** The parent's mail, not the alerts the outbox also holds. */
  const parents = eq(mailOutbox.recipient, 'parent@example.org');
  async function failingMail(attempts: number) {
    await t.app.ctx.db.insert(mailOutbox).values({
      template: 'contact',
      recipient: 'parent@example.org',
      data: {},
      attempts,
      lastError: 'connect ECONNREFUSED [address]',
      nextAttemptAt: new Date(t.clock.now().getTime() + HOUR),
    });
  }

  it('a mail pending after 2 attempts does not raise it; after 3 it does, with one e-mail for two checks', async () => {
    await failingMail(2);
    expect((await check()).mail).toBe('unchanged');
    await t.app.ctx.db.update(mailOutbox).set({ attempts: 3 }).where(parents);
    expect((await check()).mail).toBe('raised');
    expect((await check()).mail).toBe('unchanged');
    const row = await alertRow('mail');
    expect(row?.detail).toBe(
      '1 e-mail failed 3 times or more (last error: connect ECONNREFUSED [address]). Check SMTP_URL and the mail server; the Mail panel lists them.',
    );
    expect(row?.raisedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await opsMail()).toEqual([
      [
        'ERSA site health: Mail keeps failing',
        `Mail keeps failing (since ${t.clock.now().toISOString().replace('T', ' ').slice(0, 16)} UTC).`,
      ],
    ]);
    const alert = t.outbox.messages.find((m) => m.to === 'ops@ersa.example');
    expect(alert?.text).toContain('1 e-mail failed 3 times or more');
    expect(alert?.text).toContain('You will get one more e-mail when it clears, and none before.');
  });

  it('clears when the mail went, with one "cleared" e-mail; raised again, it is e-mailed again', async () => {
    await failingMail(3);
    await check();
    await t.app.ctx.db.update(mailOutbox).set({ status: 'sent', attempts: 4 }).where(parents);
    t.clock.advance(60_000);
    expect((await check()).mail).toBe('cleared');
    expect((await check()).mail).toBe('unchanged');
    const subjects = (await opsMail()).map(([subject]) => subject);
    expect(subjects).toEqual(['ERSA site health: Mail keeps failing', 'ERSA site health: cleared: Mail keeps failing']);
    expect(await alertRow('mail')).toMatchObject({ raisedAt: null, clearedAt: t.clock.now() });

    await t.app.ctx.db.update(mailOutbox).set({ status: 'failed' }).where(parents);
    t.clock.advance(60_000);
    expect((await check()).mail).toBe('raised');
    expect((await opsMail()).map(([subject]) => subject)).toHaveLength(3);
  });

  it('a mail given up on keeps it raised for a day after it was queued; alerts go to OPS_EMAIL', async () => {
    await failingMail(10);
    await t.app.ctx.db
      .update(mailOutbox)
      .set({ status: 'failed', createdAt: new Date(t.clock.now().getTime() - 23 * HOUR) });
    expect((await check()).mail).toBe('raised');
    t.clock.advance(HOUR + 1);
    expect((await check()).mail).toBe('cleared');
    expect(t.app.ctx.config.opsEmail).toBe('ops@ersa.example');
  });
});

describe('the last backup', () => {
  const backup = (hoursAgo: number, status: 'done' | 'failed' = 'done') =>
    t.app.ctx.db.insert(backups).values({
      startedAt: new Date(t.clock.now().getTime() - hoursAgo * HOUR - 60_000),
      finishedAt: new Date(t.clock.now().getTime() - hoursAgo * HOUR),
      status,
      database: 'pglite',
      archive: 'piste-backup.tar.gz',
      bytes: 123_456,
    });

  it('a brand-new site (no data, or data less than a day old) is not alerted for having no backup yet', async () => {
    expect((await check()).backup).toBe('unchanged');
    await createUser(t.app, { kind: 'super' });
    t.clock.advance(23 * HOUR);
    expect((await check()).backup).toBe('unchanged');
  });

  it('no backup on a site older than a day raises "no backup yet"', async () => {
    await createUser(t.app, { kind: 'super' });
    t.clock.advance(24 * HOUR + 60_000);
    expect((await check()).backup).toBe('raised');
    expect((await alertRow('backup'))?.detail).toBe(
      'No backup yet, and the site has held data for more than a day. Run npm run backup and schedule it daily.',
    );
    expect((await opsMail()).map(([s]) => s)).toEqual(['ERSA site health: No recent backup']);
  });

  it('a good backup 23 hours old is fine; 25 hours old raises it; a new one clears it', async () => {
    await backup(23);
    expect((await check()).backup).toBe('unchanged');
    t.clock.advance(2 * HOUR);
    expect((await check()).backup).toBe('raised');
    expect((await alertRow('backup'))?.detail).toMatch(
      /^The last backup finished \d{4}-\d\d-\d\d \d\d:\d\d UTC, more than a day ago\. Run npm run backup \(and check its schedule\)\.$/,
    );
    await backup(0);
    expect((await check()).backup).toBe('cleared');
    expect((await opsMail()).map(([s]) => s)).toEqual([
      'ERSA site health: No recent backup',
      'ERSA site health: cleared: No recent backup',
    ]);
  });

  it('the last backup failed: raised at once with when and why, even after a good one an hour before; a good one clears it', async () => {
    const failed = (hoursAgo: number, error: string) =>
      t.app.ctx.db.insert(backups).values({
        startedAt: new Date(t.clock.now().getTime() - hoursAgo * HOUR - 60_000),
        finishedAt: new Date(t.clock.now().getTime() - hoursAgo * HOUR),
        status: 'failed',
        database: 'pglite',
        archive: 'piste-backup.tar.gz',
        error,
      });
    await backup(1);
    await failed(0, "EACCES: permission denied, mkdir '/var/backups/piste'");
    // one still running (or killed while running) is no outcome: the failure stays the last word
    await t.app.ctx.db.insert(backups).values({ startedAt: t.clock.now(), database: 'pglite', archive: 'x.tar.gz' });
    expect((await check()).backup).toBe('raised');
    const at = t.clock.now().toISOString().replace('T', ' ').slice(0, 16);
    expect((await alertRow('backup'))?.detail).toBe(
      `The last backup failed at ${at} UTC: EACCES: permission denied, mkdir '/var/backups/piste'`,
    );
    const mails = await opsMail();
    expect(mails.map(([s]) => s)).toEqual(['ERSA site health: No recent backup']);
    expect(t.outbox.messages.find((m) => m.to === 'ops@ersa.example')?.text).toContain(
      "EACCES: permission denied, mkdir '/var/backups/piste'",
    );

    // a good one, then a newer failure: raised again (the same alert's detail, no second mail while raised)
    await backup(0);
    expect((await check()).backup).toBe('cleared');
    t.clock.advance(HOUR);
    await failed(0, 'pg_dump failed: connection refused');
    expect((await check()).backup).toBe('raised');
    expect((await alertRow('backup'))?.detail).toMatch(/ UTC: pg_dump failed: connection refused$/);
  });
});

describe('a slow database', () => {
  /** Holds the alerts table for `ms` in another transaction: the job's round trip waits for it. */
  async function slowCheck(ms: number) {
    const { db } = t.app.ctx;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locker = db.transaction(async (tx) => {
      await tx.execute(sql`lock table health_alerts in access exclusive mode`);
      release();
      await tx.execute(sql.raw(`select pg_sleep(${ms / 1000})`));
    });
    await held;
    const result = await check();
    await locker;
    return result.database;
  }

  it('raised after 3 checks in a row above 500 ms, not after 2; a fast check clears it', {
    timeout: 60_000,
  }, async () => {
    expect(await slowCheck(700)).toBe('unchanged');
    expect(await slowCheck(700)).toBe('unchanged');
    expect(await alertRow('database')).toBeUndefined();
    expect(await slowCheck(700)).toBe('raised');
    expect((await alertRow('database'))?.detail).toMatch(
      /^The database took \d+ ms to answer, above 500 ms 3 checks in a row\. Look at the database server's load, disk and connections\.$/,
    );
    expect(await slowCheck(700)).toBe('unchanged');
    expect((await check()).database).toBe('cleared');
    expect((await opsMail()).map(([s]) => s)).toEqual([
      'ERSA site health: The database is slow',
      'ERSA site health: cleared: The database is slow',
    ]);
  });
});

describe('GET /admin/health/ (the Site health panel)', () => {
  it('for super administrators only', async () => {
    const admin = await signedIn(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/health/', headers: bearer(admin.access) });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/health/' })).statusCode).toBe(401);
  });

  it('shows each condition green or raised with its detail and since when, and the last backup ("never": null)', async () => {
    const chief = await signedIn(t.app, 'super');
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/health/', headers: bearer(chief.access) })).json();
    const first = await get();
    expect(first.last_backup).toBeNull();
    expect(first.alerts.map((a: { title: string; raised: boolean }) => [a.title, a.raised])).toEqual([
      ['The database cannot be reached', false],
      ['Disk full', false],
      ['Mail keeps failing', false],
      ['No recent backup', false],
      ['A burst of server errors', false],
      ['Card payment webhooks are not arriving', false],
      ['The database is slow', false],
    ]);
    // no backup yet on a site in its first day: not raised (nor e-mailed), but not "OK" either
    expect(first.alerts.find((a: { kind: string }) => a.kind === 'backup')).toMatchObject({
      raised: false,
      notice:
        'No backup yet. Run npm run backup and schedule it daily: the alert is raised once the site has held data for a day.',
    });
    expect(first.alerts.filter((a: { notice: string | null }) => a.notice !== null)).toHaveLength(1);
    await t.app.ctx.db
      .insert(mailOutbox)
      .values({ template: 'contact', recipient: 'a@b.example', data: {}, attempts: 5 });
    await t.app.ctx.db.insert(backups).values({
      startedAt: new Date('2026-01-15T02:00:00Z'),
      finishedAt: new Date('2026-01-15T02:01:00Z'),
      status: 'done',
      database: 'pglite',
      archive: 'a.tar.gz',
      bytes: 2048,
    });
    await check();
    const second = await get();
    expect(second.alerts.find((a: { kind: string }) => a.kind === 'mail')).toEqual({
      kind: 'mail',
      title: 'Mail keeps failing',
      raised: true,
      detail:
        '1 e-mail failed 3 times or more (last error: none recorded). Check SMTP_URL and the mail server; the Mail panel lists them.',
      since: t.clock.now().toISOString(),
      cleared_at: null,
      notice: null,
    });
    // a backup made: the backup condition is plainly fine
    expect(second.alerts.find((a: { kind: string }) => a.kind === 'backup')?.notice).toBeNull();
    expect(second.last_backup).toEqual({
      started_at: '2026-01-15T02:00:00.000Z',
      finished_at: '2026-01-15T02:01:00.000Z',
      status: 'done',
      bytes: 2048,
      error: null,
    });
  });
});

describe('GET /admin/health/banners/ (the back office’s banner)', () => {
  it('for administrators: a raised "Mail keeps failing" while it lasts, nothing once cleared', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/health/banners/' })).statusCode).toBe(401);
    const user = await signedIn(t.app, 'user');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/health/banners/',
      headers: bearer(user.access),
    });
    expect(refused.statusCode).toBe(403);
    const admin = await signedIn(t.app, 'admin');
    const get = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/health/banners/', headers: bearer(admin.access) })
      ).json();
    expect(await get()).toEqual([]);
    await t.app.ctx.db
      .insert(mailOutbox)
      .values({ template: 'contact', recipient: 'a@b.example', data: {}, attempts: 5, lastError: 'EAUTH' });
    await check();
    expect(await get()).toEqual([
      {
        kind: 'mail',
        title: 'Mail keeps failing',
        detail:
          '1 e-mail failed 3 times or more (last error: EAUTH). Check SMTP_URL and the mail server; the Mail panel lists them.',
        since: t.clock.now().toISOString(),
      },
    ]);
    await t.app.ctx.db.update(mailOutbox).set({ status: 'sent' });
    t.clock.advance(60_000);
    await check();
    expect(await get()).toEqual([]);
  });
});
