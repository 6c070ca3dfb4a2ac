import { eq, getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../domain/accounts/data-rights.ts';
import type { App } from '../app.ts';
import { schema } from '../db/client.ts';
import { clubRaces, raceResults } from '../db/schema-results.ts';
import { totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { sendReceipt } from '../payments/receipt.ts';
import { caller, resultRow } from '../results/test-support.ts';
import { createUser, type FixtureUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { userReferences } from './data-export.ts';
import { eventOn, giveRacerNumber, makeFamily, parentTrail, rename } from './data-rights-support.ts';

/** Issue 27, "Members' data rights": the download of everything held about an account. */
const t = useTestApp();
const api = caller(() => t.app);

async function exportOf(user: FixtureUser): Promise<DataExport> {
  const { access } = await login(t.app, user);
  const res = await api('GET', '/profile/export/', bearer(access));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="piste-data-.*\.json"$/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as DataExport;
}

/** Every row of every table whose column references users.id names `userId` in (the columns
 * come from the schema, not from a list): [table, key]. */
async function rowsNaming(app: App, userId: number): Promise<[string, string][]> {
  const found: [string, string][] = [['users', String(userId)]];
  for (const ref of userReferences()) {
    const columns = getTableColumns(ref.table);
    const column = Object.values(columns).find((c) => c.name === ref.column);
    if (!column) throw new Error('no column');
    const keys = getTableConfig(ref.table).columns.filter((c) => c.primary);
    const rows = (await app.ctx.db.select().from(ref.table).where(eq(column, userId))) as Record<string, unknown>[];
    const keyOf = (row: Record<string, unknown>) =>
      keys.map((k) => String(row[Object.entries(columns).find(([, c]) => c === k)?.[0] ?? ''])).join('/');
    for (const row of rows) found.push([ref.tableName, keyOf(row)]);
  }
  return found;
}

/** The keys of a section's rows, by its table's primary key (as rowsNaming gives them). */
function keysIn(data: DataExport, table: string): string[] {
  const found = Object.values(schema).find((v) => is(v, PgTable) && getTableConfig(v).name === table) as
    | PgTable
    | undefined;
  const keys = found
    ? getTableConfig(found)
        .columns.filter((c) => c.primary)
        .map((c) => c.name)
    : ['id'];
  return (data.sections[table] ?? []).map((row) => keys.map((k) => String(row[k])).join('/'));
}

describe('the download of everything held about an account', () => {
  it('holds every row of every table that references the account, and nothing of others', async () => {
    const past = await eventOn(t.app, '2026-01-10');
    const parent = await createUser(t.app);
    const child = await createUser(t.app, { racer: true });
    const other = await createUser(t.app, { racer: true });
    await rename(t.app, parent, 'Sarah', 'Parentson', 'sarah@parents.example');
    await rename(t.app, child, 'Emily', 'Parentson', 'emily@parents.example');
    await rename(t.app, other, 'Olive', 'Outsider', 'olive@elsewhere.example');
    await makeFamily(t.app, [parent, child]);
    await giveRacerNumber(t.app, child, 123);
    await giveRacerNumber(t.app, other, 456);
    await parentTrail(t.app, parent, child, past);
    const otherParent = await createUser(t.app);
    await rename(t.app, otherParent, 'Oscar', 'Outsider', 'oscar@elsewhere.example');
    await parentTrail(t.app, otherParent, other, past);
    // results for both racers, uploaded by a super administrator who also typed Olive's time
    const root = await signedIn(t.app, 'super');
    // an authenticator: its secret and its recovery codes' hashes never leave
    await t.app.ctx.db.insert(totpFactors).values({ userId: root.user.id, secret: 'JBSWY3DPEHPK3PXP' });
    await t.app.ctx.db.insert(totpRecoveryCodes).values({ userId: root.user.id, codeHash: 'f00dfeed'.repeat(8) });
    const eventId = (await api('POST', '/race-events/create/', bearer(root.access), { year: 2026 })).json().id;
    const upload = await api('POST', `/race-events/${eventId}/upload-results/`, bearer(root.access), {
      club_id: 'HEM',
      year: 2026,
      results: [
        resultRow({ racer_id: '123', name: 'Emily Parentson' }),
        resultRow({ racer_id: '456', name: 'Olive Outsider', time: '80.00', manual_time: true }),
      ],
    });
    expect(upload.statusCode, upload.body).toBe(200);

    for (const person of [parent, child, root.user]) {
      const data = await exportOf(person);
      const expected = await rowsNaming(t.app, person.id);
      expect(expected.length).toBeGreaterThan(1);
      for (const [table, key] of expected) expect(keysIn(data, table), `${table} ${key}`).toContain(key);
      const text = JSON.stringify(data);
      for (const foreign of ['Olive', 'Oscar', 'Outsider', 'elsewhere.example', other.username, otherParent.username]) {
        expect(text, `${person.username}: ${foreign}`).not.toContain(foreign);
      }
      // no secret of any kind, even the person's own
      expect(text).not.toMatch(
        /password_hash|token_hash|search_text|hash-\d|JBSWY3DPEHPK3PXP|f00dfeed|"secret"|code_hash/,
      );
    }

    const parentData = await exportOf(parent);
    expect(parentData.account.username).toBe(parent.username);
    expect(parentData.sections.family).toEqual([
      { id: child.id, username: child.username, first_name: 'Emily', last_name: 'Parentson' },
    ]);
    expect(parentData.sections.contact_messages?.map((m) => m.message)).toEqual(['When is the race?']);
    expect(parentData.sections.mail_outbox?.map((m) => m.subject).sort()).toEqual(['Reset', 'Your entry']);
    expect(parentData.sections.refunds?.map((r) => r.amount_pence)).toEqual([500]);
    expect(parentData.sections.payment_lines?.map((l) => l.participant_id)).toEqual([child.id]);
    expect(parentData.sections.payment_log).toHaveLength(1);
    expect(parentData.sections.bookings?.map((b) => b.user_id)).toEqual([child.id]);
    const childData = await exportOf(child);
    expect(childData.sections.race_results?.map((r) => [r.racer_id, r.name])).toEqual([['123', 'Emily Parentson']]);
    expect(childData.sections.profiles?.[0]).toMatchObject({ racer_id: 123, date_of_birth: '2012-05-05' });
    // an administrator's own acts on others' rows: only the row's key and the column
    const rootData = await exportOf(root.user);
    const [race] = await t.app.ctx.db.select().from(clubRaces);
    expect(rootData.sections.club_races).toEqual([{ id: race?.id, uploaded_by_id: root.user.id }]);
    const [typed] = await t.app.ctx.db.select().from(raceResults).where(eq(raceResults.racerId, '456'));
    expect(rootData.sections.race_results).toEqual([{ id: typed?.id, manual_by_id: root.user.id }]);
  });

  it('of a child whose account carries the parent’s address holds none of the parent’s messages and mail', async () => {
    const parent = await createUser(t.app);
    const child = await createUser(t.app, { racer: true });
    await rename(t.app, parent, 'Sarah', 'Parentson', 'sarah@parents.example');
    await rename(t.app, child, 'Emily', 'Parentson', 'Sarah@Parents.example');
    await makeFamily(t.app, [parent, child]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { 'first-name': 'Sarah', 'last-name': 'Parentson', email: 'sarah@parents.example', message: 'Hi!' },
    });
    expect(sent.statusCode).toBe(200);
    const lines = [{ event: 'Hemel Open Slalom', participant: 'Emily Parentson', amountPence: 2000, booked: true }];
    await sendReceipt(t.app.ctx, t.app.log, { userId: parent.id, reference: 'pi_1', provider: 'stripe', lines });
    expect(await t.flushMail()).toMatchObject({ sent: 3 });

    const parentData = await exportOf(parent);
    expect(parentData.sections.contact_messages?.map((m) => m.message)).toEqual(['Hi!']);
    expect(parentData.sections.mail_outbox?.map((m) => [m.recipient, m.subject])).toEqual([
      ['sarah@parents.example', 'ERSA: we have received your message'],
      ['sarah@parents.example', 'ERSA: your entry for Hemel Open Slalom is confirmed'],
    ]);
    const childData = await exportOf(child);
    expect(childData.sections.contact_messages).toBeUndefined();
    expect(childData.sections.mail_outbox).toBeUndefined();
    expect(JSON.stringify(childData)).not.toContain('Hi!');
  });

  it('comes as CSV too: one line per value, a spreadsheet-safe cell each', async () => {
    const user = await createUser(t.app);
    await rename(t.app, user, 'Sarah', '=Sum(A1)', 'sarah@parents.example');
    const { access } = await login(t.app, user);
    const res = await api('GET', '/profile/export/?format=csv', bearer(access));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('section,row,field,value');
    expect(lines).toContain(`users,1,username,${user.username}`);
    expect(lines).toContain("users,1,last_name,'=Sum(A1)");
    expect(res.body).not.toContain('password_hash');
  });

  it('is for the signed-in account only: no token, no download; a query naming another is refused', async () => {
    expect((await api('GET', '/profile/export/')).statusCode).toBe(401);
    const { access } = await signedIn(t.app);
    expect((await api('GET', '/profile/export/?user=1', bearer(access))).statusCode).toBe(400);
    expect((await api('GET', '/profile/export/?format=xml', bearer(access))).statusCode).toBe(400);
  });
});
