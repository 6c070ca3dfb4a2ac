/**
 * Issue 36, a full disk, always run on both databases: every table's writes refused with
 * PostgreSQL's disk_full (53100) by a trigger, as a database whose disk is full refuses them,
 * reads still answered. Then: writes answer 503 with the visitor's words (JSON for the API, the
 * page for a browser), pages that only read are still painted, ready fails with "the disk is
 * full", Site Health shows "Disk full" from memory (the database cannot take the alert), no burst
 * of errors is raised; once writes go through again everything recovers by itself and the alert
 * is recorded and e-mailed. disk-full-tmpfs.test.ts fills a real file system.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { type App, buildApp } from '../app.ts';
import { expectDiskFullFromMemory } from '../test/disk-full-checks.ts';
import { createUser, signedIn } from '../test/fixtures.ts';
import { bearer, flushMail, openTestDatabase, TestClock, TestOutbox, testConfig } from '../test/helper.ts';
import { standInWebDist } from '../test/stand-in-web.ts';
import { runHealthChecks } from './job.ts';

const clock = new TestClock();
const outbox = new TestOutbox();
let app: App;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ OPS_EMAIL: 'ops@ersa.example', WEB_DIST: await standInWebDist(['/']) }),
    database: await openTestDatabase(),
    mailer: outbox,
    jobs: 'manual',
    now: clock.now,
  });
  app.get('/test-page-that-writes', { config: { access: 'public' } }, async () => {
    await app.ctx.db.execute(sql`UPDATE site_settings SET updated_at = now()`);
    return 'written';
  });
  await app.ready();
});
afterAll(async () => app?.close());

/** Every public table refuses writes as a full disk does, until `diskHasRoom`. */
async function diskFull(): Promise<void> {
  await app.ctx.db.execute(sql`CREATE OR REPLACE FUNCTION piste_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not extend file "base/5/16385": No space left on device' USING ERRCODE = '53100'; END $$`);
  await app.ctx.db.execute(sql`DO $$ DECLARE t text; BEGIN
    FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
      EXECUTE format('CREATE TRIGGER piste_test_disk_full BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION piste_test_disk_full()', t);
    END LOOP; END $$`);
}

async function diskHasRoom(): Promise<void> {
  await app.ctx.db.execute(sql`DO $$ DECLARE t text; BEGIN
    FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS piste_test_disk_full ON %I', t);
    END LOOP; END $$`);
}

const ready = () => app.inject({ method: 'GET', url: '/api/v1/health/ready' });
const signIn = (user: { username: string; password: string }) =>
  app.inject({ method: 'POST', url: '/api/v1/login/', payload: { username: user.username, password: user.password } });
const contact = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { 'first-name': 'Ann', 'last-name': 'Other', email: 'ann@example.com', message: 'When is the next race?' },
  });

describe('the database disk full', () => {
  it('writes answer 503 with words, reads and pages go on, ready fails, Site Health says so; all recovers by itself and the alert is e-mailed', async () => {
    clock.set('2026-12-07T20:00:00Z');
    const family = await createUser(app, { kind: 'user' });
    const superAdmin = bearer((await signedIn(app, 'super')).access);
    expect((await signIn(family)).statusCode).toBe(200);
    expect((await ready()).json()).toEqual({ status: 'ready' });

    await diskFull();
    for (const answer of [await signIn(family), await contact()]) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual({ error: FAULT_MSG.cannotSave, code: 'UNAVAILABLE' });
      expect(answer.headers['retry-after']).toBe('60');
    }
    // a page whose answer writes: the readable page with the words, never JSON
    const written = await app.inject({ method: 'GET', url: '/test-page-that-writes' });
    expect(written.statusCode).toBe(503);
    expect(written.headers['content-type']).toMatch(/^text\/html/);
    expect(written.body).toContain(FAULT_MSG.cannotSave);
    // reads go on
    expect((await app.inject({ method: 'GET', url: '/api/v1/faqs/', headers: superAdmin })).statusCode).toBe(200);
    // a page only reads: painted all the same (the paint counter cannot count it)
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<p>200</p>');

    expect((await ready()).json()).toEqual({ status: 'not ready', reason: 'the disk is full' });
    expect((await ready()).statusCode).toBe(503);

    // a burst of refused writes: the disk's alert, not a burst of server errors
    for (let i = 0; i < 22; i++) expect((await contact()).statusCode).toBe(503);
    // the database cannot take the alert: it is kept in memory and shown from there
    await expectDiskFullFromMemory(app, superAdmin);

    await diskHasRoom();
    clock.advance(3 * 60_000);
    expect((await ready()).json()).toEqual({ status: 'ready' });
    expect((await signIn(family)).statusCode).toBe(200);
    expect((await contact()).statusCode).toBe(200);
    // recorded and e-mailed now that the database takes writes
    expect((await runHealthChecks(app.ctx, app.health)).disk).toBe('raised');
    await flushMail(app);
    const alerts = outbox.messages.filter((m) => m.to === 'ops@ersa.example');
    expect(alerts.map((m) => m.subject)).toEqual(['ERSA site health: Disk full']);
    expect(alerts[0]?.text).toMatch(/The disk was full from 2026-12-07 20:00:\d\d to 2026-12-07 20:03:\d\d UTC/);
    // it stays raised an hour, then clears (one more e-mail)
    clock.advance(30 * 60_000);
    expect((await runHealthChecks(app.ctx, app.health)).disk).toBe('unchanged');
    clock.advance(31 * 60_000);
    expect((await runHealthChecks(app.ctx, app.health)).disk).toBe('cleared');
  });
});
