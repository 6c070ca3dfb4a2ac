import { describe, expect, it } from 'vitest';
import { ALLOCATION_MSG, allocateBibs, type Entrant, SEED_GROUP_SIZE, seededRandom, startOrder } from './allocate.ts';

let id = 0;
const entrant = (over: Partial<Entrant>): Entrant => ({
  userId: ++id,
  firstName: 'Pat',
  lastName: `Racer${id}`,
  gender: 'Women',
  category: 'U12',
  seed: null,
  ...over,
});
const never = () => {
  throw new Error('no draw in category order');
};

describe('start order', () => {
  it('category order: the spec’s order (Women then Men per category), then by name; no category last', () => {
    const list = [
      entrant({ lastName: 'Zed', gender: 'Men', category: 'U10' }),
      entrant({ lastName: 'None', category: null }),
      entrant({ lastName: 'Brown', gender: 'Women', category: 'U10' }),
      entrant({ lastName: 'adams', gender: 'Women', category: 'U10' }),
      entrant({ lastName: 'Old', gender: 'Men', category: 'MA4' }),
      entrant({ lastName: 'Young', gender: 'Women', category: 'U08' }),
    ];
    expect(startOrder(list, 'category', never).map((e) => e.lastName)).toEqual([
      'Young',
      'adams',
      'Brown',
      'Zed',
      'Old',
      'None',
    ]);
  });

  it('seeded draw: groups of 15 by seed (best first, unseeded last), drawn inside each group, repeatable', () => {
    const list = Array.from({ length: 20 }, (_, i) => entrant({ seed: i < 18 ? 100 + i : null }));
    const a = startOrder(list, 'seeded', seededRandom(42));
    const b = startOrder(list, 'seeded', seededRandom(42));
    expect(a.map((e) => e.userId)).toEqual(b.map((e) => e.userId));
    const best15 = [...list]
      .filter((e) => e.seed !== null)
      .sort((x, y) => (y.seed ?? 0) - (x.seed ?? 0))
      .slice(0, SEED_GROUP_SIZE)
      .map((e) => e.userId);
    expect(
      a
        .slice(0, 15)
        .map((e) => e.userId)
        .sort(),
    ).toEqual([...best15].sort());
    // the draw changed the order inside the first group
    expect(a.slice(0, 15).map((e) => e.userId)).not.toEqual(best15);
    // the two unseeded are the last
    expect(a.slice(18).map((e) => e.seed)).toEqual([null, null]);
    expect(startOrder(list, 'seeded', seededRandom(7)).map((e) => e.userId)).not.toEqual(a.map((e) => e.userId));
  });

  it('seeded draw keeps categories apart', () => {
    const list = [entrant({ category: 'U14', seed: 900 }), entrant({ category: 'U10', seed: 1 })];
    expect(startOrder(list, 'seeded', seededRandom(1)).map((e) => e.category)).toEqual(['U10', 'U14']);
  });
});

describe('allocateBibs', () => {
  it('numbers from the first bib, skipping reserved numbers', () => {
    const list = [entrant({ lastName: 'A' }), entrant({ lastName: 'B' }), entrant({ lastName: 'C' })];
    const { bibs, error } = allocateBibs({
      entrants: list,
      order: 'category',
      firstBib: 10,
      reserved: new Set([11, 12]),
      random: never,
    });
    expect(error).toBeNull();
    expect(list.map((e) => bibs.get(e.userId))).toEqual([10, 13, 14]);
  });

  it('new entrants only: kept bibs stay, the new get numbers past the highest kept, skipping reserved', () => {
    const a = entrant({});
    const b = entrant({});
    const c = entrant({ lastName: 'A' });
    const d = entrant({ lastName: 'B' });
    const { bibs } = allocateBibs({
      entrants: [a, b, c, d],
      order: 'category',
      firstBib: 1,
      reserved: new Set([6]),
      kept: new Map([
        [a.userId, 1],
        [b.userId, 5],
      ]),
      random: never,
    });
    expect(bibs.size).toBe(2);
    expect([bibs.get(c.userId), bibs.get(d.userId)]).toEqual([7, 8]);
  });

  it('says so when the numbers run out', () => {
    const r = allocateBibs({
      entrants: [entrant({}), entrant({})],
      order: 'category',
      firstBib: 9999,
      reserved: new Set(),
      random: never,
    });
    expect(r.error).toBe(ALLOCATION_MSG.outOfNumbers);
    expect(r.bibs.size).toBe(0);
  });
});
