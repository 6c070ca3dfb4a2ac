import { describe, expect, it } from 'vitest';
import type { StartListEntry } from './api.ts';
import { byCategory, NO_CATEGORY } from './model.ts';

const entry = (user_id: number, bib: number | null, group: string | null): StartListEntry => ({
  user_id,
  bib,
  racer_id: user_id,
  first_name: 'A',
  last_name: `R${user_id}`,
  gender: null,
  birth_year: null,
  club: 'HEM',
  category: null,
  group,
});

describe('start list tables', () => {
  it('one per category in the results order (Women then Men, young first), no category last, by bib inside', () => {
    const tables = byCategory([
      entry(1, 9, 'Men U10'),
      entry(2, null, null),
      entry(3, 4, 'Women U12'),
      entry(4, 2, 'Men U10'),
      entry(5, 7, 'Women U10'),
      entry(6, null, 'Women U10'),
    ]);
    expect(tables.map((t) => [t.title, t.entries.map((e) => e.user_id)])).toEqual([
      ['Women U10', [5, 6]],
      ['Men U10', [4, 1]],
      ['Women U12', [3]],
      [NO_CATEGORY, [2]],
    ]);
  });
});
