import { eq } from 'drizzle-orm';
import { RESULT_CATEGORIES, type ResultRow } from '../../domain/results/index.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { createRaceEvent, uploadResults } from '../results/service.ts';

const FIRST = ['Amy', 'Ben', 'Cara', 'Dan', 'Ella', 'Finn', 'Grace', 'Harry', 'Isla', 'Jack', 'Kate', 'Leo'];
const LAST = ['Walker', 'Hughes', 'Patel', 'Green', 'Khan', 'Wood', 'Price', 'Bell', 'Ward', 'Shaw'];
const CLUBS = ['HEM', 'BRE', 'ESX', 'WGC', 'VIK', 'NOR', 'SMK', 'Chiltern Snowsports'];
/** The demo season's club races, in the order they ran. */
const THIS_YEAR = ['HEM', 'BRE', 'ESX', 'WGC'];
const LAST_YEAR = ['VIK', 'NOR', 'SMK'];
export const DEMO_RACERS = 64;

/** A small deterministic generator: the demo season is the same on every start. */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** A club race's rows: `racers` racers numbered from 3001 (the same racers in every race of the
 * year), about one in five missing it, a few falling; the bench uses it at 500 racers. */
export function demoResultRows(race: number, year: number, racers = DEMO_RACERS): ResultRow[] {
  const random = generator(year * 10 + race);
  const rows: ResultRow[] = [];
  for (let i = 0; i < racers; i++) {
    // about one racer in five misses a race: some finish the season without qualifying
    if ((i * 7 + race * 3) % 5 === 0) continue;
    const cat = RESULT_CATEGORIES[i % RESULT_CATEGORIES.length] ?? 'U14';
    const base = 28 + (RESULT_CATEGORIES.length - (i % RESULT_CATEGORIES.length)) * 0.9 + (i % 6) * 0.35;
    const run = () => (base + random() * 2.5).toFixed(2);
    const fell = (i + race) % 17 === 0;
    rows.push({
      racer_id: String(3001 + i),
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5 + Math.floor(i / 12)) % LAST.length]}`,
      club: CLUBS[(i * 3) % CLUBS.length] ?? 'HEM',
      gender: i % 2 === 0 ? 'Women' : 'Men',
      cat,
      time: '',
      run_1: fell ? 'DNF' : run(),
      run_2: (i + race) % 23 === 0 ? 'DNF' : run(),
      run_3: '',
      manual_time: false,
      line: rows.length + 3,
    });
  }
  return rows;
}

/**
 * A demo results season (issue 10), so `/results` shows something on a fresh start: four club
 * races this year and three last year, uploaded through the same service as the admin panel (the
 * rows are checked and the times computed as for any file).
 */
export async function seedResults(ctx: AppContext, now = new Date()): Promise<void> {
  const [uploader] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'superadmin'));
  if (!uploader) return;
  const year = now.getUTCFullYear();
  for (const [season, clubs] of [
    [year - 1, LAST_YEAR],
    [year, THIS_YEAR],
  ] as const) {
    const event = await createRaceEvent(ctx, { year: season });
    for (const [race, clubId] of clubs.entries()) {
      await uploadResults(ctx, uploader.id, event.id, {
        clubId,
        clubName: '',
        year: season,
        threeRuns: false,
        results: demoResultRows(race, season),
      });
    }
  }
}
