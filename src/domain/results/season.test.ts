import { describe, expect, it } from 'vitest';
import { raceEntries } from './entries.ts';
import { byPosition, clubTotals, placings, type ScoredEntry, scoreRace } from './points.ts';
import { type ResultRow, settleRow } from './rows.ts';
import { type SeasonRace, seasonByCategory, seasonByGroup, seasonClubTotals, seasonRacers } from './season.ts';
import { DEFAULT_POINTS_TABLE, defaultPointsSettings, type PointsSettings } from './settings.ts';

/**
 * A season worked out by hand (decisions.md → Results and points), four club races on the default
 * table (100, 80, 60, 50, …):
 *
 * Racers: Amy 101 (W U10, HEM), Beth 102 (W U10, Brentwood → BRE), Cara 103 (W U10, Essex → ESX),
 * Dana 104 (W U10, Chelsea Ski Club → OTHER), Gia 105 (W U08, WGC), Ed 201 (M U14, Vikings →
 * VIK), Finn 202 (M U14, HEM).
 *
 * Race 1: Gia 29.50; Amy 30.00; Beth 31.00 = Cara 31.00; Dana DNF (two runs DNF: DNCR); Ed 40.00;
 *   Finn 41.50.
 *   W U10: Amy 1st 100, Beth and Cara share 2nd (places 2–3: (80+60)/2 = 70), Dana 0 (position 0).
 *   W U08: Gia 100. M U14: Ed 100, Finn 80.
 *   Overall W U08-U12: Gia 100, Amy 80, Beth = Cara 3rd ((60+50)/2 = 55), Dana 0.
 *   Club points: HEM 100+80 = 180, WGC 100, VIK 100, BRE 70, ESX 70 → HEM 1, WGC 2, VIK 2, BRE 4, ESX 4
 *   (clubs on equal points in the order of the logos: HEM, BRE, ESX, WGC, VIK, NOR, SMK).
 * Race 2 (Cara DNS: not uploaded): Beth 30.50, Dana 31.00, Amy 32.00, Gia 35.00; Ed 41.00 = Finn 41.00.
 *   W U10: Beth 100, Dana 80, Amy 60. W U08: Gia 100. M U14: Ed = Finn 1st ((100+80)/2 = 90).
 *   Overall W: Beth 100, Dana 80, Amy 60, Gia 50. Overall M: Ed 90, Finn 90.
 *   Club points: HEM 60+90 = 150, BRE 100, WGC 100, VIK 90 (Dana scores for no club).
 * Race 3: Amy 29.99, Beth 30.00, Cara 30.001 (30.00 to the hundredth: ties with Beth), Gia DSQ; Ed 40.00.
 *   W U10: Amy 100, Beth = Cara 70. W U08: Gia 0. M U14: Ed 100.
 *   Overall W: Amy 100, Beth = Cara 70, Gia 0.
 *   Club points: HEM 100, VIK 100, BRE 70, ESX 70, WGC 0 → HEM 1, VIK 1, BRE 3, ESX 3, WGC 5.
 * Race 4: Gia 28.00, Dana 30.00, Amy 31.00, Beth DNF; Finn 38.00, Ed 39.00.
 *   W U10: Dana 100, Amy 80, Beth 0. W U08: Gia 100. M U14: Finn 100, Ed 80.
 *   Overall W: Gia 100, Dana 80, Amy 60, Beth 0.
 *   Club points: HEM 80+100 = 180, WGC 100, VIK 80, BRE 0.
 *
 * Season (best 4, qualify with 4 races; a DNF is a race):
 *   Amy: 100+60+100+80 = 340, best 4 340, 4 races, qualified. Overall 80+60+100+60 = 300.
 *   Beth: 70+100+70+0 = 240, 4 races, qualified. Overall 55+100+70+0 = 225.
 *   Cara: 70+70 = 140, 2 races, 2 needed. Overall 55+70 = 125.
 *   Dana: 0+80+100 = 180, 3 races, 1 needed. Overall 0+80+80 = 160.
 *   Gia: 100+100+0+100 = 300, qualified. Overall 100+50+0+100 = 250.
 *   Ed: 100+90+100+80 = 370, qualified. Finn: 80+90+100 = 270, 1 needed.
 *   W U10: Amy 1, Beth 2, Dana 3, Cara 4. Overall Women U08-U12: Amy 300, Gia 250, Beth 225, Dana 160, Cara 125.
 *   Clubs: HEM 180+150+100+180 = 610, VIK 100+90+100+80 = 370, WGC 100+100+0+100 = 300,
 *   BRE 70+100+70+0 = 240, ESX 70+70 = 140.
 * With 3 counting races: Amy best 3 = 100+100+80 = 280, Ed 100+100+90 = 290, Finn qualifies (3 races).
 */
