import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POINTS_TABLE, howPointsWork, MAX_POINTS_PLACES, RESULTS_MSG } from '../../domain/results/index.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { caller, FILES, resultRow, uploadOf } from './test-support.ts';

const t = useTestApp();
const YEAR = 2026;
let root: { authorization: string };
let admin: { authorization: string };
let eventId: number;

const api = caller(() => t.app);

/** Amy (101) races for HEM in each of the four clubs' races; the others once or twice. */
async function fourRaces() {
  const amy = (run: string) =>
    resultRow({ racer_id: '101', name: 'Amy', club: 'HEM', cat: 'U10', run_1: run, run_2: 'DNF' });
  const beth = (run: string) =>
    resultRow({ racer_id: '102', name: 'Beth', club: 'Brentwood', cat: 'U10', run_1: run, run_2: 'DNF' });
  const races: [string, object[]][] = [
    ['HEM', [amy('30.00'), beth('31.00')]],
    ['BRE', [amy('32.00'), beth('30.50')]],
    ['ESX', [amy('29.00')]],
    ['WGC', [amy('31.00'), beth('30.00')]],
  ];
  for (const [club, results] of races) {
    const res = await api('POST', `/race-events/${eventId}/upload-results/`, root, {
      club_id: club,
      year: YEAR,
      results,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeEach(async () => {
  root = bearer((await signedIn(t.app, 'super')).access);
  admin = bearer((await signedIn(t.app, 'admin')).access);
  eventId = (await api('POST', '/race-events/create/', root, { year: YEAR })).json().id;
});

describe('season totals', () => {
  it('adds up every club race of the year: by category, by overall group, and the clubs', async () => {
    await fourRaces();
    const byCategory = (await api('GET', `/season-totals/${YEAR}/`, admin)).json();
    expect(Object.keys(byCategory)).toEqual(['Women U10']);
    // Amy: 100 + 80 + 100 + 80 = 360 in 4 races; Beth: 80 + 100 + 100 = 280 in 3 (1 needed)
    expect(byCategory['Women U10']).toEqual([
      expect.objectContaining({
        position: 1,
        racer_id: '101',
        name: 'Amy',
        category_points_total: 360,
        category_best_4: 360,
        races_participated: 4,
        is_qualified: true,
        races_needed: 0,
      }),
      expect.objectContaining({
        position: 2,
        racer_id: '102',
        name: 'Beth',
        club: 'BRE',
        category_points_total: 280,
        races_participated: 3,
        is_qualified: false,
        races_needed: 1,
      }),
    ]);
    const junior = (await api('GET', `/season-totals/${YEAR}/?group=junior_women`, admin)).json();
    expect(junior.map((r: { name: string; overall_best_4: number }) => [r.name, r.overall_best_4])).toEqual([
      ['Amy', 360],
      ['Beth', 280],
    ]);
    expect((await api('GET', `/season-totals/${YEAR}/?group=senior_men`, admin)).json()).toEqual([]);
    const clubs = (await api('GET', `/season-totals/${YEAR}/?club_points=true`, admin)).json();
    expect(clubs).toEqual([
      { position: 1, club_id: 'HEM', club_name: 'Hemel Ski Race Club', total_points: 360 },
      { position: 2, club_id: 'BRE', club_name: 'Brentwood Ski Club', total_points: 280 },
    ]);
    // each race's rows carry the season's figures (the Best 4 column, the DNQ badge)
    const race = (await api('GET', `/race-events/${eventId}/category-results/?slope_id=ESX`, admin)).json();
    expect(race['Women U10']).toEqual([
      expect.objectContaining({ name: 'Amy', points: 100, category_best_4: 360, is_qualified: true }),
    ]);
  });

  it('recalculates when a club race is deleted', async () => {
    await fourRaces();
    await api('DELETE', `/race-events/${eventId}/club-data/ESX/`, root);
    const rows = (await api('GET', `/season-totals/${YEAR}/`, admin)).json()['Women U10'];
    // Amy 100 + 80 + 80 = 260 in 3 races now, behind Beth's 280
    expect(
      rows.map((r: Record<string, unknown>) => [
        r.position,
        r.name,
        r.category_points_total,
        r.races_participated,
        r.races_needed,
      ]),
    ).toEqual([
      [1, 'Beth', 280, 3, 1],
      [2, 'Amy', 260, 3, 1],
    ]);
  });

  it('recalculates on a changed points table and number of counting races', async () => {
    await fourRaces();
    const res = await api('PUT', `/season-settings/${YEAR}/`, root, { points_table: [10, 5], counting_races: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ points_table: [10, 5], counting_races: 2, message: RESULTS_MSG.settingsSaved });
    const rows = (await api('GET', `/season-totals/${YEAR}/`, admin)).json()['Women U10'];
    // Amy 10 + 5 + 10 + 5 = 30, best 2 = 20, qualified with 2 races; Beth 5 + 10 + 10 = 25, best 2 = 20
    expect(
      rows.map((r: Record<string, unknown>) => [r.name, r.category_points_total, r.category_best_4, r.is_qualified]),
    ).toEqual([
      ['Amy', 30, 20, true],
      ['Beth', 25, 20, true],
    ]);
    const settings = (await api('GET', `/public/season-settings/${YEAR}/`)).json();
    expect(settings.how_points_work).toEqual(howPointsWork({ pointsTable: [10, 5], countingRaces: 2 }));
  });

  it('refuses settings that cannot be a points table, and keeps the defaults', async () => {
    const res = await api('PUT', `/season-settings/${YEAR}/`, root, { points_table: [5, 10], counting_races: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.points_table).toEqual([RESULTS_MSG.pointsTableInvalid]);
    const got = (await api('GET', `/season-settings/${YEAR}/`, admin)).json();
    expect(got).toMatchObject({ points_table: [...DEFAULT_POINTS_TABLE], counting_races: 4 });
  });

  it.each([
    [{ points_table: [10], counting_races: 0 }, 'counting_races', RESULTS_MSG.countingRacesInvalid(7)],
    [{ points_table: [10], counting_races: 8 }, 'counting_races', RESULTS_MSG.countingRacesInvalid(7)],
    [{ points_table: [10], counting_races: 2.5 }, 'counting_races', RESULTS_MSG.countingRacesInvalid(7)],
    [{ points_table: [10], counting_races: '4' }, 'counting_races', RESULTS_MSG.countingRacesInvalid(7)],
    [{ points_table: [], counting_races: 4 }, 'points_table', RESULTS_MSG.pointsTableLength(MAX_POINTS_PLACES)],
    [{ points_table: ['10'], counting_races: 4 }, 'points_table.0', RESULTS_MSG.pointsTableInvalid],
    [{ points_table: 10, counting_races: 4 }, 'points_table', RESULTS_MSG.pointsTableInvalid],
  ])('refuses %j in its own words', async (body, field, message) => {
    const res = await api('PUT', `/season-settings/${YEAR}/`, root, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('the public results', () => {
  it('need no sign-in, list only events with calculated results, and follow every write', async () => {
    expect((await api('GET', '/public/race-events/')).json()).toEqual([]);
    await api('POST', `/race-events/${eventId}/upload-results/`, root, uploadOf(FILES.twoRun, 'HEM', YEAR));
    const events = (await api('GET', '/public/race-events/')).json();
    expect(events.map((e: { year: number }) => e.year)).toEqual([YEAR]);
    expect(
      events[0].club_results
        .filter((c: { points_calculated: boolean }) => c.points_calculated)
        .map((c: { club_id: string }) => c.club_id),
    ).toEqual(['HEM']);
    const categories = (await api('GET', `/public/race-events/${eventId}/category-results/?slope_id=HEM`)).json();
    expect(categories['Women U10'].map((r: { name: string }) => r.name)).toEqual([
      'Smith, Amy',
      'Beth Jones',
      'Cara Lee',
      'Dana Cole',
    ]);
    expect((await api('GET', `/public/race-events/${eventId}/overall-standings/?slope_id=HEM`)).statusCode).toBe(200);
    expect((await api('GET', `/public/race-events/${eventId}/club-points/?slope_id=HEM`)).json()[0]).toMatchObject({
      club_id: 'HEM',
      total_points: 180,
    });
    expect(Object.keys((await api('GET', `/public/season-totals/${YEAR}/`)).json())).toEqual([
      'Women U08',
      'Women U10',
      'Men U14',
    ]);

    // a re-upload shows at once, though the answers above were cached
    await api('POST', `/race-events/${eventId}/upload-results/`, root, {
      club_id: 'HEM',
      year: YEAR,
      results: [resultRow({ name: 'New Name' })],
    });
    const after = (await api('GET', `/public/race-events/${eventId}/category-results/?slope_id=HEM`)).json();
    expect(Object.keys(after)).toEqual(['Women U14']);
    expect(after['Women U14'][0].name).toBe('New Name');
    await api('DELETE', `/race-events/${eventId}/club-data/HEM/`, root);
    expect((await api('GET', '/public/race-events/')).json()).toEqual([]);
  });

  it('answer 404 for an unknown event and 400 for a year that is not one', async () => {
    expect((await api('GET', '/public/race-events/999/')).statusCode).toBe(404);
    expect((await api('GET', '/public/race-events/999/category-results/?slope_id=HEM')).statusCode).toBe(404);
    expect((await api('GET', '/public/season-totals/20x6/')).statusCode).toBe(400);
    expect((await api('GET', '/public/season-totals/1999/')).statusCode).toBe(400);
    expect((await api('GET', '/public/season-totals/2026/?group=kids')).statusCode).toBe(400);
  });
});
