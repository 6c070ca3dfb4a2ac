import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { RESULTS_MSG } from '../../domain/results/index.ts';
import { clubRaces, raceResults } from '../db/schema-results.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { caller, FILES, resultRow, uploadOf } from './test-support.ts';

const t = useTestApp();
const YEAR = 2026;
let root: { authorization: string };
let rootId: number;
let admin: { authorization: string };
let user: { authorization: string };

beforeEach(async () => {
  const s = await signedIn(t.app, 'super');
  root = bearer(s.access);
  rootId = s.user.id;
  admin = bearer((await signedIn(t.app, 'admin')).access);
  user = bearer((await signedIn(t.app, 'user')).access);
});

const api = caller(() => t.app);

async function createEvent(year = YEAR): Promise<number> {
  const res = await api('POST', '/race-events/create/', root, { year });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type Row = { position: number; name: string; time: string; points: number };
const brief = (rows: Row[] | undefined) => rows?.map((r) => [r.position, r.name, r.time, r.points]);

describe('race events', () => {
  it("creates a season's event as 'Club Race {year}', draft, with the seven clubs and no results", async () => {
    const res = await api('POST', '/race-events/create/', root, { year: YEAR });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Club Race 2026', year: 2026, status: 'draft', date: null });
    expect(
      res
        .json()
        .club_results.map((c: { club_id: string; points_calculated: boolean }) => [c.club_id, c.points_calculated]),
    ).toEqual([
      ['HEM', false],
      ['BRE', false],
      ['ESX', false],
      ['WGC', false],
      ['VIK', false],
      ['NOR', false],
      ['SMK', false],
    ]);
    const again = await api('POST', '/race-events/create/', root, { year: YEAR });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(RESULTS_MSG.raceEventExists(YEAR));
    const list = await api('GET', `/race-events/?year=${YEAR}`, admin);
    expect(list.json().map((e: { name: string }) => e.name)).toEqual(['Club Race 2026']);
    expect((await api('GET', `/race-events/${res.json().id}/`, admin)).json().name).toBe('Club Race 2026');
  });

  it('takes a name and date of its own', async () => {
    const res = await api('POST', '/race-events/create/', root, {
      year: 2025,
      name: 'Winter League',
      date: '2025-02-01',
    });
    expect(res.json()).toMatchObject({ name: 'Winter League', date: '2025-02-01', year: 2025 });
  });

  it('makes events for the points years only: 2024 up to the current year (decisions.md)', async () => {
    const current = t.app.ctx.now().getUTCFullYear();
    for (const year of [2023, current + 1, 2031]) {
      const res = await api('POST', '/race-events/create/', root, { year });
      expect([res.statusCode, res.json().errors?.year]).toEqual([400, [RESULTS_MSG.yearInvalid(2024, current)]]);
    }
    expect((await api('POST', '/race-events/create/', root, { year: 2024 })).statusCode).toBe(201);
    expect((await api('GET', '/race-events/', admin)).json().map((e: { year: number }) => e.year)).toEqual([2024]);
  });

  it('two creates at once make one event', async () => {
    const [a, b] = await Promise.all([
      api('POST', '/race-events/create/', root, { year: YEAR }),
      api('POST', '/race-events/create/', root, { year: YEAR }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('writes need a super administrator; reads an administrator', async () => {
    expect((await api('POST', '/race-events/create/', undefined, { year: YEAR })).statusCode).toBe(401);
    expect((await api('POST', '/race-events/create/', user, { year: YEAR })).statusCode).toBe(403);
    expect((await api('POST', '/race-events/create/', admin, { year: YEAR })).statusCode).toBe(403);
    const id = await createEvent();
    expect((await api('GET', `/race-events/${id}/`, user)).statusCode).toBe(403);
    expect((await api('GET', `/race-events/${id}/`)).statusCode).toBe(401);
    expect((await api('GET', `/race-events/${id}/`, admin)).statusCode).toBe(200);
    expect(
      (await api('POST', `/race-events/${id}/upload-results/`, admin, uploadOf(FILES.twoRun, 'HEM', YEAR))).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/race-events/${id}/club-data/HEM/`, admin)).statusCode).toBe(403);
    expect((await api('GET', `/season-totals/${YEAR}/`, user)).statusCode).toBe(403);
    expect(
      (await api('PUT', `/season-settings/${YEAR}/`, admin, { points_table: [10], counting_races: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('uploading a club race', () => {
  it('keeps every row but DNS, recomputes the times and calculates the points', async () => {
    const id = await createEvent();
    const upload = uploadOf(FILES.twoRun, 'HEM', YEAR, (rows) =>
      // a time the client made up is not believed: the runs give 30.00
      rows.map((r) => (r.racer_id === '101' ? { ...r, time: '10.00' } : r)),
    );
    const res = await api('POST', `/race-events/${id}/upload-results/`, root, upload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: RESULTS_MSG.uploaded(7, 'HEM'), rows: 7 });

    const categories = (await api('GET', `/race-events/${id}/category-results/?slope_id=HEM`, admin)).json();
    expect(Object.keys(categories)).toEqual(['Women U08', 'Women U10', 'Men U14']);
    expect(brief(categories['Women U10'])).toEqual([
      [1, 'Smith, Amy', '30.00', 100],
      [2, 'Beth Jones', '31.00', 70],
      [2, 'Cara Lee', '31.00', 70],
      [0, 'Dana Cole', 'DNCR', 0],
    ]);
    expect(categories['Women U10'][0]).toMatchObject({
      racer_id: '101',
      club: 'HEM',
      category: 'Women U10',
      category_points_total: 100,
      category_best_4: 100,
      is_qualified: false,
      races_needed: 3,
      races_participated: 1,
      club_points: 100,
    });
    // Chelsea Ski Club is not a points club: its racer scores, the club does not
    expect(categories['Women U10'][3]).toMatchObject({ club: 'Chelsea Ski Club', club_points: 0 });

    const overall = (await api('GET', `/race-events/${id}/overall-standings/?slope_id=HEM`, admin)).json();
    expect(Object.keys(overall)).toEqual(['Women U08-U12', 'Men U14-MA4']);
    expect(brief(overall['Women U08-U12'])).toEqual([
      [1, 'Gia Rossi', '29.50', 100],
      [2, 'Smith, Amy', '30.00', 80],
      [3, 'Beth Jones', '31.00', 55],
      [3, 'Cara Lee', '31.00', 55],
      [0, 'Dana Cole', 'DNCR', 0],
    ]);

    const clubs = (await api('GET', `/race-events/${id}/club-points/?slope_id=HEM`, admin)).json();
    expect(clubs).toEqual([
      { position: 1, club_id: 'HEM', club_name: 'Hemel Ski Race Club', total_points: 180 },
      { position: 2, club_id: 'WGC', club_name: 'Welwyn Garden City Ski Race Club', total_points: 100 },
      { position: 2, club_id: 'VIK', club_name: 'Vikings Ski Race Team', total_points: 100 },
      { position: 4, club_id: 'BRE', club_name: 'Brentwood Ski Club', total_points: 70 },
      { position: 4, club_id: 'ESX', club_name: 'Essex Ski Racing Club', total_points: 70 },
    ]);
    const event = (await api('GET', `/race-events/${id}/`, admin)).json();
    expect(event.club_results.find((c: { club_id: string }) => c.club_id === 'HEM').points_calculated).toBe(true);
  });

  it('keeps a time the administrator typed, with who, when and the time it replaced', async () => {
    const id = await createEvent();
    const upload = uploadOf(FILES.twoRun, 'HEM', YEAR, (rows) =>
      rows.map((r) => (r.racer_id === '102' ? { ...r, time: '29.9', manual_time: true } : r)),
    );
    expect((await api('POST', `/race-events/${id}/upload-results/`, root, upload)).statusCode).toBe(200);
    const [beth] = await t.app.ctx.db.select().from(raceResults).where(eq(raceResults.racerId, '102'));
    expect(beth).toMatchObject({ time: '29.90', manualTime: true, computedTime: '31.00', manualById: rootId });
    expect(beth?.manualAt).toBeInstanceOf(Date);
    const categories = (await api('GET', `/race-events/${id}/category-results/?slope_id=HEM`, admin)).json();
    expect(brief(categories['Women U10'])?.[0]).toEqual([1, 'Beth Jones', '29.90', 100]);
  });

  it("refuses a bad typed time with 'Enter a valid time or DNF/DNS/DSQ', naming the file's line; nothing kept", async () => {
    const id = await createEvent();
    const upload = uploadOf(FILES.twoRun, 'HEM', YEAR, (rows) =>
      rows.map((r) => (r.racer_id === '102' ? { ...r, time: 'fast', manual_time: true } : r)),
    );
    const res = await api('POST', `/race-events/${id}/upload-results/`, root, upload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['results.1.time']).toEqual(['Line 4: Enter a valid time or DNF/DNS/DSQ']);
    expect(await t.app.ctx.db.select().from(clubRaces)).toEqual([]);
  });

  it('refuses a run that is no time nor DNS/DNF/DSQ, and a time that would be kept as 0.00; nothing kept', async () => {
    const id = await createEvent();
    const upload = uploadOf(FILES.twoRun, 'HEM', YEAR, (rows) =>
      rows.map((r) =>
        r.racer_id === '102'
          ? { ...r, run_1: '-3.00', run_2: '3O.12' }
          : r.racer_id === '103'
            ? { ...r, time: '0.004', manual_time: true }
            : r,
      ),
    );
    const res = await api('POST', `/race-events/${id}/upload-results/`, root, upload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'results.1.run_1': ['Line 4: Run 1 must be a time, DNS, DNF, DSQ or empty'],
      'results.1.run_2': ['Line 4: Run 2 must be a time, DNS, DNF, DSQ or empty'],
      'results.2.time': ['Line 5: Enter a valid time or DNF/DNS/DSQ'],
    });
    expect(await t.app.ctx.db.select().from(clubRaces)).toEqual([]);
  });

  it('refuses rows without the required fields, and a racer number twice', async () => {
    const id = await createEvent();
    const res = await api('POST', `/race-events/${id}/upload-results/`, root, {
      club_id: 'HEM',
      year: YEAR,
      results: [resultRow({ name: '', gender: 'X' }), resultRow({ racer_id: '0900', line: 9 })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'results.0.name': ['Row 1: Name is required'],
      'results.0.gender': [`Row 1: ${RESULTS_MSG.genderInvalid}`],
      results: ['ERSA ID 900 appears on more than one row (lines 1, 9)'],
    });
  });

  it('refuses a club outside the seven, a year not the event’s, an unknown event, and nothing to calculate', async () => {
    const id = await createEvent();
    const send = (body: object, event = id) => api('POST', `/race-events/${event}/upload-results/`, root, body);
    const base = { club_id: 'HEM', year: YEAR, results: [resultRow()] };
    expect((await send({ ...base, club_id: 'XYZ' })).json().errors.club_id).toEqual([RESULTS_MSG.clubNotFound]);
    expect((await send({ ...base, year: 2025 })).json().errors.year).toEqual([RESULTS_MSG.yearMismatch(YEAR, 2025)]);
    expect((await send(base, 999)).statusCode).toBe(404);
    const empty = await send({ ...base, results: [] });
    expect([empty.statusCode, empty.json().error]).toEqual([400, RESULTS_MSG.nothingToCalculate]);
    const onlyDns = await send({ ...base, results: [resultRow({ run_1: 'DNS', run_2: 'DNS' })] });
    expect([onlyDns.statusCode, onlyDns.json().error]).toEqual([400, RESULTS_MSG.nothingToCalculate]);
  });

  it("a re-upload replaces the club's results for the year and leaves no orphans", async () => {
    const id = await createEvent();
    expect(
      (await api('POST', `/race-events/${id}/upload-results/`, root, uploadOf(FILES.twoRun, 'HEM', YEAR))).statusCode,
    ).toBe(200);
    expect(
      (await api('POST', `/race-events/${id}/upload-results/`, root, uploadOf(FILES.threeRun, 'BRE', YEAR))).statusCode,
    ).toBe(200);
    const second = await api('POST', `/race-events/${id}/upload-results/`, root, {
      club_id: 'HEM',
      year: YEAR,
      results: [
        resultRow({ racer_id: '1', name: 'Only One' }),
        resultRow({ racer_id: '2', name: 'Only Two', run_1: '39.00' }),
      ],
    });
    expect(second.statusCode).toBe(200);
    const races = await t.app.ctx.db.select().from(clubRaces);
    expect(races.map((r) => r.clubId).sort()).toEqual(['BRE', 'HEM']);
    const hem = races.find((r) => r.clubId === 'HEM');
    const rows = await t.app.ctx.db.select().from(raceResults);
    expect(rows.filter((r) => r.clubRaceId === hem?.id).map((r) => r.name)).toEqual(['Only One', 'Only Two']);
    // BRE's five kept rows (the DNS one left out) are untouched; nothing else is left
    expect(rows.length).toBe(2 + 5);
    const categories = (await api('GET', `/race-events/${id}/category-results/?slope_id=HEM`, admin)).json();
    expect(brief(categories['Women U14'])).toEqual([
      [1, 'Only Two', '39.00', 100],
      [2, 'Only One', '40.00', 80],
    ]);
  });

  it('uploads at once for the same club keep one set of results', async () => {
    const id = await createEvent();
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        api('POST', `/race-events/${id}/upload-results/`, root, {
          club_id: 'HEM',
          year: YEAR,
          results: Array.from({ length: n }, (_, i) => resultRow({ racer_id: String(i + 1) })),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const races = await t.app.ctx.db.select().from(clubRaces);
    expect(races).toHaveLength(1);
    const rows = await t.app.ctx.db.select().from(raceResults);
    expect([1, 2, 3]).toContain(rows.length);
  });

  it("deletes a club's results for the year, then answers 404", async () => {
    const id = await createEvent();
    await api('POST', `/race-events/${id}/upload-results/`, root, uploadOf(FILES.twoRun, 'HEM', YEAR));
    const res = await api('DELETE', `/race-events/${id}/club-data/HEM/`, root);
    expect(res.json()).toEqual({ message: RESULTS_MSG.clubDeleted('HEM', YEAR) });
    expect(await t.app.ctx.db.select().from(raceResults)).toEqual([]);
    const again = await api('DELETE', `/race-events/${id}/club-data/HEM/`, root);
    expect([again.statusCode, again.json().error]).toEqual([404, RESULTS_MSG.noClubData('HEM', YEAR)]);
    expect((await api('DELETE', `/race-events/${id}/club-data/XYZ/`, root)).statusCode).toBe(404);
    // a club that is no text names the path's club, not the query's slope_id
    const control = await api('DELETE', `/race-events/${id}/club-data/%00/`, root);
    expect([control.statusCode, control.json().errors.clubId]).toEqual([
      400,
      ['The club must be a points club: HEM, BRE, ESX, WGC, VIK, NOR or SMK.'],
    ]);
    expect((await api('GET', `/race-events/${id}/category-results/?slope_id=HEM`, admin)).json()).toEqual({});
  });

  it('refuses a slope_id that is not a points club', async () => {
    const id = await createEvent();
    const res = await api('GET', `/race-events/${id}/category-results/?slope_id=ABC`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.slope_id).toEqual([RESULTS_MSG.clubNotFound]);
    expect((await api('GET', `/race-events/${id}/category-results/`, admin)).statusCode).toBe(400);
  });
});