const people = {
  amy: ['101', 'Amy', 'HEM', 'Women', 'U10'],
  beth: ['102', 'Beth', 'Brentwood', 'Women', 'U10'],
  cara: ['103', 'Cara', 'Essex', 'Women', 'U10'],
  dana: ['104', 'Dana', 'Chelsea Ski Club', 'Women', 'U10'],
  gia: ['105', 'Gia', 'WGC', 'Women', 'U08'],
  ed: ['201', 'Ed', 'Vikings', 'Men', 'U14'],
  finn: ['202', 'Finn', 'HEM', 'Men', 'U14'],
} as const;
type Who = keyof typeof people;

function race(runs: [Who, string, string][]): ScoredEntry[] {
  const rows: ResultRow[] = runs.map(([who, run1, run2], i) => {
    const [racer_id, name, club, gender, cat] = people[who];
    return settleRow(
      {
        racer_id,
        name,
        club,
        gender,
        cat,
        time: '',
        run_1: run1,
        run_2: run2,
        run_3: '',
        manual_time: false,
        line: i + 3,
      },
      false,
    );
  });
  return scoreRace(raceEntries(rows), defaultPointsSettings());
}

const race1 = race([
  ['gia', '29.50', '30.00'],
  ['amy', '30.00', '30.50'],
  ['beth', '31.00', 'DNF'],
  ['cara', '31.20', '31.00'],
  ['dana', 'DNF', 'DNF'],
  ['ed', '40.00', '40.20'],
  ['finn', '41.50', '42.00'],
]);
const race2 = race([
  ['beth', '30.50', '31.00'],
  ['dana', '31.00', 'DSQ'],
  ['amy', '32.00', '33.00'],
  ['gia', '35.00', '36.00'],
  ['ed', '41.00', '41.50'],
  ['finn', '41.00', 'DNF'],
]);
const race3 = race([
  ['amy', '29.99', '30.50'],
  ['beth', '30.00', '30.10'],
  ['cara', '30.001', '31.00'],
  ['gia', 'DSQ', 'DNF'],
  ['ed', '40.00', '40.00'],
]);
const race4 = race([
  ['gia', '28.00', '29.00'],
  ['dana', '30.00', '30.00'],
  ['amy', '31.00', '31.50'],
  ['beth', 'DNF', 'DNF'],
  ['finn', '38.00', '38.50'],
  ['ed', '39.00', '39.10'],
]);
const season: SeasonRace[] = [race1, race2, race3, race4].map((entries, i) => ({ order: i + 1, entries }));

const pts = (hundredths: number) => hundredths / 100;
const table = (scored: ScoredEntry[], key: string, by: 'inCategory' | 'overall') =>
  scored
    .filter((e) => (by === 'inCategory' ? e.categoryKey : e.overallGroup) === key)
    .map((e) => ({
      position: e[by].position,
      name: e.name,
      time: 'hundredths' in e.time ? pts(e.time.hundredths) : e.time.mark,
      points: pts(e[by].points),
    }))
    .sort(byPosition)
    .map((r) => [r.position, r.name, r.time, r.points]);
const clubs = (scored: ScoredEntry[]) => clubTotals(scored).map((c) => [c.position, c.club_id, pts(c.total)]);

