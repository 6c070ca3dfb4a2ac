/**
 * The results benchmark (issue 10): a season of 7 club races × 500 racers, each uploaded and
 * calculated through the admin call the Points panel makes, then the season totals read fresh
 * (the admin reads are never cached: they derive the season from every row). Budgets: under 1 s
 * per race, under 2 s for the season totals, on the embedded database and on PostgreSQL. The app
 * runs as deployed, in its own process; this process sends one request at a time, timed to the
 * last byte.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POINTS_CLUBS } from '../../src/domain/results/index.ts';
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { type Database, migrateDatabase, openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { demoResultRows } from '../../src/server/seed/seed-results.ts';
import { median } from './http.ts';
import { freshPostgres, startApp } from './processes.ts';

export const RACERS = 500;
export const RACE_BUDGET_MS = 1_000;
export const SEASON_BUDGET_MS = 2_000;
const YEAR = 2026;
const ADMIN = { username: 'benchresults', password: 'Bench#Results2026' };
const SEASON_REPEATS = Number(process.env.BENCH_RESULTS_REPEATS ?? 5);

export interface ResultsTiming {
  engine: 'PGlite' | 'PostgreSQL';
  name: string;
  /** The slowest of the runs (each race once; the season reads SEASON_REPEATS times). */
  worstMs: number;
  medianMs: number;
  budgetMs: number;
  problem?: string;
}

async function seedAdmin(database: Database): Promise<void> {
  await migrateDatabase(database);
  await database.db.insert(users).values({
    username: ADMIN.username,
    email: 'bench.results@example.org',
    passwordHash: await hashPassword(ADMIN.password),
    firstName: 'Bench',
    lastName: 'Results',
    role: 'admin',
    adminLevel: 'SUPER',
    isSuperuser: true,
  });
}

async function call(url: string, access: string, method = 'GET', body?: unknown) {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${access}`,
      'accept-encoding': 'gzip, br',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { ms: performance.now() - started, status: res.status, text };
}

async function measureEngine(engine: ResultsTiming['engine'], port: number): Promise<ResultsTiming[]> {
  let app: Awaited<ReturnType<typeof startApp>>;
  let drop = async () => {};
  if (engine === 'PGlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'piste-bench-results-'));
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await seedAdmin(database);
    await database.close();
    app = await startApp(port, { dataDir, env: { SEED_DEMO: 'false' } });
  } else {
    const fresh = await freshPostgres('piste_bench_results');
    const database = await openDatabase({ url: fresh.url, poolSize: 2 });
    await seedAdmin(database);
    await database.close();
    app = await startApp(port, { env: { DATABASE_URL: fresh.url, SEED_DEMO: 'false' } });
    drop = fresh.drop;
  }
  try {
    const login = await fetch(`${app.url}/api/v1/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`the bench administrator could not sign in: ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const created = await call(`${app.url}/api/v1/race-events/create/`, access, 'POST', { year: YEAR });
    if (created.status !== 201) throw new Error(`creating the race event answered ${created.status}`);
    const eventId = (JSON.parse(created.text) as { id: number }).id;

    const results: ResultsTiming[] = [];
    const record = (name: string, runs: number[], budgetMs: number, problem?: string) => {
      const t: ResultsTiming = {
        engine,
        name,
        worstMs: Math.max(...runs),
        medianMs: median(runs),
        budgetMs,
        ...(problem ? { problem } : {}),
      };
      results.push(t);
      console.log(
        `${resultsVerdict(t).padEnd(5)} ${engine.padEnd(10)} ${name.padEnd(44)} worst ${t.worstMs.toFixed(0).padStart(6)} ms  median ${t.medianMs.toFixed(0).padStart(6)} ms  (budget ${budgetMs} ms)${problem ? `  ${problem}` : ''}`,
      );
    };

    const raceRuns: number[] = [];
    let raceProblem: string | undefined;
    for (const [race, club] of POINTS_CLUBS.entries()) {
      const rows = demoResultRows(race, YEAR, RACERS);
      const r = await call(`${app.url}/api/v1/race-events/${eventId}/upload-results/`, access, 'POST', {
        club_id: club.code,
        club_name: club.name,
        year: YEAR,
        three_runs: false,
        results: rows,
      });
      if (r.status !== 200) raceProblem = `${club.code} answered ${r.status}: ${r.text.slice(0, 200)}`;
      raceRuns.push(r.ms);
    }
    record(`upload and calculate a race (${RACERS} racers, ×7)`, raceRuns, RACE_BUDGET_MS, raceProblem);

    for (const [name, path] of [
      ['season totals by category', `/api/v1/season-totals/${YEAR}/`],
      ['season totals, one group', `/api/v1/season-totals/${YEAR}/?group=senior_men`],
      ['season club points', `/api/v1/season-totals/${YEAR}/?club_points=true`],
      ["a race's category results (season figures)", `/api/v1/race-events/${eventId}/category-results/?slope_id=NOR`],
    ] as const) {
      const runs: number[] = [];
      let problem: string | undefined;
      for (let i = 0; i < 1 + SEASON_REPEATS; i++) {
        const r = await call(`${app.url}${path}`, access);
        if (r.status !== 200) problem = `answered ${r.status}`;
        if (i > 0) runs.push(r.ms);
      }
      record(name, runs, SEASON_BUDGET_MS, problem);
    }
    return results;
  } finally {
    await app.stop();
    await drop();
  }
}

/** PASS when even the slowest run is within the budget. */
export function resultsVerdict(t: ResultsTiming): string {
  if (t.problem) return 'FAIL';
  return t.worstMs <= t.budgetMs ? 'PASS' : 'FAIL';
}

export async function benchResults(port: number): Promise<ResultsTiming[]> {
  console.log(`\nResults: a season of 7 club races × ${RACERS} racers; one request at a time`);
  return [...(await measureEngine('PGlite', port)), ...(await measureEngine('PostgreSQL', port))];
}

export function resultsReport(timings: ResultsTiming[]): string[] {
  return [
    '',
    `## Results and points (7 club races × ${RACERS} racers)`,
    '',
    `The app as deployed in its own process on an empty database with one super administrator; each club race uploaded and calculated once through \`POST /race-events/{id}/upload-results/\` (the rows re-validated, times recomputed, the club's rows replaced in one transaction); then each season read ${SEASON_REPEATS} times after one to warm up, uncached as the admin reads are (every read derives the season from all ${7 * RACERS} rows). Budget: every race under ${RACE_BUDGET_MS / 1000} s, every season read under ${SEASON_BUDGET_MS / 1000} s. The public results reads are cached and measured with the other public reads above.`,
    '',
    '| database | call | worst ms | median ms | budget ms | verdict |',
    '|---|---|---:|---:|---:|---|',
    ...timings.map(
      (t) =>
        `| ${t.engine} | ${t.name} | ${t.worstMs.toFixed(0)} | ${t.medianMs.toFixed(0)} | ${t.budgetMs} | ${resultsVerdict(t)}${t.problem ? `: ${t.problem}` : ''} |`,
    ),
  ];
}
