import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATA_RIGHTS_MSG } from '../../domain/accounts/data-rights.ts';
import { firstRow } from '../db/pg-errors.ts';
import { mailOutbox, payments, profiles, users } from '../db/schema.ts';
import { raceResults } from '../db/schema-results.ts';
import { caller, resultRow } from '../results/test-support.ts';
import { createUser, type FixtureUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { eventOn, giveRacerNumber, makeFamily, parentTrail, rename } from './data-rights-support.ts';
import { removeExpiredRecords } from './retention.ts';

/** Issue 27, "Members' data rights": deleting an account anonymises it. */
const t = useTestApp();
const api = caller(() => t.app);
const YEAR = 2026;

async function deleteMe(user: FixtureUser, password = user.password) {
  const { access, cookie } = await login(t.app, user);
  return { access, cookie, res: await api('DELETE', '/profile/', bearer(access), { password }) };
}

/** Two club races of the season, Rita (123) and Bea (124) in both. */
async function season(): Promise<{ root: string; upload: (name: string) => Promise<void> }> {
  const root = (await signedIn(t.app, 'super')).access;
  const eventId = (await api('POST', '/race-events/create/', bearer(root), { year: YEAR })).json().id;
  const upload = async (name: string) => {
    for (const [club, rita, bea] of [
      ['HEM', '30.00', '31.00'],
      ['BRE', '32.00', '30.50'],
    ] as const) {
      const res = await api('POST', `/race-events/${eventId}/upload-results/`, bearer(root), {
        club_id: club,
        year: YEAR,
        results: [
          resultRow({ racer_id: '0123', name, club: 'HEM', cat: 'U10', run_1: rita, run_2: 'DNF' }),
          resultRow({ racer_id: '124', name: 'Bea Other', club: 'BRE', cat: 'U10', run_1: bea, run_2: 'DNF' }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  await upload('Rita Racer');
  return { root, upload };
}

/** Every text value in every table that contains `needle` (case-insensitive): [table, column]. */
async function whereFound(needle: string): Promise<string[]> {
  const columns = await t.app.ctx.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`,
  );
  const found: string[] = [];
  for (const c of (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows) {
    const hit = firstRow<{ n: number }>(
      await t.app.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.raw(`"${c.table_name}"`)} where ${sql.raw(`"${c.column_name}"`)}::text ilike ${`%${needle}%`}`,
      ),
    );
    if (Number(hit?.n) > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('deleting an account', () => {
  it('anonymises the racer: standings unchanged, no personal field left, and a re-upload keeps the name away', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const rita = await createUser(t.app, { racer: true, username: 'ritaracer' });
    await rename(t.app, rita, 'Rita', 'Racewell', 'rita@racers.example');
    await giveRacerNumber(t.app, rita, 123);
    await t.app.ctx.db
      .update(profiles)
      .set({
        dateOfBirth: '2013-02-03',
        contactNumber: '07700 900999',
        emergencyContactName: 'Ray Dad',
        emergencyContactNumber: '07700 900123',
      })
      .where(eq(profiles.userId, rita.id));
    const past = await eventOn(t.app, '2026-02-01');
    const { paymentId } = await parentTrail(t.app, rita, rita, past);
    const { root, upload } = await season();
    const standings = async () => (await api('GET', `/season-totals/${YEAR}/`, bearer(root))).json();
    const before = JSON.stringify(await standings());

    const wrong = await deleteMe(rita, 'Not#ThePassword1');
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json().errors).toEqual({ password: [DATA_RIGHTS_MSG.passwordWrong] });
    const { access, res } = await deleteMe(rita);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: DATA_RIGHTS_MSG.deleted });
    expect(String(res.headers['set-cookie'])).toMatch(/refresh=;/);

    // signed out everywhere
    expect((await api('GET', '/profile/', bearer(access))).statusCode).toBe(401);
    // the standings are the same but for the name
    expect(JSON.stringify(await standings())).toBe(before.replaceAll('Rita Racer', 'Deleted racer #1'));
    // no personal field remains anywhere
    for (const needle of [
      'Rita',
      'Racewell',
      'racers.example',
      'ritaracer',
      '2013-02-03',
      'Ray Dad',
      '900999',
      '900123',
    ]) {
      // but the security log's row of the deletion, kept 12 months under the username it had (0063)
      const expected = 'ritaracer'.includes(needle.toLowerCase()) ? ['security_events.username'] : [];
      expect(await whereFound(needle), needle).toEqual(expected);
    }
    const [profile] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, rita.id));
    expect(profile).toMatchObject({
      racerId: null,
      dateOfBirth: null,
      contactNumber: '',
      localClub: '',
      permissionPhotographed: false,
    });
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);
    // and no way back in (the attempt itself is counted under the name typed, as any is)
    const again = await api('POST', '/login/', undefined, { username: 'ritaracer', password: rita.password });
    expect(again.statusCode).toBe(401);
    // the order stays for the accounts
    expect(await t.app.ctx.db.select({ id: payments.id }).from(payments)).toEqual([{ id: paymentId }]);

    await upload('Rita Racer');
    const names = await t.app.ctx.db
      .selectDistinct({ name: raceResults.name })
      .from(raceResults)
      .orderBy(raceResults.name);
    expect(names.map((n) => n.name)).toEqual(['Bea Other', 'Deleted racer #1']);
    expect(JSON.stringify(await standings())).toBe(before.replaceAll('Rita Racer', 'Deleted racer #1'));
  });

  it('keeps orders until six years after their financial year ends, then removes them and the account', async () => {
    t.clock.set('2027-03-31T12:00:00Z'); // the last day of the year ending 31 March 2027
    const parent = await createUser(t.app);
    const past = await eventOn(t.app, '2027-03-20');
    await parentTrail(t.app, parent, parent, past);
    expect((await deleteMe(parent)).res.statusCode).toBe(200);
    t.clock.set('2033-03-31T22:59:00Z'); // 23:59 on 31 March 2033 in London
    expect(await removeExpiredRecords(t.app.ctx)).toEqual({ payments: 0, entries: 0, accounts: 0 });
    t.clock.set('2033-03-31T23:00:00Z'); // midnight: 1 April 2033
    expect(await removeExpiredRecords(t.app.ctx)).toEqual({ payments: 1, entries: 1, accounts: 1 });
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, parent.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(payments)).toEqual([]);
  });

  it('is refused while an entry is upcoming or a refund pending, and to administrators', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const parent = await createUser(t.app);
    const child = await createUser(t.app, { racer: true });
    const coming = await eventOn(t.app, '2026-06-01', 'Hemel Open Slalom');
    await parentTrail(t.app, parent, child, coming);
    const refused = (await deleteMe(parent)).res;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(DATA_RIGHTS_MSG.upcomingEntry('Hemel Open Slalom', '01/06/2026'));
    expect((await deleteMe(child)).res.json().error).toBe(
      DATA_RIGHTS_MSG.upcomingEntry('Hemel Open Slalom', '01/06/2026'),
    );

    const payer = await createUser(t.app);
    await parentTrail(t.app, payer, payer, await eventOn(t.app, '2026-05-31'), 'requested');
    const pending = (await deleteMe(payer)).res;
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(DATA_RIGHTS_MSG.refundPending);

    const admin = await createUser(t.app, { kind: 'admin' });
    expect((await deleteMe(admin)).res.json().error).toBe(DATA_RIGHTS_MSG.administrator);
    const empty = await deleteMe(await createUser(t.app), '');
    expect(empty.res.json().errors).toEqual({ password: [DATA_RIGHTS_MSG.passwordRequired] });
    // nothing was changed by a refusal
    const [still] = await t.app.ctx.db
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, parent.id));
    expect(still?.deletedAt).toBeNull();
  });

  it("takes a parent out of the family and leaves the children's accounts as they are", async () => {
    const parent = await createUser(t.app);
    const [amy, ben] = [await createUser(t.app, { racer: true }), await createUser(t.app, { racer: true })];
    const familyId = await makeFamily(t.app, [parent, amy, ben]);
    expect((await deleteMe(parent)).res.statusCode).toBe(200);
    const rows = await t.app.ctx.db
      .select({ id: users.id, familyId: users.familyId, active: users.isActive })
      .from(users);
    expect(rows.find((r) => r.id === parent.id)).toMatchObject({ familyId: null, active: false });
    expect(
      rows
        .filter((r) => r.familyId === familyId)
        .map((r) => r.id)
        .sort(),
    ).toEqual([amy.id, ben.id].sort());
    await login(t.app, amy); // the children still sign in
  });

  it('takes the account out of the back office: in no list, and it cannot be restored', async () => {
    const user = await createUser(t.app);
    expect((await deleteMe(user)).res.statusCode).toBe(200);
    const admin = bearer((await signedIn(t.app, 'admin')).access);
    const archived = (await api('GET', '/profiles/?sort=archived', admin)).json();
    expect(archived.count).toBe(0);
    const [profile] = await t.app.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, user.id));
    const restore = await api('PUT', `/profiles/update/${profile?.id}/`, admin, { archived: false });
    expect(restore.statusCode).toBe(404);
  });

  it('deleted twice at once: one answer deletes, the other finds no account', async () => {
    const user = await createUser(t.app);
    const { access } = await login(t.app, user);
    const both = await Promise.all(
      [1, 2].map(() => api('DELETE', '/profile/', bearer(access), { password: user.password })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});