describe('race 1', () => {
  it('ranks each category by time, tied racers sharing the average, no time last with 0', () => {
    expect(table(race1, 'Women U10', 'inCategory')).toEqual([
      [1, 'Amy', 30, 100],
      [2, 'Beth', 31, 70],
      [2, 'Cara', 31, 70],
      [0, 'Dana', 'DNCR', 0],
    ]);
    expect(table(race1, 'Women U08', 'inCategory')).toEqual([[1, 'Gia', 29.5, 100]]);
    expect(table(race1, 'Men U14', 'inCategory')).toEqual([
      [1, 'Ed', 40, 100],
      [2, 'Finn', 41.5, 80],
    ]);
  });
  it('ranks the overall groups on the same table', () => {
    expect(table(race1, 'junior_women', 'overall')).toEqual([
      [1, 'Gia', 29.5, 100],
      [2, 'Amy', 30, 80],
      [3, 'Beth', 31, 55],
      [3, 'Cara', 31, 55],
      [0, 'Dana', 'DNCR', 0],
    ]);
  });
  it("adds up each points club's category points; equal totals share the place; OTHER scores for no club", () => {
    expect(clubs(race1)).toEqual([
      [1, 'HEM', 180],
      [2, 'WGC', 100],
      [2, 'VIK', 100],
      [4, 'BRE', 70],
      [4, 'ESX', 70],
    ]);
    expect(race1.find((e) => e.name === 'Dana')?.clubCode).toBe('OTHER');
    expect(race1.find((e) => e.name === 'Dana')?.club).toBe('Chelsea Ski Club');
  });
});

describe('races 2 to 4', () => {
  it('race 2: a tie for first shares (100+80)/2', () => {
    expect(table(race2, 'Men U14', 'inCategory')).toEqual([
      [1, 'Ed', 41, 90],
      [1, 'Finn', 41, 90],
    ]);
    expect(table(race2, 'junior_women', 'overall')).toEqual([
      [1, 'Beth', 30.5, 100],
      [2, 'Dana', 31, 80],
      [3, 'Amy', 32, 60],
      [4, 'Gia', 35, 50],
    ]);
    expect(clubs(race2)).toEqual([
      [1, 'HEM', 150],
      [2, 'BRE', 100],
      [2, 'WGC', 100],
      [4, 'VIK', 90],
    ]);
  });
  it('race 3: times equal to the hundredth tie', () => {
    expect(table(race3, 'Women U10', 'inCategory')).toEqual([
      [1, 'Amy', 29.99, 100],
      [2, 'Beth', 30, 70],
      [2, 'Cara', 30, 70],
    ]);
    expect(clubs(race3)).toEqual([
      [1, 'HEM', 100],
      [1, 'VIK', 100],
      [3, 'BRE', 70],
      [3, 'ESX', 70],
      [5, 'WGC', 0],
    ]);
  });
  it('race 4', () => {
    expect(table(race4, 'Women U10', 'inCategory')).toEqual([
      [1, 'Dana', 30, 100],
      [2, 'Amy', 31, 80],
      [0, 'Beth', 'DNCR', 0],
    ]);
    expect(clubs(race4)).toEqual([
      [1, 'HEM', 180],
      [2, 'WGC', 100],
      [3, 'VIK', 80],
      [4, 'BRE', 0],
    ]);
  });
});

