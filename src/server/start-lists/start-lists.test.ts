import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import fixture from '../../domain/results/fixtures/race-horology-export.csv?raw';
import { START_LIST_MSG } from '../../domain/start-lists/messages.ts';
import { defaultMapping, headerOf, readTimingFile } from '../../domain/start-lists/race-horology.ts';
import { RESERVED_MSG } from '../../domain/start-lists/reserved.ts';
import { raceResults } from '../db/schema-results.ts';
import { raceEventRow } from '../people/booked-test-support.ts';
import { caller, resultRow } from '../results/test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { ANN, book, FIXTURE_RACERS, racer } from './test-support.ts';

const t = useTestApp();
const api = caller(() => t.app);
let root: { authorization: string };
let admin: { authorization: string };
let parent: { authorization: string };

beforeEach(async () => {
  root = bearer((await signedIn(t.app, 'super')).access);
  admin = bearer((await signedIn(t.app, 'admin')).access);
  parent = bearer((await signedIn(t.app, 'user')).access);
});

/** A race on 14 February 2026 with the fixture's five racers booked; answers its id. */
async function raceWithEntrants(quantity = 20): Promise<{ eventId: number; users: number[] }> {
  const eventId = await raceEventRow(t.app, { name: 'Hemel Slalom', date: '2026-02-14', quantity });
  const users: number[] = [];
  for (const spec of FIXTURE_RACERS) {
    const id = await racer(t.app, spec);
    await book(t.app, eventId, id);
    users.push(id);
  }
  return { eventId, users };
}

const link = (eventId: number, body: object = { results_year: 2026, results_club: 'HEM' }, who = admin) =>
  api('PUT', `/start-lists/${eventId}/link/`, who, body);
const allocate = (eventId: number, body: object, who = admin) =>
  api('POST', `/start-lists/${eventId}/allocate/`, who, body);
const startList = async (eventId: number) => (await api('GET', `/start-lists/${eventId}/`, admin)).json();
const bibsByName = async (eventId: number) =>
  (await startList(eventId)).entries.map((e: { bib: number; last_name: string }) => [e.bib, e.last_name]);

