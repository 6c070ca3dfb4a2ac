import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_SORTS } from '../../domain/people/users.ts';
import { profiles, users } from '../db/schema.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';

const t = useTestApp();
let admin: { authorization: string };
let adminUser: FixtureUser;

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
const list = async (query: string) => {
  const res = await get(`/api/v1/profiles/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: { user: { username: string; first_name: string } }[] };
};
const names = async (query: string) => (await list(query)).results.map((r) => r.user.username);

async function person(
  username: string,
  first: string,
  last: string,
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<FixtureUser> {
  const u = await createUser(t.app, { username });
  await t.app.ctx.db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, u.id));
  if (Object.keys(profile).length) await t.app.ctx.db.update(profiles).set(profile).where(eq(profiles.userId, u.id));
  return u;
}

beforeEach(async () => {
  adminUser = await createUser(t.app, { username: 'zz.admin', kind: 'admin' });
  admin = bearer((await login(t.app, adminUser)).access);
});

describe('the users list', () => {
  beforeEach(async () => {
    await person('amy.brown', 'amy', 'Brown', {
      isRacer: true,
      isRacerConfirmed: 'PENDING',
      dateOfBirth: '2012-01-01',
    });
    await person('ben.adams', 'Ben', 'adams', {
      isRacer: true,
      isRacerConfirmed: 'APPROVED',
      racerId: 321,
      dateOfBirth: '2010-06-01',
    });
    await person('cat.cole', 'Cat', 'Cole', { isRacer: true, isRacerConfirmed: 'REJECTED', dateOfBirth: '2014-03-03' });
    await person('dan.gone', 'Dan', 'Gone', { archived: true });
  });

  it('sorts by each of the ten options, newest first by default, archived ones only in the archived view', async () => {
    expect(await names('')).toEqual(['cat.cole', 'ben.adams', 'amy.brown', 'zz.admin']);
    const expected: Record<(typeof USER_SORTS)[number], string[]> = {
      id_asc: ['zz.admin', 'amy.brown', 'ben.adams', 'cat.cole'],
      id_desc: ['cat.cole', 'ben.adams', 'amy.brown', 'zz.admin'],
      first_name_asc: ['amy.brown', 'ben.adams', 'cat.cole', 'zz.admin'],
      first_name_desc: ['zz.admin', 'cat.cole', 'ben.adams', 'amy.brown'],
      last_name_asc: ['ben.adams', 'amy.brown', 'cat.cole', 'zz.admin'],
      last_name_desc: ['zz.admin', 'cat.cole', 'amy.brown', 'ben.adams'],
      confirmed_racers: ['ben.adams', 'amy.brown', 'cat.cole', 'zz.admin'],
      dob_asc: ['ben.adams', 'amy.brown', 'cat.cole', 'zz.admin'],
      dob_desc: ['cat.cole', 'amy.brown', 'ben.adams', 'zz.admin'],
      archived: ['dan.gone'],
    };
    for (const sort of USER_SORTS) expect(await names(`?sort=${sort}`), sort).toEqual(expected[sort]);
  });

  it('searches names, "first last", username, e-mail (any case) and the racer number; % and _ are letters', async () => {
    expect(await names('?search=BROWN')).toEqual(['amy.brown']);
    expect(await names('?search=ben%20adams')).toEqual(['ben.adams']);
    expect(await names('?search=cat.co')).toEqual(['cat.cole']);
    expect(await names('?search=amy.brown%40example')).toEqual(['amy.brown']);
    expect(await names('?search=321')).toEqual(['ben.adams']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=gone')).toEqual([]);
    expect(await names('?sort=archived&search=gone')).toEqual(['dan.gone']);
    expect(await list('?search=nobody')).toEqual({ count: 0, results: [] });
  });

  it('pages 50 at a time with the total count', async () => {
    for (let i = 0; i < 47; i++) await createUser(t.app);
    const first = await list('');
    expect(first.count).toBe(51);
    expect(first.results).toHaveLength(50);
    const second = await list('?page=2');
    expect(second.results).toHaveLength(1);
    expect(second.results[0]?.user.username).toBe('zz.admin');
    expect((await list('?page=3')).results).toEqual([]);
  });

  it('refuses an unknown sort and a page that is not a whole number from 1', async () => {
    const sort = await get('/api/v1/profiles/?sort=name');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sort[0]).toMatch(/^The sort must be one of id_asc, id_desc/);
    for (const page of ['0', '-1', '1.5', 'x'])
      expect((await get(`/api/v1/profiles/?page=${page}`)).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to a member, for the list and the CSV', async () => {
    const member = await createUser(t.app);
    const asMember = bearer((await login(t.app, member)).access);
    for (const url of ['/api/v1/profiles/', '/api/v1/profiles/export-csv/']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, asMember)).statusCode).toBe(403);
    }
  });
});

describe('users.csv', () => {
  it('is every matching row (not one page), named users.csv, with formula cells neutralised', async () => {
    await person('evil.user1', '=HYPERLINK("http://x")', '+SUM(A1)', {
      isRacer: true,
      isRacerConfirmed: 'APPROVED',
      racerId: 7,
      localClub: 'MK_SKI_RACE_TEAM',
      seRegNumber: '123',
    });
    await t.app.ctx.db.update(users).set({ email: '@evil@example.com' }).where(eq(users.username, 'evil.user1'));
    await person('minus.user', '-2+3', 'Smith');
    for (let i = 0; i < 55; i++) await createUser(t.app);
    const res = await get('/api/v1/profiles/export-csv/?sort=id_asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = Papa.parse<string[]>(res.body.trim()).data;
    expect(header?.slice(0, 5)).toEqual(['ERSA ID', 'Username', 'First name', 'Last name', 'Email']);
    expect(rows).toHaveLength(58);
    const evil = rows.find((r) => r[1] === 'evil.user1');
    expect(evil?.slice(0, 5)).toEqual([
      '7',
      'evil.user1',
      `'=HYPERLINK("http://x")`,
      "'+SUM(A1)",
      "'@evil@example.com",
    ]);
    expect(evil?.[9]).toBe('SMK');
    expect(rows.find((r) => r[1] === 'minus.user')?.[2]).toBe("'-2+3");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('follows the search', async () => {
    await person('only.this', 'Only', 'This');
    const res = await get('/api/v1/profiles/export-csv/?search=only.this');
    expect(Papa.parse<string[]>(res.body.trim()).data).toHaveLength(2);
  });
});