describe('the season', () => {
  const racers = seasonRacers(season, defaultPointsSettings());
  const row = (id: string) => {
    const r = racers.get(id);
    if (!r) throw new Error(`no racer ${id}`);
    return [
      pts(r.categoryTotal),
      pts(r.categoryBest),
      pts(r.overallTotal),
      pts(r.overallBest),
      r.races,
      r.qualified,
      r.racesNeeded,
    ];
  };

  it('adds each racer up: totals, best 4, races, qualification and races needed', () => {
    expect(row('101')).toEqual([340, 340, 300, 300, 4, true, 0]);
    expect(row('102')).toEqual([240, 240, 225, 225, 4, true, 0]);
    expect(row('103')).toEqual([140, 140, 125, 125, 2, false, 2]);
    expect(row('104')).toEqual([180, 180, 160, 160, 3, false, 1]);
    expect(row('105')).toEqual([300, 300, 250, 250, 4, true, 0]);
    expect(row('201')).toEqual([370, 370, 370, 370, 4, true, 0]);
    expect(row('202')).toEqual([270, 270, 270, 270, 3, false, 1]);
  });

  it('ranks the category tables and the overall groups', () => {
    const byCategory = seasonByCategory(racers);
    expect(byCategory.get('Women U10')?.map((r) => [r.position, r.name, pts(r.categoryBest)])).toEqual([
      [1, 'Amy', 340],
      [2, 'Beth', 240],
      [3, 'Dana', 180],
      [4, 'Cara', 140],
    ]);
    const byGroup = seasonByGroup(racers);
    expect(byGroup.get('junior_women')?.map((r) => [r.position, r.name, pts(r.overallBest)])).toEqual([
      [1, 'Amy', 300],
      [2, 'Gia', 250],
      [3, 'Beth', 225],
      [4, 'Dana', 160],
      [5, 'Cara', 125],
    ]);
    expect(byGroup.get('senior_men')?.map((r) => [r.position, r.name])).toEqual([
      [1, 'Ed'],
      [2, 'Finn'],
    ]);
  });

  it("adds up the clubs' points over the season", () => {
    expect(seasonClubTotals(season).map((c) => [c.position, c.club_id, pts(c.total)])).toEqual([
      [1, 'HEM', 610],
      [2, 'VIK', 370],
      [3, 'WGC', 300],
      [4, 'BRE', 240],
      [5, 'ESX', 140],
    ]);
  });

  it('counts the best 3 and qualifies with 3 races when the season says 3', () => {
    const three: PointsSettings = { pointsTable: [...DEFAULT_POINTS_TABLE], countingRaces: 3 };
    const r = seasonRacers(season, three);
    expect(pts(r.get('101')?.categoryBest ?? -1)).toBe(280);
    expect(pts(r.get('101')?.categoryTotal ?? -1)).toBe(340);
    expect(pts(r.get('201')?.categoryBest ?? -1)).toBe(290);
    expect([r.get('202')?.qualified, r.get('202')?.racesNeeded]).toEqual([true, 0]);
    expect([r.get('104')?.qualified, r.get('104')?.racesNeeded]).toEqual([true, 0]);
    expect([r.get('103')?.qualified, r.get('103')?.racesNeeded]).toEqual([false, 1]);
  });
});

describe('placings', () => {
  it('gives places beyond the table 0, and a tie across its end the average with 0', () => {
    const times = Array.from({ length: 32 }, (_, i) => 1000 + i);
    times[31] = times[30] as number; // 31st and 32nd tie
    const got = placings(times, DEFAULT_POINTS_TABLE);
    expect(got[29]).toEqual({ position: 30, points: 100 });
    expect(got[30]).toEqual({ position: 31, points: 0 });
    expect(got[31]).toEqual({ position: 31, points: 0 });
    expect(placings([5, 5], [1, 0])).toEqual([
      { position: 1, points: 50 },
      { position: 1, points: 50 },
    ]);
  });
  it('rounds a three-way share to the hundredth: (29+26+24)/3 = 26.33', () => {
    const got = placings([1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9], DEFAULT_POINTS_TABLE);
    expect(got.slice(8).map((p) => [p.position, p.points])).toEqual([
      [9, 2633],
      [9, 2633],
      [9, 2633],
    ]);
  });
  it('a racer identified across races by number, leading zeros aside', () => {
    const a = race([['amy', '30', '31']]);
    const b = race([['amy', '31', '32']]).map((e) => ({ ...e, racerId: '0101' }));
    const r = seasonRacers(
      [
        { order: 1, entries: a },
        { order: 2, entries: b },
      ],
      defaultPointsSettings(),
    );
    expect([...r.keys()]).toEqual(['101']);
    expect(r.get('101')?.races).toBe(2);
  });
});