describe('linking a race event to its club race', () => {
  it('links a race, lists it, and refuses a second event for the same club race', async () => {
    const { eventId } = await raceWithEntrants();
    const res = await link(eventId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results_year: 2026,
      results_club: 'HEM',
      first_bib: 1,
      reserved: '',
      allocation_order: 'category',
    });
    const list = (await api('GET', '/start-lists/', admin)).json();
    expect(list).toEqual([
      expect.objectContaining({ id: eventId, name: 'Hemel Slalom', entrants: 5, bibs: 0, link: res.json() }),
    ]);
    const other = await raceEventRow(t.app, { name: 'Second Race', date: '2026-03-01' });
    const taken = await link(other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(START_LIST_MSG.clubRaceTaken('Hemel Slalom', 'HEM', 2026));
    // relinking the same event to another club race is a change, not a conflict
    expect((await link(eventId, { results_year: 2026, results_club: 'VIK' })).statusCode).toBe(200);
    expect((await link(other)).statusCode).toBe(200);
  });

  it('links only race events, and only to a points club and a year', async () => {
    const course = await raceEventRow(t.app, { eventType: 'school' });
    const res = await link(course);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(START_LIST_MSG.notRace);
    const race = await raceEventRow(t.app);
    const bad = await link(race, { results_year: 2026, results_club: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('results_club must be one of HEM, BRE, ESX, WGC, VIK, NOR, SMK.');
    expect((await link(999999)).statusCode).toBe(404);
  });

  it('refuses parents and anonymous callers on every start-list route', async () => {
    const { eventId } = await raceWithEntrants();
    const routes: [Parameters<typeof api>[0], string, object | undefined][] = [
      ['GET', '/start-lists/', undefined],
      ['GET', `/start-lists/${eventId}/`, undefined],
      ['PUT', `/start-lists/${eventId}/link/`, { results_year: 2026, results_club: 'HEM' }],
      ['POST', `/start-lists/${eventId}/allocate/`, { order: 'category' }],
      ['GET', `/start-lists/${eventId}/start-list.csv`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(method, url, parent, body)).statusCode, url).toBe(403);
      expect((await api(method, url, {}, body)).statusCode, url).toBe(401);
    }
  });
});

describe('allocating bibs', () => {
  it('needs the link first', async () => {
    const { eventId } = await raceWithEntrants();
    const res = await allocate(eventId, { order: 'category' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(START_LIST_MSG.linkFirst);
  });

  it('numbers in category order (Women then Men, U12 before U14), then by name, skipping reserved numbers', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    const res = await allocate(eventId, { order: 'category', first_bib: 1, reserved: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '5 bibs allocated.', allocated: 5 });
    expect(await bibsByName(eventId)).toEqual([
      [1, 'Smith-Jones'],
      [3, "O'Neil"],
      [4, 'Ávila'],
      [5, 'Park'],
      [6, 'Lee'],
    ]);
    const list = await startList(eventId);
    expect(list.entries[0]).toMatchObject({
      racer_id: 103,
      first_name: 'Cara',
      gender: 'Women',
      club: 'HEM',
      category: 'U12',
      group: 'Women U12',
      birth_year: 2016,
    });
    expect(list.link).toMatchObject({ reserved: '2', first_bib: 1, allocation_order: 'category' });
  });

  it('respects a first bib and reserved ranges, and refuses bad reserved numbers line by line', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    await allocate(eventId, { order: 'category', first_bib: 10, reserved: '11-12\n14' });
    expect((await bibsByName(eventId)).map(([bib]: [number]) => bib)).toEqual([10, 13, 15, 16, 17]);
    const bad = await allocate(eventId, { order: 'category', reserved: '1-3, x\n9-4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.reserved).toEqual([RESERVED_MSG.notNumber(1, 'x'), RESERVED_MSG.downward(2, '9-4')]);
    // nothing changed
    expect((await bibsByName(eventId)).map(([bib]: [number]) => bib)).toEqual([10, 13, 15, 16, 17]);
  });

  it('gives new entrants the next free numbers without moving anyone’s bib', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    await allocate(eventId, { order: 'category', reserved: '7' });
    const late = await racer(t.app, { ...ANN, first: 'Zoe', last: 'Adams', racerId: 200 });
    await book(t.app, eventId, late);
    const res = await allocate(eventId, { order: 'category', reserved: '7', only_new: true });
    expect(res.json()).toEqual({ message: '1 new entrant given a bib.', allocated: 1 });
    expect(await bibsByName(eventId)).toEqual([
      [1, 'Smith-Jones'],
      [2, "O'Neil"],
      [3, 'Ávila'],
      [4, 'Park'],
      [5, 'Lee'],
      [6, 'Adams'],
    ]);
  });

  it('two allocations at once leave one number per entrant and each number once', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    const answers = await Promise.all([
      allocate(eventId, { order: 'seeded', draw_seed: 1 }),
      allocate(eventId, { order: 'category', first_bib: 20 }),
      allocate(eventId, { order: 'category', only_new: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bibs = (await bibsByName(eventId)).map(([bib]: [number]) => bib);
    expect(bibs).toHaveLength(5);
    expect(new Set(bibs).size).toBe(5);
    expect((await api('GET', '/start-lists/999999/', admin)).statusCode).toBe(404);
  });

  it('lists entrants without a racer number as needing one, without a bib', async () => {
    const { eventId } = await raceWithEntrants();
    const none = await racer(t.app, { ...ANN, first: 'No', last: 'Number', racerId: null });
    await book(t.app, eventId, none);
    await link(eventId);
    await allocate(eventId, { order: 'category' });
    const list = await startList(eventId);
    expect(list.entries).toHaveLength(5);
    expect(list.needing_number).toEqual([expect.objectContaining({ last_name: 'Number', bib: null, racer_id: null })]);
  });

  it('draws within seed groups: last season’s points put a seeded racer before the unseeded, repeatably', async () => {
    // 2025: Park (105) scored; in 2026 she and Ávila are both Women U14
    const created = await api('POST', '/race-events/create/', root, { year: 2025 });
    const upload = await api('POST', `/race-events/${created.json().id}/upload-results/`, root, {
      club_id: 'HEM',
      club_name: 'Hemel',
      year: 2025,
      results: [resultRow({ racer_id: '105', name: 'Eve Park', cat: 'U12', gender: 'Women' })],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    for (const seed of [1, 2, 3]) {
      await allocate(eventId, { order: 'seeded', draw_seed: seed });
      const order = (await bibsByName(eventId)).map(([, name]: [number, string]) => name);
      expect(order.indexOf('Park')).toBeLessThan(order.indexOf('Ávila'));
    }
    await allocate(eventId, { order: 'seeded', draw_seed: 9 });
    const first = await bibsByName(eventId);
    await allocate(eventId, { order: 'seeded', draw_seed: 9 });
    expect(await bibsByName(eventId)).toEqual(first);
  });
});

describe('the start list CSV', () => {
  it('has Race Horology’s import column names and one row per bib, in bib order', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    await allocate(eventId, { order: 'category', reserved: '2' });
    const res = await api('GET', `/start-lists/${eventId}/start-list.csv`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Hemel-Slalom-start-list.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFBib,SvId,Name,Firstname,Sex,Year,Club,Class',
      '1,103,Smith-Jones,Cara,W,2016,HEM,U12',
      "3,102,O'Neil,Ben,M,2015,VIK,U12",
      '4,101,Ávila,Ann,W,2014,HEM,U14',
      '5,105,Park,Eve,W,2013,SMK,U14',
      '6,104,Lee,Dan,M,2010,ESX,U18',
    ]);
  });
});

describe('results from Race Horology', () => {
  const mapping = () => defaultMapping(headerOf(fixture, 0)?.header ?? []);
  const timingRows = () => readTimingFile(fixture, mapping(), 'ERSA').rows;

  it('matches rows by bib and racer number for super administrators only', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    await allocate(eventId, { order: 'category', reserved: '2' });
    const season = (await api('POST', '/race-events/create/', root, { year: 2026 })).json().id;
    const body = { club_id: 'HEM', three_runs: false, rows: timingRows() };
    expect((await api('POST', `/race-events/${season}/timing-rows/`, admin, body)).statusCode).toBe(403);
    expect((await api('POST', `/race-events/${season}/timing-rows/`, parent, body)).statusCode).toBe(403);
    expect((await api('POST', `/race-events/${season}/timing-rows/`, {}, body)).statusCode).toBe(401);
    const rows = [
      ...timingRows(),
      {
        line: 7,
        bib: '42',
        racer_id: '',
        name: 'Who, Nobody',
        run_1: '30.00',
        run_2: '',
        run_3: '',
        total: '',
        original: '',
      },
    ];
    const res = await api('POST', `/race-events/${season}/timing-rows/`, root, { ...body, rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().linked_event).toEqual({ id: eventId, name: 'Hemel Slalom' });
    expect(res.json().unmatched).toEqual([
      {
        line: 7,
        reason: 'no racer has bib 42 on the start list (bib 42, Who, Nobody)',
        row: expect.objectContaining({ racer_id: '', name: 'Nobody Who', gender: '', cat: '', run_1: '30.00' }),
      },
    ]);
    expect(
      res
        .json()
        .rows.map((r: Record<string, unknown>) => [
          r.racer_id,
          r.name,
          r.gender,
          r.club,
          r.cat,
          r.run_1,
          r.run_2,
          r.time,
          r.original,
        ]),
    ).toEqual([
      ['103', 'Cara Smith-Jones', 'Women', 'HEM', 'U12', '34.56', '35.1', '34.56', ''],
      ['102', "Ben O'Neil", 'Men', 'VIK', 'U12', 'DNF', '36.02', '36.02', 'Run 1: NiZ'],
      ['101', 'Ann Ávila', 'Women', 'HEM', 'U14', '62.3456', 'DSQ', '62.35', 'Run 2: DIS'],
      ['105', 'Eve Park', 'Women', 'SMK', 'U14', 'DNS', 'DNS', 'DNS', 'Run 1: NaS; Run 2: NaS'],
      ['104', 'Dan Lee', 'Men', 'ESX', 'U18', '31.005', '30.99', '30.99', ''],
    ]);
  });

  it('round trip: start list exported, times added by Race Horology, re-imported: racer numbers and names exact', async () => {
    const { eventId } = await raceWithEntrants();
    await link(eventId);
    await allocate(eventId, { order: 'category', reserved: '2' });
    const list = await startList(eventId);
    // what we export is what Race Horology's import reads and its export writes back (Export.cs,
    // RaceExport: CodeOrId is the SvId imported, Name/Firstname as imported, StartNumber the bib)
    const csv = (await api('GET', `/start-lists/${eventId}/start-list.csv`, admin)).body.replace(/^\uFEFF/, '');
    const exported = Papa.parse<Record<string, string>>(csv, { header: true }).data.map((r) => [
      r.SvId,
      r.Name,
      r.Firstname,
      r.Bib,
    ]);
    const back = Papa.parse<Record<string, string>>(fixture.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data.map((r) => [r.CodeOrId, r.Name, r.Firstname, r.StartNumber]);
    expect(back).toEqual(exported);
    // re-imported as results through the mapping and the same upload as any results file
    const season = (await api('POST', '/race-events/create/', root, { year: 2026 })).json().id;
    const matched = (
      await api('POST', `/race-events/${season}/timing-rows/`, root, {
        club_id: 'HEM',
        three_runs: false,
        rows: timingRows(),
      })
    ).json();
    expect(matched.unmatched).toEqual([]);
    expect(matched.rows.map((r: { racer_id: string; name: string }) => [r.racer_id, r.name])).toEqual(
      list.entries.map((e: { racer_id: number; first_name: string; last_name: string }) => [
        String(e.racer_id),
        `${e.first_name} ${e.last_name}`,
      ]),
    );
    const upload = await api('POST', `/race-events/${season}/upload-results/`, root, {
      club_id: 'HEM',
      club_name: 'Hemel',
      year: 2026,
      three_runs: false,
      results: matched.rows.filter((r: { time: string }) => r.time !== 'DNS'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const kept = await t.app.ctx.db.select().from(raceResults).orderBy(raceResults.line);
    expect(kept.map((r) => [r.racerId, r.name, r.time, r.original])).toEqual([
      ['103', 'Cara Smith-Jones', '34.56', null],
      ['102', "Ben O'Neil", '36.02', 'Run 1: NiZ'],
      ['101', 'Ann Ávila', '62.35', 'Run 2: DIS'],
      ['104', 'Dan Lee', '30.99', null],
    ]);
    const cats = (await api('GET', `/race-events/${season}/category-results/?slope_id=HEM`, admin)).json();
    expect(cats['Women U12'].map((r: { name: string }) => r.name)).toEqual(['Cara Smith-Jones']);
  });
});
