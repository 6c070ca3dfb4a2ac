import { describe, expect, it } from 'vitest';
import { toCsv } from '../../domain/csv.ts';
import type { ClubPointsRow, RaceRow, SeasonRow } from './api.ts';
import { CLUB_COLUMNS, raceColumns, seasonColumns, viewCsv } from './columns.ts';

const figures = {
  category_points_total: 180,
  category_best_4: 160,
  overall_points_total: 150,
  overall_best_4: 140.5,
  is_qualified: true,
  races_needed: 0,
  races_participated: 4,
};
const race = (over: Partial<RaceRow>): RaceRow => ({
  ...figures,
  position: 1,
  racer_id: '123',
  name: 'Smith, Amy',
  club: 'HEM',
  category: 'Women U10',
  time: '31.5',
  points: 100,
  club_points: 10,
  ...over,
});

describe('the results CSV of the shown view (issue 26)', () => {
  it('has the columns the page shows, a section column, rows ranked as on the page, empty sections left out', () => {
    const csv = viewCsv(
      raceColumns('ERSA', 4, 'category'),
      [
        [
          'Women U10',
          [
            race({ position: 0, racer_id: '9', name: 'Unranked, Una', time: 'DNF', points: null }),
            race({ position: 2, racer_id: '2', name: 'Lee, Cara', is_qualified: false, races_needed: 3 }),
            race({}),
          ],
        ],
        ['Men U10', []],
      ],
      'Category',
    );
    expect(csv.headers).toEqual(['Category', 'Pos', 'ERSA ID', 'Name', 'Club', 'Time', 'Points', 'Best 4']);
    expect(csv.rows).toEqual([
      ['Women U10', '1', '123', 'Smith, Amy', 'HEM', '31.50', '100.00', '160.00'],
      ['Women U10', '2', '2', 'Lee, Cara', 'HEM', '31.50', '100.00', '160.00 DNQ'],
      ['Women U10', '–', '9', 'Unranked, Una', 'HEM', 'DNF', '999.99', '160.00'],
    ]);
  });

  it('shows the overall figures and the category column in the season’s overall groups, the Best N of the season', () => {
    const row: SeasonRow = { ...figures, position: 3, racer_id: '7', name: 'Hall, Finn', club: 'BRE', category: 'U14' };
    const csv = viewCsv(seasonColumns('ERSA', 3, 'overall'), [['Men U14-MA4', [row]]], 'Group');
    expect(csv.headers).toEqual(['Group', 'Pos', 'ERSA ID', 'Name', 'Club', 'Category', 'Races', 'Total', 'Best 3']);
    expect(csv.rows).toEqual([['Men U14-MA4', '3', '7', 'Hall, Finn', 'BRE', 'U14', '4', '150.00', '140.50']]);
    expect(viewCsv(seasonColumns('ERSA', 4, 'category'), [['U14', [row]]], 'Category').rows[0]).toEqual([
      'U14',
      '3',
      '7',
      'Hall, Finn',
      'BRE',
      '4',
      '180.00',
      '160.00',
    ]);
  });

  it('club points are one table with no section column', () => {
    const clubs: ClubPointsRow[] = [
      { position: 1, club_id: 'HEM', club_name: 'Hemel Ski Race Club', total_points: 55 },
    ];
    expect(viewCsv(CLUB_COLUMNS, [['', clubs]], null)).toEqual({
      headers: ['Pos', 'Club', 'Points'],
      rows: [['1', 'Hemel Ski Race Club (HEM)', '55.00']],
    });
  });

  it('goes through the formula-safe CSV helper: a name that would start a formula is quoted', () => {
    const csv = viewCsv(raceColumns('ERSA', 4, 'category'), [['U10', [race({ name: '=HYPERLINK("x")' })]]], 'Category');
    expect(toCsv(csv.headers, csv.rows).split('\r\n')[1]).toBe(
      `U10,1,123,"'=HYPERLINK(""x"")",HEM,31.50,100.00,160.00`,
    );
  });
});
